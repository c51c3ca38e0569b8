"""The Recaller's side of index snapshots: load and catch up a cold user, save in the background.

``SnapshotKeeping`` is mixed into ``recall.Recaller``: a user not in the
cache is loaded from its snapshot (``snapshot.IndexSnapshots``), given the
store's hit counts (``item_usage``: hits move no version) and caught up with
the changes since (``Recaller._update``, as any cached index), before an
index is built from the store. Snapshots are written from one background
thread (a large index by a forked child: ``IndexSnapshots.save_forked``): after a build,
after a compaction, and when an index that changed since its last snapshot
is evicted; a save waits for a moment when no recall is being answered
(``SnapshotKeeping.answering``).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import TYPE_CHECKING

from memory_core.decay import Decay
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.snapshot import IndexSnapshots, refresh_usage, restore_index
from memory_core.retrieval.user_cache import UserCache
from memory_core.store.base import MemoryStore

__all__ = ["FORK_FROM_ITEMS", "IDLE_WAIT_S", "SnapshotKeeping", "gc_paused"]

#: A snapshot save waits at most this long (s) for a moment when no recall is being answered.
IDLE_WAIT_S = 0.5
#: An index of at least this many items is saved by a forked child (``IndexSnapshots.save_forked``);
#: a smaller one is pickled on the saving thread (1,000 items: ~40 ms, less than a fork of a large
#: worker process costs it in page tables).
FORK_FROM_ITEMS = 1000


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while an index is built or loaded.

    Both make ~10 container objects per item; with the collector on, its
    passes over the whole heap took 4-5x the time of the load itself
    (10,000 items: 0.6 s against 0.12 s to unpickle, measured).
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class SnapshotKeeping:
    """Loading and saving snapshots for ``Recaller`` (which sets the attributes below)."""

    if TYPE_CHECKING:
        store: MemoryStore
        window: int
        decay: Decay | None
        restore_count: int
        _count_lock: threading.Lock
        _cache: UserCache[HybridIndex]

        def _update(self, user_id: str, index: HybridIndex) -> HybridIndex: ...

        def _maybe_compact(self, index: HybridIndex, user_id: str | None = None) -> None: ...

    snapshots: IndexSnapshots | None = None
    _saver: ThreadPoolExecutor | None = None
    _idle: threading.Event | None = None
    _answering = 0

    @contextmanager
    def answering(self) -> Iterator[None]:
        """Mark a recall being answered: snapshot saves wait for none to be (``IDLE_WAIT_S`` at most), and so do
        write-behind catch-ups (``recall_delta.CATCH_UP_IDLE_WAIT_S``).

        A save takes the GIL (and, below ``FORK_FROM_ITEMS`` items, the index's lock) for
        milliseconds; run beside a cold user's first recall it made that recall wait.
        """
        idle = self._idle
        if idle is None:
            yield
            return
        with self._count_lock:
            self._answering += 1
            idle.clear()
        try:
            yield
        finally:
            with self._count_lock:
                self._answering -= 1
                if not self._answering:
                    idle.set()

    def _keep_snapshots(self, snapshots: IndexSnapshots | None) -> None:
        """Use ``snapshots`` when the store gives hit counts (``item_usage``: SQL stores); start the saving thread."""
        self.snapshots = snapshots if self.store.sql_tables() is not None else None
        if self.store.sql_tables() is not None:  # recalls counted: saves and write-behind catch-ups wait for none
            self._idle = threading.Event()
            self._idle.set()
        if self.snapshots is not None:
            self._saver = ThreadPoolExecutor(1, thread_name_prefix="gulfstream-snapshot")

    def _restore(self, user_id: str, version: str | None) -> HybridIndex | None:
        """The user's index from its snapshot, caught up (to ``version``, None: the store's); None without one."""
        if self.snapshots is None:
            return None
        state = self.snapshots.load(user_id, HybridIndex(self.window, self.decay))
        if state is None:
            return None
        index = restore_index(state)
        index.saved_version = index.version
        tables = self.store.sql_tables()
        if tables is None:  # no hit counts to refresh a snapshot with (snapshots are off for such a store)
            return None
        with index.lock:
            refresh_usage(index, tables.item_usage(user_id))
            if index.version != version:
                caught_up = self._update(user_id, index)
                if caught_up is not index:  # erased and started again: the snapshot is of no use
                    self.snapshots.drop(user_id)
                    return caught_up
        with self._count_lock:
            self.restore_count += 1
        self._cache.put(user_id, index, index.nbytes())
        self._maybe_compact(index, user_id)
        return index

    def _save_later(self, user_id: str, index: HybridIndex) -> None:
        """Save the index's snapshot on the background thread (if snapshots are kept)."""
        if self._saver is None or self.snapshots is None:
            return
        snapshots, idle = self.snapshots, self._idle

        def save() -> None:
            if idle is not None:
                idle.wait(IDLE_WAIT_S)
            version = index.version
            try:
                if len(index) >= FORK_FROM_ITEMS:  # the lock held for the fork only, not the pickling
                    snapshots.save_forked(user_id, index)
                else:
                    with gc_paused():
                        snapshots.save(user_id, index)
                index.saved_version = version
            except Exception as exc:  # the snapshot is a cache: recall goes on without it
                snapshots._failed("save", user_id, exc)

        self._saver.submit(save)

    def _evicted(self, user_id: str, index: HybridIndex) -> None:
        """Save an evicted index that changed since its last snapshot."""
        if index.version != index.saved_version:
            self._save_later(user_id, index)

    def _drop_snapshot(self, user_id: str) -> None:
        """Delete the user's snapshot now and again after any save queued before (erasure)."""
        if self.snapshots is not None:
            self.snapshots.drop(user_id)
            if self._saver is not None:
                self._saver.submit(self.snapshots.drop, user_id)

    def flush_snapshots(self, timeout_s: float | None = None) -> None:
        """Wait for the snapshots queued so far to be written (tests, shutdown)."""
        if self._saver is not None:
            self._saver.submit(lambda: None).result(timeout=timeout_s)
