"""``SqlStore.purge`` / ``purge_many``: items' words out of every table, in one transaction (``store.purge``).

Items and revisions are rewritten by ``purge.purge_items``; the source turns get ``purge.purged_turn``'s
text and meta; the vectors of every item and turn touched and the rolling summaries of the turns' sessions
are deleted; the user's memory version moves on, so recall indexes re-read the items.

On SQLite a deleted or rewritten row's old bytes stay in the file's free space (and in the write-ahead
log) until SQLite reuses the page, so the purge runs with ``PRAGMA secure_delete`` (freed space is
zeroed), then checkpoints and truncates the write-ahead log and runs ``VACUUM``, which rewrites the file
without the free pages that earlier writes of the same rows left behind (a moment on a large store: the
whole file is copied). A purge of several items (``purge_many_sql``) does that clean-up once, after the one
transaction that purges them all, not once per item.
On PostgreSQL the old row versions stay as dead tuples until autovacuum or ``VACUUM`` reclaims them, as
after an erase (README, "Faults, secrets, sensitive data and erase").
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import TYPE_CHECKING

from sqlalchemy import and_, delete, or_, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import SQLAlchemyError

from memory_core.errors import StoreError, UnknownItem
from memory_core.model import Actor, utcnow
from memory_core.store.purge import PurgeReport, purge_items, purged_turn
from memory_core.store.sql_engine import BEGIN_KEY
from memory_core.store.sql_queries import _Q_COUNTERS, _Q_FENCE, _Q_TURNS_BY_IDS, _S, _T, _V, _turn_from_row
from memory_core.store.sql_rows import item_rows, write_rows
from memory_core.validation import check_id

if TYPE_CHECKING:
    from memory_core.store.sql import SqlStore

__all__ = ["RECLAIM", "purge_many_sql", "purge_sql", "reclaim"]

#: SQLite's clean-up after a purge's commit: the write-ahead log emptied, the file rewritten without free pages.
RECLAIM = ("PRAGMA wal_checkpoint(TRUNCATE)", "VACUUM", "PRAGMA wal_checkpoint(TRUNCATE)")


def reclaim(raw: sqlite3.Connection) -> None:
    """Run ``RECLAIM`` on an SQLite connection outside a transaction (a purge's last step).

    Raises:
        sqlite3.Error: the database failed.
    """
    for statement in RECLAIM:
        raw.execute(statement)


def purge_sql(store: SqlStore, user_id: str, item_id: str, reason: str, *, actor: str = Actor.USER) -> PurgeReport:
    """Purge ``item_id`` of ``user_id`` in ``store`` (``MemoryStore.purge``); return what was purged.

    Raises:
        UnknownItem: the user has no item with this id (nothing changed). StoreError: the database failed
            (nothing changed; on SQLite, a failed clean-up after the commit is raised too: the words are out
            of the tables, a retry of the purge rewrites the file).
    """
    return purge_many_sql(store, user_id, [item_id], reason, actor=actor)[0]


def purge_many_sql(store: SqlStore, user_id: str, item_ids: Sequence[str], reason: str, *,
                   actor: str = Actor.USER) -> list[PurgeReport]:
    """Purge every item of ``item_ids`` (``MemoryStore.purge_many``) in one transaction; on SQLite the file is
    then rewritten once (``RECLAIM``), however many items there were.

    Returns:
        one report per distinct id, in order; an id an earlier one already purged (a raw-turn item of the same
        turn) gets a report with empty lists, and no second audit revision.

    Raises:
        UnknownItem: one id is not an item of the user (nothing changed). StoreError: as ``purge_sql``.
    """
    user_id = check_id(user_id, "user id")
    ids = list(dict.fromkeys(item_ids))
    if not ids:
        return []
    try:
        with store.engine.connect() as conn:
            raw = conn.connection.driver_connection if store.is_sqlite else None
            if raw is not None:  # one connection: the pragma is per connection; no transaction is open
                raw.execute("PRAGMA secure_delete=ON")
                conn.info[BEGIN_KEY] = "BEGIN IMMEDIATE"
            try:
                with conn.begin():
                    reports: list[PurgeReport] = []
                    done: set[str] = set()
                    for item_id in ids:
                        reports.append(PurgeReport(item_id) if item_id in done else
                                       _purge_rows(store, conn, user_id, item_id, reason, actor))
                        done.update(reports[-1].items)
            finally:
                if raw is not None:
                    raw.execute("PRAGMA secure_delete=OFF")
            if raw is not None:
                reclaim(raw)
    except (SQLAlchemyError, sqlite3.Error) as exc:
        raise StoreError(f"database error: {exc}") from exc
    return reports


def _purge_rows(store: SqlStore, conn: Connection, user_id: str, item_id: str, reason: str,
                actor: str) -> PurgeReport:
    store._counter_row(conn, _Q_FENCE, {"uid": user_id})  # the user's counters row first: no curator meanwhile
    items = store._fetch(conn, user_id)
    if item_id not in items:
        raise UnknownItem(f"no memory item {item_id!r} for user {user_id!r}")
    before = {i: list(item.history) for i, item in items.items()}
    sources = list(dict.fromkeys(items[item_id].source))
    turns = [_turn_from_row(r) for r in conn.execute(_Q_TURNS_BY_IDS, {"uid": user_id, "tids": sources})] \
        if sources else []
    report = purge_items(items, item_id, turns, reason, actor=actor, at=utcnow())
    touched = [*report.items, *report.scrubbed]
    rows = item_rows(user_id, (items[i] for i in touched), before)
    version = store._counter_row(conn, _Q_COUNTERS[conn.dialect.name],
                                 {"uid": user_id, "bump": 1, "seq": None}).memory_version
    write_rows(conn, rows, version)
    for turn in turns:
        text, meta = purged_turn(turn, item_id)
        conn.execute(update(_T).where(_T.c.user_id == user_id, _T.c.turn_id == turn.turn_id)
                     .values(text=text, meta=meta))
    report.turns = [t.turn_id for t in turns]
    owned = [and_(_V.c.kind == "item", _V.c.owner_id.in_(touched))]
    if report.turns:
        owned.append(and_(_V.c.kind == "turn", _V.c.owner_id.in_(report.turns)))
    conn.execute(delete(_V).where(_V.c.user_id == user_id, or_(*owned)))
    sessions = sorted({t.session_id for t in turns})
    if sessions:
        conn.execute(delete(_S).where(_S.c.user_id == user_id, _S.c.session_id.in_(sessions),
                                      _S.c.slot == "summary"))
    return report
