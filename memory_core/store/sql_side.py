"""``SqlStore``'s work on connections of its own: the per-user lock and the version read.

Both run beside the store's transactions, on PostgreSQL on pools kept for
them (autocommit): a session advisory lock held across a curate run's
transactions, and the user's content version asked before every recall
(``pg_version.VersionProbe`` overlaps that round trip with the caller's
work). ``SqlSideConnections`` holds them; ``sql.SqlStore`` mixes it in.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Any

from sqlalchemy import create_engine
from sqlalchemy.engine import URL, Connection, Engine
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from memory_core.errors import StoreError, StoreLocked
from memory_core.store.base import MemoryStore
from memory_core.store.pg_version import VersionProbe
from memory_core.store.sql_queries import _PG_TRY_LOCK, _PG_UNLOCK, _Q_VERSION
from memory_core.validation import check_id

__all__: list[str] = []  # internal to memory_core.store.sql


class SqlSideConnections(MemoryStore):
    """Per-user locks and version reads of the SQL store (see ``sql.SqlStore``)."""

    if TYPE_CHECKING:
        url: URL
        is_sqlite: bool
        _lock_poll_s: float
        _thread_locks: dict[str, threading.Lock]
        _thread_locks_guard: threading.Lock
        _lock_engine: Engine | None
        _read_engine: Engine | None
        _probe: VersionProbe | None

        def _tx(self, write: bool = False) -> AbstractContextManager[Connection]: ...

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
                                                      pool_size=4, max_overflow=64, hide_parameters=True)
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
                                                      max_overflow=16, hide_parameters=True)
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
