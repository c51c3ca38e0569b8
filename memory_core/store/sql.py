"""The SQL store: memory items, their revisions and the turn log in one database.

``SqlStore`` runs on SQLite (the embedded default: WAL, one process) and on
PostgreSQL through psycopg 3. Every write is one transaction; ``apply`` loads
only the items a batch names, runs the shared ``apply_ops`` on them and writes
back only what changed. With ``applied_seq`` it also checks and moves the
user's ``last_applied_seq`` in that same transaction: the fencing token that
makes curate tasks idempotent and ordered (see ``notes/celery.md``).

This module holds the store's state, its transactions (and the SQLite faults
they meet) and the writes outside the op batch (replace-all, purge, erase).
The engine is set up in ``sql_engine``, the op-batch writes are in
``sql_writes`` (grouped planning in ``sql_group``, row building in
``sql_rows``), the item reads in ``sql_reads``, the turn methods in
``sql_turns``, the user locks and version reads (connections of their own)
in ``sql_side``, the self-check in ``sql_health``; row shapes live in
``sql_schema`` and prebuilt statements in ``sql_queries``. The schema is made
only by the Alembic migrations (``migrate.upgrade``).
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import Connection, Engine, Row, make_url
from sqlalchemy.exc import SQLAlchemyError

from memory_core.errors import StoreError, StoreLocked
from memory_core.model import Actor, MemoryItem, Revision
from memory_core.store.base import MemoryStore
from memory_core.store.migrate import upgrade
from memory_core.store.pg_version import VersionProbe
from memory_core.store.purge import PurgeReport
from memory_core.store.sql_engine import BEGIN_KEY, make_engine
from memory_core.store.sql_health import SqlSelfCheck
from memory_core.store.sql_purge import purge_many_sql, purge_sql
from memory_core.store.sql_queries import (
    _M,
    _NEXT_VERSION,
    _Q_COUNTERS,
    _Q_USER_UPSERT,
    _R,
    _S,
    _T,
    _U,
    _V,
)
from memory_core.store.sql_reads import SqlItemReads
from memory_core.store.sql_rows import item_rows as _item_rows
from memory_core.store.sql_rows import write_rows as _write_rows
from memory_core.store.sql_side import SqlSideConnections
from memory_core.store.sql_turns import SqlTurnRows
from memory_core.store.sql_writes import SqlBatchWrites
from memory_core.store.sqlite_faults import sqlite_fault
from memory_core.validation import check_id

__all__ = ["SqlStore"]

log = logging.getLogger(__name__)


class SqlStore(  # type: ignore[misc]  # apply returns None only when applied_seq is given
    SqlBatchWrites, SqlSelfCheck, SqlItemReads, SqlSideConnections, MemoryStore, SqlTurnRows
):
    """Memory items and turns in SQLite or PostgreSQL.

    Args:
        url: a SQLAlchemy URL: ``sqlite:///path/to/file.db`` or
            ``postgresql+psycopg://user:pw@host:port/db``.
        migrate: run the Alembic migrations up to head first.
        busy_timeout_s: SQLite only: how long a writer waits for another, in seconds.
        lock_poll_s: PostgreSQL ``user_lock``: seconds between lock attempts.
        connect_timeout_s: PostgreSQL only: give up opening a connection after this many seconds.

    Attributes:
        faults: SQLite file faults met, by kind: "damaged" (``StoreDamaged``: a malformed file or one
            that is not a database) and "locked" (``StoreLocked``: a write gave up after
            ``busy_timeout_s`` behind another process's write lock); each is logged once, here.

    Raises:
        StoreError: bad URL, or the database could not be reached or migrated.
        StoreDamaged: the SQLite file is damaged or not a database (it is left unchanged).
        StoreLocked: migrating waited ``busy_timeout_s`` for another process's write lock.
    """

    def __init__(self, url: str, *, migrate: bool = False, busy_timeout_s: float = 10.0,
                 lock_poll_s: float = 0.05, connect_timeout_s: int | None = None) -> None:
        try:
            parsed = make_url(url)
        except SQLAlchemyError as exc:
            raise StoreError(f"bad database URL: {exc}") from exc
        self.url = parsed
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        self._lock_poll_s = lock_poll_s
        self._thread_locks: dict[str, threading.Lock] = {}
        self._thread_locks_guard = threading.Lock()
        self._lock_engine: Engine | None = None
        self._read_engine: Engine | None = None
        self._probe: VersionProbe | None = None
        self._busy_timeout_s = busy_timeout_s
        self.faults: Counter[str] = Counter()
        self.engine = make_engine(parsed, busy_timeout_s, connect_timeout_s)
        dialect = self.engine.dialect.name
        if dialect not in _Q_USER_UPSERT:
            raise StoreError(f"unsupported database {dialect!r}: use SQLite or PostgreSQL")
        self._q_upsert = _Q_USER_UPSERT[dialect]
        self._q_counters = _Q_COUNTERS[dialect]
        self._next_version = _NEXT_VERSION[dialect]
        if migrate:
            try:
                upgrade(self.engine)
            except StoreError as exc:
                self.engine.dispose()  # no handle left open on a file the caller cannot use
                cause = exc.__cause__
                if isinstance(cause, SQLAlchemyError):
                    raise self._fault(cause, exc) from cause
                raise

    def __repr__(self) -> str:
        return f"SqlStore({self.url.render_as_string(hide_password=True)!r})"

    def turn_log(self) -> SqlStore:
        """The turn event log: this store itself (turns and items share the database)."""
        return self

    def sql_tables(self) -> SqlStore:
        """This store: session state, vectors and turns live in its database (``MemoryStore.sql_tables``)."""
        return self

    def close(self) -> None:
        """Dispose of the connection pools."""
        self.engine.dispose()
        for extra in (self._lock_engine, self._read_engine):
            if extra is not None:
                extra.dispose()
        if self._probe is not None:
            self._probe.close()

    # ── transactions and locks ─────────────────────────────────────────

    @contextmanager
    def _tx(self, write: bool = False) -> Iterator[Connection]:
        """One transaction; driver errors become StoreError, everything else rolls back and propagates."""
        try:
            with self.engine.connect() as conn:
                if self.is_sqlite and write:
                    conn.info[BEGIN_KEY] = "BEGIN IMMEDIATE"
                with conn.begin():
                    yield conn
        except SQLAlchemyError as exc:
            raise self._fault(exc, StoreError(f"database error: {exc}")) from exc

    def _fault(self, exc: SQLAlchemyError, otherwise: StoreError) -> StoreError:
        """The error to raise for the driver error ``exc``: ``StoreDamaged`` or ``StoreLocked`` for a SQLite
        file fault (counted in ``faults`` and logged), else ``otherwise``.

        Logged at INFO: the edge that meets the raised error reports it (the CLI's one ``error:`` line, the HTTP
        shim's error log, a worker's retry), so a CLI run on a damaged file still prints one line."""
        fault = sqlite_fault(exc, self.url.database, self._busy_timeout_s) if self.is_sqlite else None
        return otherwise if fault is None else self._counted(fault)

    def _counted(self, fault: StoreError) -> StoreError:
        """``fault`` (a ``StoreDamaged`` or ``StoreLocked``), counted in ``faults`` and logged."""
        kind = "locked" if isinstance(fault, StoreLocked) else "damaged"
        self.faults[kind] += 1
        log.info("sqlite store fault (%s, %d so far): %s", kind, self.faults[kind], fault)
        return fault

    def _ensure_user(self, conn: Connection, user_id: str) -> None:
        conn.execute(self._q_upsert, {"uid": user_id})

    def _counter_row(self, conn: Connection, stmt: Any, params: dict[str, Any]) -> Row[Any]:
        """Run ``stmt`` (returning one users row), creating the user's row first if missing."""
        row = conn.execute(stmt, params).first()
        if row is None:
            self._ensure_user(conn, params["uid"])
            row = conn.execute(stmt, params).one()
        return row

    # ── item rows ──────────────────────────────────────────────────────

    def _write_items(self, conn: Connection, user_id: str, items: Iterable[MemoryItem],
                     before: dict[str, list[Revision]], version: int | None = None) -> None:
        """Insert new items, update changed ones; add only new revisions when history grew at the end.

        ``version``: the memory version of a content change, stamped on every written row
        (``changed_version``, read by ``changes_since``); None keeps the rows' stamps (hits only).
        """
        _write_rows(conn, _item_rows(user_id, items, before), version)

    # ── MemoryStore primitives ─────────────────────────────────────────

    def _load_all(self, user_id: str) -> dict[str, MemoryItem]:
        with self._tx() as conn:
            return self._fetch(conn, user_id)

    def _save_all(self, user_id: str, items: dict[str, MemoryItem]) -> None:
        with self._tx(write=True) as conn:
            self._ensure_user(conn, user_id)
            conn.execute(delete(_R).where(_R.c.user_id == user_id))
            conn.execute(delete(_M).where(_M.c.user_id == user_id))
            version = conn.execute(update(_U).where(_U.c.user_id == user_id)
                                   .values(memory_version=self._next_version)
                                   .returning(_U.c.memory_version)).scalar_one()
            self._write_items(conn, user_id, items.values(), {}, version)

    def _write_lock(self, user_id: str) -> Any:
        return self.user_lock(user_id)

    # ── writes ─────────────────────────────────────────────────────────

    def purge(self, user_id: str, item_id: str, reason: str, *, actor: str = Actor.USER) -> PurgeReport:
        """Hard-delete one item's words from items, revisions, turns, vectors and session summaries in one
        transaction (``MemoryStore.purge``; ``sql_purge``). Raises UnknownItem, StoreError."""
        return purge_sql(self, user_id, item_id, reason, actor=actor)

    def purge_many(self, user_id: str, item_ids: Sequence[str], reason: str, *,
                   actor: str = Actor.USER) -> list[PurgeReport]:
        """``purge`` of several items in one transaction, SQLite's file rewritten once at the end
        (``sql_purge.purge_many_sql``). Raises UnknownItem (nothing changed), StoreError."""
        return purge_many_sql(self, user_id, item_ids, reason, actor=actor)

    def erase_user(self, user_id: str) -> int:
        """Remove the user's items, revisions, turns, session state, vectors and counters; return items removed.

        The user's counters row goes first: deleting it waits for an append
        of the user's turns that holds it, and the later statements then see
        that append's turns and remove them too. (Deleting the turns first
        missed turns an append had inserted but not yet committed; they
        outlived their counters, and the user's later turns were refused as
        out of order or as duplicate sequence numbers.) A turn appended after
        the erase starts a new counter row from sequence 1.
        """
        user_id = check_id(user_id, "user id")
        with self._tx(write=True) as conn:
            conn.execute(delete(_U).where(_U.c.user_id == user_id))
            count = conn.execute(select(func.count()).select_from(_M)
                                 .where(_M.c.user_id == user_id)).scalar_one()
            for table in (_R, _M, _T, _S, _V):
                conn.execute(delete(table).where(table.c.user_id == user_id))
        return int(count)
