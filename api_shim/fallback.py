"""The recall fallback: a read-only recall in the caller's process, straight from the database.

``MemoryClient.recall`` turns to it when the recall worker does not answer
in time or the broker is unreachable. It builds its own ``Memory`` over a
read-only ``SqlStore`` (no migrations) once, then answers each recall on a
small thread pool so that a database that accepts connections but never
answers cannot hold the caller past ``timeout_s``.

The one-time set-up (loading the core's code, building the store object,
and the warm-up recalls every recall process makes, ``memory_core.recall_warm_up``,
here on its throwaway store only: the tokenizer's dictionary and the answer
step's lexicons; ~1-4 s of CPU, no database access) has its own allowance,
``setup_s``; only the recall itself counts against ``timeout_s``. ``start`` begins it without waiting: the
HTTP shim does at start-up, so its first degraded recall does not pay it (the
11.8 s first call of new-user trial 34).
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FuturesTimeout
from typing import Any

from api_shim.errors import RecallUnavailable
from memory_core import wire

__all__ = ["DatabaseRecall"]

log = logging.getLogger(__name__)


class DatabaseRecall:
    """Read-only recall from the memory database, in this process. Thread-safe.

    Args:
        database_url: SQLAlchemy URL of the memory database.
        timeout_s: how long one recall may take, in seconds (connections time out after it too).
        setup_s: how long the one-time set-up may take, in seconds.
    """

    def __init__(self, database_url: str, *, timeout_s: float, setup_s: float) -> None:
        self.database_url = database_url
        self.timeout_s = timeout_s
        self.setup_s = setup_s
        self._lock = threading.Lock()
        self._runner: ThreadPoolExecutor | None = None
        self._setup: Future[Any] | None = None

    def recall(self, user_id: str, query: str, k: int, filters: dict[str, Any] | None,
               budget_tokens: int | None, reason: str) -> dict[str, Any]:
        """Recall from the database; return ``wire.recall_payload`` of the answer.

        Args:
            filters: recall filters in JSON form (``wire.check_recall_filters``).
            reason: why the caller fell back, put at the head of any error message.

        Raises:
            RecallUnavailable: the set-up or the recall ran out of time (the message says which).
            StoreError: the database failed.
        """
        memory = self.prepare(reason)
        runner = self._runner
        assert runner is not None  # started by prepare
        running = runner.submit(lambda: memory.recall(user_id, query, k, filters=wire.recall_filters(filters),
                                                      budget_tokens=budget_tokens))
        try:
            response = running.result(timeout=self.timeout_s)
        except FuturesTimeout:
            log.warning("recall fallback for %s: no answer within %s s", user_id, self.timeout_s)
            raise RecallUnavailable(f"{reason}, and the direct recall from the database (reading the user's "
                                    f"items and searching them) did not finish within "
                                    f"{self.timeout_s:g} s") from None
        return wire.recall_payload(response)

    @property
    def begun(self) -> bool:
        """True once the one-time set-up was begun (by ``start``, ``prepare`` or a recall)."""
        return self._setup is not None

    def start(self) -> Future[Any]:
        """Begin the one-time set-up in the background unless it is running or done; return its future.

        One set-up runs for all callers; a failed one is begun again by the next call.
        """
        with self._lock:
            if self._runner is None:
                self._runner = ThreadPoolExecutor(4, thread_name_prefix="gs-recall-fallback")
            setup = self._setup
            if setup is None or (setup.done() and setup.exception() is not None):
                setup = self._setup = self._runner.submit(self._set_up)
            return setup

    def prepare(self, reason: str = "recall fallback set-up") -> Any:
        """Return the fallback's ``Memory``, waiting up to ``setup_s`` for its one-time set-up (``start``).

        Raises:
            RecallUnavailable: the set-up is still running after ``setup_s``.
            StoreError: the set-up failed (a bad ``database_url``).
        """
        setup = self.start()
        try:
            return setup.result(timeout=self.setup_s)
        except FuturesTimeout:
            log.warning("recall fallback: set-up still running after %s s", self.setup_s)
            raise RecallUnavailable(f"{reason}, and the direct recall was still setting up after "
                                    f"{self.setup_s:g} s (loading code, the tokenizer's dictionary and the "
                                    "lexicons, once per process; the database was not asked yet)") from None

    def close(self) -> None:
        """Stop the thread pool and release the database connections."""
        with self._lock:
            runner, setup = self._runner, self._setup
        if runner is not None:
            runner.shutdown(wait=False)
        if setup is not None and setup.done() and setup.exception() is None:
            setup.result().close()

    def _set_up(self) -> Any:
        """Build the ``Memory`` and answer the warm-up recalls on a throwaway store (``warm_up_recall``; no
        database access: a database that does not answer cannot hold the set-up). A warm-up that fails is
        logged: the ``Memory`` is returned all the same, and its first recall loads what the warm-up could not."""
        from memory_core.errors import GulfstreamError
        from memory_core.recall_warm_up import warm_up_recall
        from memory_core.service import Memory
        from memory_core.settings import load_settings
        from memory_core.store.sql import SqlStore

        store = SqlStore(self.database_url, migrate=False, connect_timeout_s=max(1, round(self.timeout_s)))
        memory = Memory(store, settings=load_settings(database_url=self.database_url))
        try:
            took = warm_up_recall()
        except (OSError, GulfstreamError) as exc:  # the scratch store: a full or read-only temporary folder
            log.warning("recall fallback warm-up failed (its first recall loads what it needs): %r", exc)
        else:
            log.info("recall fallback warmed up in %.0f ms", took * 1e3)
        return memory
