"""The SQL store: memory items, their revisions and the turn log in one database.

``SqlStore`` runs on SQLite (the embedded default: WAL, one process) and on
PostgreSQL through psycopg 3. Every write is one transaction; ``apply`` loads
only the items a batch names, runs the shared ``apply_ops`` on them and writes
back only what changed. With ``applied_seq`` it also checks and moves the
user's ``last_applied_seq`` in that same transaction: the fencing token that
makes curate tasks idempotent and ordered (see ``notes/celery.md``).

Row shapes live in ``sql_schema``, prebuilt statements in ``sql_queries``,
the turn methods in ``sql_turns``, the item reads in ``sql_reads``, the
user locks and version reads (connections of their own) in ``sql_side`` and
grouped planning in ``sql_group``; the
schema is made only by the Alembic migrations (``migrate.upgrade``).
"""

from __future__ import annotations

import logging
import threading
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import (
    create_engine,
    delete,
    event,
    func,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine, Row, make_url
from sqlalchemy.exc import SQLAlchemyError

from memory_core.errors import StoreDamaged, StoreError, StoreLocked
from memory_core.model import Actor, MemoryItem, Revision, Turn
from memory_core.store.base import (
    KeyLookup,
    MemoryStore,
    SelfCheckReport,
    apply_ops,
    content_changed,
)
from memory_core.store.factory import private_sqlite_file
from memory_core.store.migrate import current_revision, head_revision, upgrade
from memory_core.store.pg_version import VersionProbe
from memory_core.store.purge import PurgeReport
from memory_core.store.seed_format import repair_item
from memory_core.store.sql_group import GroupView
from memory_core.store.sql_purge import purge_many_sql, purge_sql
from memory_core.store.sql_queries import (
    _F_ALL,
    _F_IDS,
    _F_KEY_SUPERSEDED,
    _F_KEYS,
    _ITEM_FIELDS,
    _M,
    _NEXT_VERSION,
    _Q_COUNTERS,
    _Q_FENCE,
    _Q_REVS_OF,
    _Q_USER_UPSERT,
    _R,
    _REV_FIELDS,
    _REVS_BY_IDS,
    _S,
    _T,
    _U,
    _V,
    _Fetch,
    _named_ids,
    _prefix_rows,
    _said_after_statements,
)
from memory_core.store.sql_reads import SqlItemReads
from memory_core.store.sql_rows import bump_and_stamp as _bump_and_stamp
from memory_core.store.sql_rows import item_rows as _item_rows
from memory_core.store.sql_rows import stamp_rows as _stamp_rows
from memory_core.store.sql_rows import write_rows as _write_rows
from memory_core.store.sql_side import SqlSideConnections
from memory_core.store.sql_turns import SqlTurnRows
from memory_core.store.sqlite_faults import damaged_store, locked_store, sqlite_fault
from memory_core.store.write_ops import Op
from memory_core.validation import check_id

__all__ = ["SqlStore"]

log = logging.getLogger(__name__)

class SqlStore(SqlItemReads, SqlSideConnections, MemoryStore, SqlTurnRows):
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
        # hide_parameters: a driver error (a full disk, a lost connection) never carries row values (a
        # memory's text, perhaps a secret) into a log line or a reply
        if self.is_sqlite:
            private_sqlite_file(parsed.database)
            self.engine = create_engine(parsed, connect_args={"timeout": busy_timeout_s,
                                                              "check_same_thread": False}, hide_parameters=True)
            self._setup_sqlite(self.engine, busy_timeout_s)
        else:
            connect = {"connect_timeout": connect_timeout_s} if connect_timeout_s else {}
            self.engine = create_engine(parsed, pool_pre_ping=True, pool_size=5, max_overflow=10,
                                        connect_args=connect, hide_parameters=True)
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

    @staticmethod
    def _setup_sqlite(engine: Engine, busy_timeout_s: float) -> None:
        @event.listens_for(engine, "connect")
        def _connect(dbapi_conn: Any, _record: Any) -> None:
            dbapi_conn.isolation_level = None  # we issue BEGIN ourselves
            cur = dbapi_conn.cursor()
            for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON",
                           f"busy_timeout={int(busy_timeout_s * 1000)}"):
                cur.execute(f"PRAGMA {pragma}")
            cur.close()

        @event.listens_for(engine, "begin")
        def _begin(conn: Connection) -> None:
            # Writers take the write lock up front: no lock upgrade, so no SQLITE_BUSY deadlock.
            conn.exec_driver_sql(conn.info.pop("gs_begin", "BEGIN"))

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
                    conn.info["gs_begin"] = "BEGIN IMMEDIATE"
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

    @staticmethod
    def _fetch(conn: Connection, user_id: str, stmts: _Fetch = _F_ALL, *, with_history: bool = True,
               **params: Any) -> dict[str, MemoryItem]:
        """Load the items of ``user_id`` selected by ``stmts`` (with their histories), oldest first."""
        params["uid"] = user_id
        rows = conn.execute(stmts[0], params).all()
        if not rows:
            return {}
        history: dict[str, list[Revision]] = defaultdict(list)
        if with_history:  # a few items' revisions by their ids, not by repeating the items' select
            revs = conn.execute(_Q_REVS_OF, {"uid": user_id, "ids": [row.id for row in rows]}) \
                if len(rows) <= _REVS_BY_IDS else conn.execute(stmts[1], params)
            for r in revs:
                history[r.item_id].append(Revision(*(getattr(r, name) for name in _REV_FIELDS)))
        items = {}
        for row in rows:
            values = {name: getattr(row, name) for name in _ITEM_FIELDS}
            values["source"] = list(values["source"] or [])
            values["meta"] = dict(values["meta"] or {})
            items[row.id] = MemoryItem(user_id=row.user_id, id=row.id, history=history[row.id], **values)
        return items

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

    def apply(  # type: ignore[override]  # None only when applied_seq is given
        self, user_id: str, ops: Sequence[Op], *, applied_seq: int | None = None
    ) -> list[Any] | None:
        """Apply a batch of ops in one transaction; return one result per op.

        Args:
            user_id: owner of the items.
            ops: the batch (see ``memory_core.store.write_ops``).
            applied_seq: the turn ``seq`` this batch applies, if any. Then, in
                the same transaction: already applied (``last_applied_seq >=
                applied_seq``) → return None and change nothing; not the next
                one → StoreError; else apply and record it.

        Returns:
            One result per op, or None for an already applied ``applied_seq``.

        Raises:
            UnknownItem, InvalidField: the batch is refused; nothing changes.
            StoreError: out-of-order ``applied_seq``, or the database failed; nothing changes.
        """
        user_id = check_id(user_id, "user id")
        ops = list(ops)
        names = _named_ids(ops)
        with self._tx(write=True) as conn:
            if applied_seq is not None:
                last = self._counter_row(conn, _Q_FENCE, {"uid": user_id}).last_applied_seq
                if last >= applied_seq:
                    return None
                if last != applied_seq - 1:
                    raise StoreError(f"turn seq {applied_seq} of user {user_id!r} is out of order: "
                                     f"last applied is {last}")
            items = self._fetch(conn, user_id, _F_IDS, ids=sorted(names)) if names else {}
            before = {item_id: list(item.history) for item_id, item in items.items()}
            results, touched = apply_ops(items, user_id, ops)
            rows = _item_rows(user_id, (items[i] for i in sorted(touched)), before)  # before the row lock
            bump = int(content_changed(ops))
            if bump and applied_seq is None:  # the counters row last: locked for one stamp and the commit
                _write_rows(conn, rows, 0)
                if self.is_sqlite or not _bump_and_stamp(conn, rows):
                    _stamp_rows(conn, rows, self._counter_row(conn, self._q_counters,
                                                              {"uid": user_id, "bump": 1, "seq": None}).memory_version)
                return results
            version = None
            if bump or applied_seq is not None:
                version = self._counter_row(conn, self._q_counters,
                                            {"uid": user_id, "bump": bump, "seq": applied_seq}).memory_version
            _write_rows(conn, rows, version if bump else None)
        return results

    def apply_turns(self, user_id: str, turns: Sequence[Turn],
                    plan: Callable[[Turn, KeyLookup], Sequence[Op]], prefetch_keys: Iterable[str] = ()) -> int:
        """Plan and apply consecutive turns of one user in one transaction; return how many were applied.

        Each turn is planned with ``plan(turn, view)``, where ``view`` (a
        ``GroupView``) answers key lookups on this transaction's connection
        with the earlier turns' changes on top, so turn N+1 sees turn N. The
        effects of every turn and the user's ``last_applied_seq`` (the last
        turn's seq) are written together at the end: a group is applied whole
        or not at all. Turns at or below ``last_applied_seq`` are skipped
        (applied before). Only for plans without slow calls: the transaction
        holds the user's row lock while it plans.

        Args:
            user_id: owner of the turns.
            turns: pending turns in ``seq`` order, consecutive.
            plan: the write pipeline's planner (no writes of its own).
            prefetch_keys: keys the plans will look up, read in one query up front.

        Raises:
            StoreError: the turns are not the next ones in order, or the database failed.
            Whatever ``plan`` or the ops raise (``InvalidInput`` ...); nothing is kept.
        """
        user_id = check_id(user_id, "user id")
        with self._tx(write=True) as conn:
            last = self._counter_row(conn, _Q_FENCE, {"uid": user_id}).last_applied_seq
            todo = [turn for turn in turns if turn.seq is not None and turn.seq > last]
            if not todo:
                return 0
            expected = list(range(last + 1, last + 1 + len(todo)))
            if [turn.seq for turn in todo] != expected or any(t.user_id != user_id for t in todo):
                raise StoreError(f"turns of user {user_id!r} are not the next ones in order: seqs "
                                 f"{[t.seq for t in todo]}, last applied {last}")
            view = GroupView(
                user_id,
                by_keys=lambda keys: self._fetch(conn, user_id, _F_KEYS, keys=list(keys)),
                by_ids=lambda ids: self._fetch(conn, user_id, _F_IDS, ids=list(ids)),
                by_prefix=lambda prefixes: _prefix_rows(conn, user_id, prefixes),
                superseded=lambda key: self._fetch(conn, user_id, _F_KEY_SUPERSEDED, key=key),
                said_after=lambda prefix, after: self._fetch(conn, user_id, _said_after_statements(prefix),
                                                             after=after))
            view.find_by_keys(user_id, prefetch_keys)
            for turn in todo:
                view.apply(plan(turn, view))
            rows = _item_rows(user_id, (view.items[i] for i in sorted(view.touched)), view.before)
            version = self._counter_row(conn, self._q_counters,
                                        {"uid": user_id, "bump": int(view.changed), "seq": todo[-1].seq}).memory_version
            _write_rows(conn, rows, version if view.changed else None)
        return len(todo)

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

    # ── health ─────────────────────────────────────────────────────────

    def self_check(self, repair: bool = True) -> SelfCheckReport:
        """Check connectivity, schema revision and every item's fields; repair what can be.

        A SQLite file is first read whole (``PRAGMA quick_check``): a damaged one is never repaired.

        Returns:
            A ``SelfCheckReport``: FAIL for an unreachable database, a schema not
            at head or unrepairable items; WARN when repairs were made.

        Raises:
            StoreDamaged: the SQLite file is damaged; nothing was written to it.
            StoreLocked: another process held the write lock past the busy timeout; the message says which
                repairs (each user's whole, or none) were kept.
        """
        report = SelfCheckReport()
        try:
            with self._tx() as conn:
                conn.execute(text("SELECT 1"))
                at = current_revision(conn)
                found = [str(row[0]) for row in conn.execute(text("PRAGMA quick_check(5)"))] if self.is_sqlite \
                    else ["ok"]
        except StoreDamaged:
            raise
        except StoreError as exc:
            report.issues.append(f"database unreachable: {exc}")
            return report.finish()
        if found != ["ok"]:
            raise self._counted(damaged_store(self.url.database, "; ".join(found)))
        head = head_revision()
        if at != head:
            report.issues.append(f"schema is at revision {at}, the code expects {head}: run the migrations")
            return report.finish()
        try:
            self._check_items(report, repair)
        except StoreLocked:  # each user's repairs commit whole: say which were kept
            outcome = (f"the check stopped there: the repairs of {len(report.repaired)} item(s) before it were "
                       "kept, nothing else was changed") if report.repaired else \
                "the check stopped before repairing anything; nothing was changed"
            raise locked_store(self.url.database, self._busy_timeout_s, outcome) from None
        return report.finish()

    def _check_items(self, report: SelfCheckReport, repair: bool) -> None:
        """Check (and with ``repair``, repair) every user's items, one transaction per user, into ``report``."""
        for user_id in self.users():
            with self._tx(write=repair) as conn:
                items = self._fetch(conn, user_id)
                fixed_items = []
                for item in items.values():
                    before = list(item.history)
                    fixed, issues = repair_item(item)
                    label = f"{user_id}/{item.id}"
                    report.issues += [f"{label}: {msg}" for msg in issues]
                    if fixed and repair:
                        report.repaired += [f"{label}: {msg}" for msg in fixed]
                        fixed_items.append((item, before))
                    elif fixed:
                        report.issues += [f"{label}: {msg} (not repaired)" for msg in fixed]
                    report.item_count += not issues
                if fixed_items:
                    version = conn.execute(update(_U).where(_U.c.user_id == user_id)
                                           .values(memory_version=self._next_version)
                                           .returning(_U.c.memory_version)).scalar()
                    self._write_items(conn, user_id, [i for i, _ in fixed_items],
                                      {i.id: b for i, b in fixed_items}, version)

