"""Ask PostgreSQL for a user's memory version now, read the answer later.

A warm recall searches the cached index of a user and must then know that
the index is still current: the user's ``memory_version`` is read on every
recall. Read the ordinary way that is a full round trip (the server process
wakes up, answers, the worker wakes up again) before the search can start.
``VersionProbe.ask`` sends the query on a dedicated connection with
libpq's asynchronous interface (``PQsendQueryParams`` through
``psycopg.pq``) and returns at once; the caller searches meanwhile, and
``Answer()`` then reads a reply that has usually arrived already. The read
stays exact: the answer is the version as of a moment after ``ask``.

One query is in flight per probe. A probe that is busy (another thread
asked and has not read its answer) or broken says so with ``None`` and the
caller reads the version the ordinary way; a broken connection is closed and
opened again on the next ``ask``.
"""

from __future__ import annotations

import contextlib
import logging
import select
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["VersionProbe"]

log = logging.getLogger(__name__)

_QUERY = b"SELECT memory_version FROM users WHERE user_id = $1"


class VersionProbe:
    """One autocommit PostgreSQL connection for reading memory versions without waiting.

    Args:
        conninfo: a libpq connection string or ``postgresql://`` URL (no SQLAlchemy driver suffix).
        timeout_s: how long ``Answer()`` waits for the server before giving up (seconds).

    Attributes:
        failures: answers that failed and fell back to the caller (for tests and metrics).
    """

    def __init__(self, conninfo: str, timeout_s: float = 5.0) -> None:
        self.conninfo = conninfo
        self.timeout_s = timeout_s
        self.failures = 0
        self._conn: Any = None
        self._lock = threading.Lock()

    def ask(self, user_id: str) -> Callable[[], str | None] | None:
        """Send the version query for ``user_id``; return a callable that reads the answer.

        The callable returns the version as a string ("0" for an unknown
        user), or None when the read failed (logged, counted, connection
        dropped). ``ask`` itself returns None when the probe is busy with
        another thread's question or cannot connect: read the version
        another way then.
        """
        if not self._lock.acquire(blocking=False):
            return None
        try:
            pgconn = self._pgconn()
            pgconn.send_query_params(_QUERY, [user_id.encode()])
        except Exception as exc:  # no connection: the caller reads the ordinary way
            self._fail(exc)
            self._lock.release()
            return None
        answered = False

        def answer() -> str | None:
            nonlocal answered
            if answered:
                raise RuntimeError("a version answer is read once")
            answered = True
            try:
                return self._read(pgconn)
            except Exception as exc:  # the connection broke mid-question: drop it
                self._fail(exc)
                return None
            finally:
                self._lock.release()

        return answer

    def close(self) -> None:
        """Close the connection (a later ``ask`` opens a new one)."""
        locked = self._lock.acquire(timeout=self.timeout_s)  # an unread answer must not hang shutdown
        try:
            self._drop()
        finally:
            if locked:
                self._lock.release()

    def _pgconn(self) -> Any:
        if self._conn is None or self._conn.closed:
            import psycopg

            self._conn = psycopg.connect(self.conninfo, autocommit=True)
        return self._conn.pgconn

    def _read(self, pgconn: Any) -> str:
        from psycopg import pq

        while pgconn.is_busy():
            ready, _, _ = select.select([pgconn.socket], [], [], self.timeout_s)
            if not ready:
                raise TimeoutError(f"no memory version from PostgreSQL within {self.timeout_s} s")
            pgconn.consume_input()
        value: str | None = None
        error = ""
        while (result := pgconn.get_result()) is not None:  # drain to the end of the query
            if result.status == pq.ExecStatus.TUPLES_OK:
                value = result.get_value(0, 0).decode() if result.ntuples else "0"
            else:
                error = (result.error_message or b"").decode(errors="replace").strip()
        if value is None:
            raise RuntimeError(f"memory version query failed: {error or 'no result'}")
        return value

    def _fail(self, exc: BaseException) -> None:
        self.failures += 1
        log.warning("memory version probe failed, reading the ordinary way: %s", exc)
        self._drop()

    def _drop(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(Exception):  # already broken
                self._conn.close()
            self._conn = None
