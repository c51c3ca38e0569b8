"""The rows of an item write, built apart from running them (``SqlStore.apply``, ``apply_turns``).

A writer holds the user's counters row (its memory version) from the
version's UPDATE to the commit; a curator of the same user waits for it.
``item_rows`` does the Python work of a write (item and revision values)
with no database, so writers build rows first, then lock the counters row
and run ``write_rows``: the lock is held for the statements and the
commit only. A write that applies no turn (maintenance, a person's edit)
goes further: its rows are written first with a provisional stamp, then
the counters row is locked and the rows stamped with the new version just
before the commit: on PostgreSQL the bump and the stamp are one statement
(``bump_and_stamp``), so the row is held for one round trip and the commit;
the stamp is uncommitted until then, so ``changes_since`` readers never see it.

Why: the maintenance job runs at a low CPU priority (``nice``); a slice
descheduled while it held the lock made the user's curator wait for the CPU
it had yielded (a priority inversion, seen as lock waits of the curator's
backend only when maintenance ran: ``ops/bench/pg_waits.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import text, update
from sqlalchemy.engine import Connection

from memory_core.model import MemoryItem, Revision
from memory_core.store.sql_queries import (
    _M,
    _Q_ITEM_INSERT,
    _Q_ITEM_UPDATE,
    _Q_ITEM_UPDATE_STAMPED,
    _Q_REV_INSERT,
    _Q_REVS_DELETE,
    _item_values,
    _rev_values,
)

__all__ = ["Rows", "bump_and_stamp", "item_rows", "stamp_rows", "write_rows"]


@dataclass(slots=True)
class Rows:
    """The statements' parameters of one write (``_item_rows``), built before the user's counters row is locked.

    Attributes:
        user_id: whose items.
        new_items / changed: rows of the memories table to insert / update (the version stamp added on write).
        redo_history: item ids whose stored revisions are replaced (history not only appended to).
        new_revs: revision rows to insert.
    """

    user_id: str
    new_items: list[dict[str, Any]]
    changed: list[dict[str, Any]]
    redo_history: list[str]
    new_revs: list[dict[str, Any]]


def item_rows(user_id: str, items: Iterable[MemoryItem], before: dict[str, list[Revision]]) -> Rows:
    """The rows writing ``items`` takes (new items inserted, changed ones updated, only new revisions added
    when history grew at the end; ``before``: each stored item's history as read).

    Pure Python, no database: a writer builds them before it locks the user's counters row, so the
    lock is held for the statements and the commit only, never for this work (a maintenance process at
    a low CPU priority, descheduled while building rows under the lock, made the user's curator wait).
    """
    rows = Rows(user_id, [], [], [], [])
    for item in items:
        old = before.get(item.id)
        start = 0
        if old is None:
            rows.new_items.append({"user_id": user_id, "id": item.id, **_item_values(item)})
        else:
            values = {f"v_{k}": v for k, v in _item_values(item).items()}
            rows.changed.append({"uid": user_id, "iid": item.id, **values})
            if item.history[:len(old)] == old:  # only appended to: keep stored rows
                start = len(old)
            else:
                rows.redo_history.append(item.id)
        rows.new_revs += [_rev_values(user_id, item.id, pos, rev) for pos, rev in enumerate(item.history)
                          if pos >= start]
    return rows


def write_rows(conn: Connection, rows: Rows, version: int | None) -> None:
    """Run the statements of ``rows``; ``version`` stamps every written item row (None: hits only, stamps kept)."""
    for item_id in rows.redo_history:
        conn.execute(_Q_REVS_DELETE, {"uid": rows.user_id, "iid": item_id})
    if rows.changed:
        if version is None:
            conn.execute(_Q_ITEM_UPDATE, rows.changed)
        else:
            conn.execute(_Q_ITEM_UPDATE_STAMPED, [{**r, "v_changed_version": version} for r in rows.changed])
    if rows.new_items:
        conn.execute(_Q_ITEM_INSERT, rows.new_items if version is None else
                     [{**r, "changed_version": version} for r in rows.new_items])
    if rows.new_revs:
        conn.execute(_Q_REV_INSERT, rows.new_revs)


# PostgreSQL: the version's bump and the stamp in one statement (one round trip under the row lock); no row
# stamped when the user has no counters row yet (the caller then creates it the usual way)
_PG_BUMP_AND_STAMP = text(
    "WITH c AS (UPDATE users SET memory_version = nextval('memory_version_seq') WHERE user_id = :uid "
    "RETURNING memory_version) "
    "UPDATE memories SET changed_version = c.memory_version FROM c WHERE memories.user_id = :uid "
    "AND memories.id = ANY(:ids) RETURNING memories.id")


def bump_and_stamp(conn: Connection, rows: Rows) -> bool:
    """PostgreSQL: bump the user's memory version and stamp the rows ``write_rows`` wrote with it, in one
    statement; True when done (False: nothing written, or no counters row yet; nothing changed)."""
    ids = [r["id"] for r in rows.new_items] + [r["iid"] for r in rows.changed]
    return bool(ids) and len(conn.execute(_PG_BUMP_AND_STAMP, {"uid": rows.user_id, "ids": ids}).all()) == len(ids)


def stamp_rows(conn: Connection, rows: Rows, version: int) -> None:
    """Stamp the item rows ``write_rows`` wrote (new and changed) with ``version`` (``changed_version``), in one
    statement."""
    ids = [r["id"] for r in rows.new_items] + [r["iid"] for r in rows.changed]
    if ids:
        conn.execute(update(_M).where(_M.c.user_id == rows.user_id, _M.c.id.in_(ids)).values(changed_version=version))
