"""The embedded mode's background re-embed: one low-priority thread that replaces coarse vectors by the model's.

With ``embed_passages="tiered"`` the write path stores the static table's
vector of each new text (``embedding.sync``, instant), and asks this thread
(``request``) to replace those vectors by the model's. The thread takes one
user at a time, at most ``slice_texts`` texts per turn of its loop (so a
user with a long backlog does not hold the others back), and lowers its own
scheduling priority (``os.setpriority`` on its thread id, Linux) so curation
and recall in the same process come first. A failed slice is logged and
counted, and retried after ``retry_s``; what it replaced before stays. The
workers run the same step as a task on the ``embed`` queue
(``workers.embed_tasks``).
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable

from memory_core.embedding.base import EmbeddingError
from memory_core.embedding.sync import EmbedReport
from memory_core.errors import StoreError

__all__ = ["Refiner"]

log = logging.getLogger(__name__)


class Refiner:
    """A daemon thread that runs ``refine(user_id, limit)`` for the users asked, one slice at a time.

    Args:
        refine: replaces up to ``limit`` of the user's coarse vectors; its report's ``left``
            says what remains (``embedding.sync.refine_user`` bound to a store and embedder).
        slice_texts: texts per slice (>= 1).
        nice: added to the thread's scheduling niceness (0: unchanged).
        retry_s: wait after a failed slice before the next (s).

    Attributes:
        failures: slices that failed. replaced: vectors replaced.
    """

    def __init__(self, refine: Callable[[str, int], EmbedReport], slice_texts: int = 32, nice: int = 10,
                 retry_s: float = 5.0) -> None:
        self._refine = refine
        self.slice_texts = max(1, slice_texts)
        self.nice = nice
        self.retry_s = retry_s
        self.failures = 0
        self.replaced = 0
        self._pending: dict[str, None] = {}  # users in request order
        self._cond = threading.Condition()
        self._busy = False
        self._closed = False
        self._thread: threading.Thread | None = None

    def request(self, user_id: str) -> None:
        """Ask for the user's coarse vectors to be replaced (the thread starts on the first request)."""
        with self._cond:
            if self._closed:
                return
            self._pending[user_id] = None
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="gulfstream-refine", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def wait_idle(self, timeout_s: float | None = None) -> bool:
        """Block until nothing is pending or running; return False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout_s)

    def close(self, timeout_s: float = 5.0) -> None:
        """Stop the thread after its current slice (what is pending stays coarse until the next start)."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join(timeout_s)

    def _lower_priority(self) -> None:
        if self.nice and hasattr(os, "setpriority"):
            try:
                os.setpriority(os.PRIO_PROCESS, threading.get_native_id(),
                               os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) + self.nice)
            except OSError as exc:  # not permitted: the thread runs at the process's priority
                log.debug("could not lower the re-embed thread's priority: %s", exc)

    def _run(self) -> None:
        self._lower_priority()
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending or self._closed)
                if self._closed:
                    return
                user_id = next(iter(self._pending))
                del self._pending[user_id]
                self._busy = True
            failed = False
            try:
                report = self._refine(user_id, self.slice_texts)
                self.replaced += report.written
                again = report.left > 0
            except (EmbeddingError, StoreError) as exc:
                self.failures += 1
                failed = again = True
                log.warning("re-embedding %s's coarse vectors failed (retried): %s", user_id, exc)
            with self._cond:
                self._busy = False
                if again and not self._closed:
                    self._pending.setdefault(user_id, None)  # behind the users already waiting
                self._cond.notify_all()
                if failed:
                    self._cond.wait_for(lambda: self._closed, self.retry_s)
