"""The SQL store: memory items, their revisions and the turn log in one database.

``SqlStore`` runs on SQLite (the embedded default: WAL, one process) and on
PostgreSQL through psycopg 3. Every write is one transaction; ``apply`` loads
only the items a batch names, runs the shared ``apply_ops`` on them and writes
back only what changed. With ``applied_seq`` it also checks and moves the
user's ``last_applied_seq`` in that same transaction: the fencing token that
makes curate tasks idempotent and ordered (see ``notes/celery.md``).

Row shapes live in ``sql_schema``, prebuilt statements in ``sql_queries``,
the turn methods in ``sql_turns`` and grouped planning in ``sql_group``; the
schema is made only by the Alembic migrations (``migrate.upgrade``).
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    ColumnElement,
    create_engine,
    delete,
    event,
    func,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine, Row, make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from memory_core.errors import InvalidField, StoreError, StoreLocked, UnknownItem, UnknownUser
from memory_core.model import MemoryItem, Revision, Status, Turn
from memory_core.store.base import (
    INDEXED_STATUSES,
    ItemChanges,
    MemoryStore,
    SelfCheckReport,
    apply_ops,
    check_list_filters,
    content_changed,
)
from memory_core.store.migrate import current_revision, head_revision, upgrade
from memory_core.store.ops import Op
from memory_core.store.pg_version import VersionProbe
from memory_core.store.seed_format import repair_item
from memory_core.store.sql_group import GroupView
from memory_core.store.sql_queries import (
    _F_ACTIVE,
    _F_ALL,
    _F_CHANGED,
    _F_ID,
    _F_IDS,
    _F_KEY,
    _F_KEYS,
    _ITEM_FIELDS,
    _M,
    _NEXT_VERSION,
    _PG_TRY_LOCK,
    _PG_UNLOCK,
    _Q_CHANGES_JOINED,
    _Q_COUNTERS,
    _Q_FENCE,
    _Q_ITEM_INSERT,
    _Q_ITEM_UPDATE,
    _Q_ITEM_UPDATE_STAMPED,
    _Q_REV_INSERT,
    _Q_REVS_DELETE,
    _Q_USER_UPSERT,
    _Q_USER_VERSIONS,
    _Q_VERSION,
    _R,
    _REV_FIELDS,
    _S,
    _T,
    _U,
    _Fetch,
    _fetch_statements,
    _item_values,
    _named_ids,
    _rev_values,
)
from memory_core.store.sql_turns import SqlTurnRows
from memory_core.store.sql_vectors import _V
from memory_core.validation import check_id

if TYPE_CHECKING:
    from memory_core.pipeline.types import KeyLookup

__all__ = ["SqlStore"]

class SqlStore(MemoryStore, SqlTurnRows):
    """Memory items and turns in SQLite or PostgreSQL.

    Args:
        url: a SQLAlchemy URL: ``sqlite:///path/to/file.db`` or
            ``postgresql+psycopg://user:pw@host:port/db``.
        migrate: run the Alembic migrations up to head first.
        busy_timeout_s: SQLite only: how long a writer waits for another, in seconds.
        lock_poll_s: PostgreSQL ``user_lock``: seconds between lock attempts.
        connect_timeout_s: PostgreSQL only: give up opening a connection after this many seconds.

    Raises:
        StoreError: bad URL, or the database could not be reached or migrated.
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
        if self.is_sqlite:
            self.engine = create_engine(parsed, connect_args={"timeout": busy_timeout_s,
                                                              "check_same_thread": False})
            self._setup_sqlite(self.engine, busy_timeout_s)
        else:
            connect = {"connect_timeout": connect_timeout_s} if connect_timeout_s else {}
            self.engine = create_engine(parsed, pool_pre_ping=True, pool_size=5, max_overflow=10,
                                        connect_args=connect)
        dialect = self.engine.dialect.name
        if dialect not in _Q_USER_UPSERT:
            raise StoreError(f"unsupported database {dialect!r}: use SQLite or PostgreSQL")
        self._q_upsert = _Q_USER_UPSERT[dialect]
        self._q_counters = _Q_COUNTERS[dialect]
        self._next_version = _NEXT_VERSION[dialect]
        if migrate:
            upgrade(self.engine)

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
            raise StoreError(f"database error: {exc}") from exc

    def _ensure_user(self, conn: Connection, user_id: str) -> None:
        conn.execute(self._q_upsert, {"uid": user_id})

    def _counter_row(self, conn: Connection, stmt: Any, params: dict[str, Any]) -> Row[Any]:
        """Run ``stmt`` (returning one users row), creating the user's row first if missing."""
        row = conn.execute(stmt, params).first()
        if row is None:
            self._ensure_user(conn, params["uid"])
            row = conn.execute(stmt, params).one()
        return row

    @contextmanager
    def user_lock(self, user_id: str, timeout_s: float = 10.0) -> Iterator[None]:
        """Hold a per-user lock across several transactions (one curator per user).

        PostgreSQL: a session advisory lock on a connection of a pool kept for
        locks only (autocommit; opening a connection per lock cost more than
        the rest of a one-turn curate run). The lock is released before the
        connection goes back to the pool; if that fails, the connection is
        closed instead, so a lock never outlives its holder. SQLite: a
        per-process lock (the embedded mode is one process).

        Args:
            user_id: whose lock.
            timeout_s: how long to wait for it, in seconds.

        Raises:
            StoreLocked: not acquired within ``timeout_s``.
            StoreError: the database failed.
        """
        user_id = check_id(user_id, "user id")
        if self.is_sqlite:
            with self._thread_locks_guard:
                lock = self._thread_locks.setdefault(user_id, threading.Lock())
            if not lock.acquire(timeout=max(timeout_s, 0)):
                raise StoreLocked(f"user {user_id!r} is locked by another worker (waited {timeout_s} s)")
            try:
                yield
            finally:
                lock.release()
            return
        if self._lock_engine is None:
            with self._thread_locks_guard:
                if self._lock_engine is None:
                    self._lock_engine = create_engine(self.url, isolation_level="AUTOCOMMIT", pool_pre_ping=True,
                                                      pool_size=4, max_overflow=64)
        key = {"k": user_id}
        try:
            conn = self._lock_engine.connect()
        except SQLAlchemyError as exc:
            raise StoreError(f"could not connect for the lock of user {user_id!r}: {exc}") from exc
        held = False
        try:
            deadline = time.monotonic() + timeout_s
            while not conn.execute(_PG_TRY_LOCK, key).scalar():
                if time.monotonic() >= deadline:
                    raise StoreLocked(f"user {user_id!r} is locked by another worker (waited {timeout_s} s)")
                time.sleep(self._lock_poll_s)
            held = True
            try:
                yield
            finally:
                held = not conn.execute(_PG_UNLOCK, key).scalar()
        except SQLAlchemyError as exc:
            raise StoreError(f"lock of user {user_id!r} failed: {exc}") from exc
        finally:
            if held:
                conn.invalidate()  # closed for real, so the session lock cannot outlive us
            conn.close()

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
        if with_history:
            for r in conn.execute(stmts[1], params):
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
        stamp = {} if version is None else {"changed_version": version}
        new_items: list[dict[str, Any]] = []
        changed: list[dict[str, Any]] = []
        new_revs: list[dict[str, Any]] = []
        for item in items:
            old = before.get(item.id)
            start = 0
            if old is None:
                new_items.append({"user_id": user_id, "id": item.id, **_item_values(item), **stamp})
            else:
                changed.append({"uid": user_id, "iid": item.id,
                                **{f"v_{k}": v for k, v in (_item_values(item) | stamp).items()}})
                if item.history[:len(old)] == old:  # only appended to: keep stored rows
                    start = len(old)
                else:
                    conn.execute(_Q_REVS_DELETE, {"uid": user_id, "iid": item.id})
            new_revs += [_rev_values(user_id, item.id, pos, rev)
                         for pos, rev in enumerate(item.history) if pos >= start]
        if changed:
            conn.execute(_Q_ITEM_UPDATE if version is None else _Q_ITEM_UPDATE_STAMPED, changed)
        if new_items:
            conn.execute(_Q_ITEM_INSERT, new_items)
        if new_revs:
            conn.execute(_Q_REV_INSERT, new_revs)

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
            ops: the batch (see ``memory_core.store.ops``).
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
            bump = int(content_changed(ops))
            version = None
            if bump or applied_seq is not None:
                version = self._counter_row(conn, self._q_counters,
                                            {"uid": user_id, "bump": bump, "seq": applied_seq}).memory_version
            self._write_items(conn, user_id, (items[i] for i in sorted(touched)), before,
                              version if bump else None)
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
                by_ids=lambda ids: self._fetch(conn, user_id, _F_IDS, ids=list(ids)))
            view.find_by_keys(user_id, prefetch_keys)
            for turn in todo:
                view.apply(plan(turn, view))
            version = self._counter_row(conn, self._q_counters,
                                        {"uid": user_id, "bump": int(view.changed), "seq": todo[-1].seq}).memory_version
            self._write_items(conn, user_id, (view.items[i] for i in sorted(view.touched)), view.before,
                              version if view.changed else None)
        return len(todo)

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

    # ── reads ──────────────────────────────────────────────────────────

    def get(self, user_id: str, item_id: str) -> MemoryItem:
        """Return one item (any status). Raises UnknownItem."""
        if not isinstance(item_id, str):
            raise InvalidField(f"item id must be a string; got {type(item_id).__name__}")
        with self._tx() as conn:
            item = self._fetch(conn, user_id, _F_ID, iid=item_id).get(item_id)
        if item is None:
            raise UnknownItem(f"no memory item {item_id!r} for user {user_id!r}")
        return item

    def list_items(self, user_id: str, *, statuses: Iterable[str] | str | None = (Status.ACTIVE,),
                   theme: str | None = None, kind: str | None = None) -> list[MemoryItem]:
        """Return a user's items filtered by status (None: all), theme and kind, oldest first.

        Filters as ``check_list_filters`` (a single string is one status).

        Raises:
            InvalidInput: a filter of the wrong type, an unknown status or kind, a bad theme
                (checked before any SQL runs).
            StoreError: the database failed.
        """
        wanted, theme, kind = check_list_filters(statuses, theme, kind)
        conds: list[ColumnElement[bool]] = []
        if wanted is not None:
            conds.append(_M.c.status.in_(wanted))
        if theme is not None:
            conds.append(_M.c.theme == theme)
        if kind is not None:
            conds.append(_M.c.kind == kind)
        with self._tx() as conn:
            return list(self._fetch(conn, user_id, _fetch_statements(*conds)).values())

    def list_items_for_index(self, user_id: str, statuses: Iterable[str]) -> list[MemoryItem]:
        """Return the user's items in ``statuses``, oldest first, WITHOUT their histories.

        What a recall index needs: one query, no revisions (a user with 100,000
        items has at least as many revisions, and recall never shows them).
        """
        cond = _M.c.status.in_([str(s) for s in statuses])
        with self._tx() as conn:
            return list(self._fetch(conn, user_id, _fetch_statements(cond), with_history=False).values())

    def changes_since(self, user_id: str, version: str) -> ItemChanges:
        """Return the items changed after ``version`` (any status, without histories), oldest first.

        On PostgreSQL one autocommit statement: the user's counters joined to
        the rows stamped after ``version`` (index ``(user_id, changed_version)``);
        on SQLite two reads in one transaction, the version first (a write
        landing in between is read too and applied again next time: harmless). The whole set (``complete``) comes back,
        in the statuses a recall index holds, when ``version`` is not one of
        this store's (not a number, above the current one) or older than the
        user's row (erased and created again since).

        Raises:
            InvalidField: a malformed user id.
            StoreError: the database failed.
        """
        user_id = check_id(user_id, "user id")
        since = int(version) if version.isdigit() else -1
        if not self.is_sqlite and since >= 0:  # the usual case on PostgreSQL: one autocommit round trip
            rows = self._autocommit(lambda conn: conn.execute(_Q_CHANGES_JOINED, {"uid": user_id, "since": since})
                                    .all())
            if not rows:
                return ItemChanges("0", [], complete=True)
            head = rows[0]
            if since <= head.memory_version and head.created_version <= since:
                changed = []
                for row in rows:
                    if row.id is None:  # the user's row alone: nothing changed
                        continue
                    values = {name: getattr(row, name) for name in _ITEM_FIELDS}
                    values["source"] = list(values["source"] or [])
                    changed.append(MemoryItem(user_id=user_id, id=row.id, history=[], **values))
                return ItemChanges(str(head.memory_version), changed, complete=False, last_seq=head.last_seq)
        with self._tx() as conn:
            row = conn.execute(_Q_USER_VERSIONS, {"uid": user_id}).first()
            if row is None:
                return ItemChanges("0", [], complete=True)
            if 0 <= since <= row.memory_version and row.created_version <= since:
                items = self._fetch(conn, user_id, _F_CHANGED, with_history=False, since=since)
                return ItemChanges(str(row.memory_version), list(items.values()), complete=False,
                                   last_seq=row.last_seq)
            cond = _M.c.status.in_([str(s) for s in INDEXED_STATUSES])
            items = self._fetch(conn, user_id, _fetch_statements(cond), with_history=False)
            return ItemChanges(str(row.memory_version), list(items.values()), complete=True, last_seq=row.last_seq)

    def find_by_key(self, user_id: str, key: str) -> list[MemoryItem]:
        """Return the user's active items with this canonical ``key``."""
        with self._tx() as conn:
            return list(self._fetch(conn, user_id, _F_KEY, key=key).values())

    def find_by_keys(self, user_id: str, keys: Iterable[str]) -> dict[str, list[MemoryItem]]:
        """Return the user's active items for each key, in one query (keys without items map to [])."""
        wanted = list(dict.fromkeys(keys))
        found: dict[str, list[MemoryItem]] = {key: [] for key in wanted}
        if wanted:
            with self._tx() as conn:
                for item in self._fetch(conn, user_id, _F_KEYS, keys=wanted).values():
                    found[str(item.key)].append(item)
        return found

    def owners_of(self, item_id: str, *, prefix: str = "") -> list[str]:
        """The users holding an item with this id (ids are unique per user), those starting with ``prefix``."""
        query = select(_M.c.user_id).where(_M.c.id == item_id)
        if prefix:
            query = query.where(_M.c.user_id.startswith(prefix, autoescape=True))
        with self._tx() as conn:
            return sorted(str(u) for u in conn.execute(query.order_by(_M.c.user_id).limit(10)).scalars())

    def locate(self, item_id: str) -> MemoryItem:
        """Find an item by id alone, whoever owns it. Raises UnknownItem."""
        with self._tx() as conn:
            owner = conn.execute(select(_M.c.user_id).where(_M.c.id == item_id).limit(1)).scalar()
        if owner is None:
            raise UnknownItem(f"no memory item {item_id!r}")
        return self.get(owner, item_id)

    def grouped(self, user_id: str) -> dict[str, list[MemoryItem]]:
        """Return active items grouped by theme, themes sorted. Raises UnknownUser (no items)."""
        with self._tx() as conn:
            items = self._fetch(conn, user_id, _F_ACTIVE)
            anything = select(_M.c.id).where(_M.c.user_id == user_id).limit(1)
            if not items and conn.execute(anything).first() is None:
                raise UnknownUser(f"no memory for user {user_id!r}")
        groups: dict[str, list[MemoryItem]] = {}
        for item in items.values():
            groups.setdefault(item.theme, []).append(item)
        return dict(sorted(groups.items()))

    def users(self) -> list[str]:
        """Return the ids of users with at least one item, sorted."""
        with self._tx() as conn:
            return list(conn.execute(select(_M.c.user_id).distinct().order_by(_M.c.user_id)).scalars())

    def memory_version(self, user_id: str) -> str:
        """Return the user's content version as a string ("0" for an unknown user); hits leave it.

        Asked before every recall, so on PostgreSQL it is one autocommit
        statement on a pooled connection (no BEGIN/ROLLBACK, no pre-ping round
        trip; a connection found dead is replaced and the read tried once more).
        """
        if self.is_sqlite:
            with self._tx() as conn:
                return str(conn.execute(_Q_VERSION, {"uid": user_id}).scalar() or 0)
        return str(self._autocommit(lambda conn: conn.execute(_Q_VERSION, {"uid": user_id}).scalar()) or 0)

    def _autocommit(self, read: Callable[[Connection], Any]) -> Any:
        """Run one read statement on PostgreSQL's autocommit pool (no BEGIN/ROLLBACK, no pre-ping).

        A connection found dead is replaced and the read tried once more.

        Raises:
            StoreError: the database failed.
        """
        if self._read_engine is None:
            with self._thread_locks_guard:
                if self._read_engine is None:
                    self._read_engine = create_engine(self.url, isolation_level="AUTOCOMMIT", pool_size=2,
                                                      max_overflow=16)
        for attempt in (1, 2):
            try:
                with self._read_engine.connect() as conn:
                    return read(conn)
            except DBAPIError as exc:
                if attempt == 2 or not exc.connection_invalidated:
                    raise StoreError(f"database error: {exc}") from exc
            except SQLAlchemyError as exc:
                raise StoreError(f"database error: {exc}") from exc
        raise AssertionError("unreachable")

    @property
    def version_read_overlaps(self) -> bool:
        """True on PostgreSQL (the version probe); SQLite answers at once."""
        return not self.is_sqlite

    def memory_version_later(self, user_id: str) -> Callable[[], str]:
        """Ask for the user's version now, read it in the returned callable (see ``MemoryStore``).

        On PostgreSQL the question goes out on the ``pg_version.VersionProbe``
        connection and the callable reads the reply, so a caller's work in
        between overlaps the round trip; when the probe is busy (another
        thread) or failing, the version is read the ordinary way instead.
        """
        if self.is_sqlite:
            return super().memory_version_later(user_id)
        if self._probe is None:
            with self._thread_locks_guard:
                if self._probe is None:
                    self._probe = VersionProbe(self.url.set(drivername="postgresql")
                                               .render_as_string(hide_password=False))
        asked = self._probe.ask(user_id)
        if asked is None:
            return super().memory_version_later(user_id)
        answer: Callable[[], str | None] = asked

        def read() -> str:
            version = answer()
            return self.memory_version(user_id) if version is None else version

        return read

    # ── health ─────────────────────────────────────────────────────────

    def self_check(self, repair: bool = True) -> SelfCheckReport:
        """Check connectivity, schema revision and every item's fields; repair what can be.

        Returns:
            A ``SelfCheckReport``: FAIL for an unreachable database, a schema not
            at head or unrepairable items; WARN when repairs were made.
        """
        report = SelfCheckReport()
        try:
            with self._tx() as conn:
                conn.execute(text("SELECT 1"))
                at = current_revision(conn)
        except StoreError as exc:
            report.issues.append(f"database unreachable: {exc}")
            return report.finish()
        head = head_revision()
        if at != head:
            report.issues.append(f"schema is at revision {at}, the code expects {head}: run the migrations")
            return report.finish()
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
        return report.finish()
