"""Per-user recall over a store: the hybrid index of each user, cached by memory version.

``Recaller(store).recall(user_id, query, k, filters, weights)`` is what the
service and the recall worker call. Each user's ``hybrid.HybridIndex`` is
built on first use from the store's items in ``INDEXED_STATUSES`` (and, when
the store also keeps turns, from the user's turns, for the turn-window
signal), then reused while ``store.memory_version(user_id)`` is unchanged
(hits do not change the version; the caller passes new hit counts with
``set_hits``). The stages that run are a ``stages.HybridSettings``: the
Recaller's default, or one passed per call.

This module also re-exports the lexical index's public names, so callers
keep importing them from here.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from memory_core.decay import Decay
from memory_core.embedding.base import Embedder, QueryCache
from memory_core.model import MemoryItem, Status
from memory_core.retrieval.hybrid import DEFAULT_WINDOW, HybridIndex
from memory_core.retrieval.index import (
    INDEXED_STATUSES,
    MAX_K,
    PRESETS,
    RecallFilters,
    RecallIndex,
    RecallResult,
    RecallTimings,
    RecallWeights,
    check_query,
)
from memory_core.retrieval.provenance import ContextNote, context_notes
from memory_core.retrieval.query_vector import _QueryVector
from memory_core.retrieval.recall_delta import DeltaKeeping
from memory_core.retrieval.recall_snapshots import SnapshotKeeping, gc_paused
from memory_core.retrieval.rss_budget import ProcessBudget
from memory_core.retrieval.snapshot import IndexSnapshots
from memory_core.retrieval.stages import HYBRID_PRESETS, HybridSettings
from memory_core.retrieval.user_cache import UserCache
from memory_core.store.base import MemoryStore
from memory_core.store.sql_vectors import SqlVectors
from memory_core.validation import check_id

__all__ = [
    "HYBRID_PRESETS",
    "INDEXED_STATUSES",
    "MAX_K",
    "PRESETS",
    "HybridIndex",
    "HybridSettings",
    "RecallFilters",
    "RecallIndex",
    "RecallResult",
    "RecallTimings",
    "RecallWeights",
    "Recaller",
]

log = logging.getLogger(__name__)
#: The process's RSS is checked against its ceiling after every build or load, and every this many recalls.
RSS_CHECK_EVERY = 64


class Recaller(DeltaKeeping, SnapshotKeeping):
    """Recall for many users over one store, with a per-user index cache kept current by deltas.

    A user's index is built on first use from the store's items in
    ``INDEXED_STATUSES`` (deleted items are never indexed, so never recalled;
    a store offering ``list_items_for_index`` gives them without history, so
    recalled items may carry an empty ``history``). When
    ``store.memory_version(user_id)`` has moved, the index is not rebuilt:
    the items changed since its version (``store.changes_since``) and the
    turns after its last one are applied to it (``HybridIndex.apply``); only
    a store that answers with its complete set while it also keeps turns (a
    user erased and started again) gets a rebuild. When an index's append
    segment or tombstones outgrow it, a background thread compacts it.

    The cache holds at most ``max_users`` indexes and, when ``max_bytes`` is
    given, at most that many estimated bytes (``HybridState.nbytes``); the
    least recently used go first. For a warm user the version is asked for
    (``store.memory_version_later``) before the cached index is searched and
    read after, so on PostgreSQL the round trip overlaps the search; the
    answer is returned only if the version still matches, else the delta is
    applied and the index searched again. A user whose index was stale at
    the last recall (a chat writes a turn between two recalls) is searched
    only after the version is read, so the stale search is not wasted.

    Args:
        store: the memory store; when it keeps a turn log (``turn_log()``) its turns
            feed the turn-window signal (a plain ``MemoryStore`` works too,
            without neighbour text).
        max_users: cache size in users (>= 1).
        settings: default stages and fusion weights (``HYBRID_PRESETS["hybrid"]``).
        window: neighbouring turns indexed on each side of an item's source turn.
        max_bytes: cache budget in estimated bytes (None: no byte limit).
        memory_ceiling: the process's resident-memory budget in bytes: the cache's byte budget
            shrinks to what the process holds beyond its indexes (``rss_budget``; None: none).
        compact_in_background: compact grown indexes on a thread (False: in the calling thread).
        decay: strength parameters for ranking (default ``Decay()``; ``Settings.decay()``).
        snapshots: where indexes are saved and loaded (``snapshot.IndexSnapshots``; None: never
            saved): a user not in the cache is loaded from its snapshot and caught up with the
            changes since (hit counts re-read: ``item_usage``), else built and then saved; an
            index is saved again (on one background thread) when it is compacted and when it is
            evicted after changing. Needs a store with ``item_usage`` (the SQL store).
        embedder: when given (and the store has SQL tables, ``sql_tables()``), the stored vectors of
            its model join each index as a dense ranking (loaded as they are written:
            the rows written since the index last looked, on each version change),
            and each query is embedded once (repeated queries from a cache). A store
            holding another model's vectors is refused here.

    Raises:
        VectorModelMismatch: the store's vectors were made by another model or dimension.

    Attributes:
        timings: ``RecallTimings`` of the last ``recall`` call (None before any).
        build_count: indexes built from scratch so far (for tests and metrics).
        restore_count: indexes loaded from a snapshot so far.
        delta_count: change sets applied to cached indexes so far.
        embed_failures: query embeddings that failed (recall then ran lexically, ``degraded``).
    """

    def __init__(self, store: MemoryStore, max_users: int = 1024, settings: HybridSettings | None = None,
                 window: int = DEFAULT_WINDOW, max_bytes: int | None = None,
                 compact_in_background: bool = True, decay: Decay | None = None,
                 embedder: Embedder | None = None, snapshots: IndexSnapshots | None = None,
                 memory_ceiling: int | None = None) -> None:
        self.decay = decay
        self.settings = settings or HYBRID_PRESETS["hybrid"]
        self.settings.validate()
        self.window = window
        self.store = store
        self.max_users = max_users
        self.timings: RecallTimings | None = None
        self.build_count = 0
        self.restore_count = 0
        self.delta_count = 0
        self.compact_in_background = compact_in_background
        self._keep_snapshots(snapshots)
        self._cache: UserCache[HybridIndex] = UserCache(
            max_users, max_bytes, on_evict=self._evicted if self.snapshots is not None else None)
        self._ram = ProcessBudget(self._cache, memory_ceiling) if memory_ceiling is not None else None
        self._count_lock = threading.Lock()
        self._recalls = 0
        self._compacting: set[int] = set()
        self._mail = {}
        self.embed_failures = 0
        self._tables = store.sql_tables()  # the vectors' table and a one-round-trip catch-up (SQL stores)
        self._turn_log = store.turn_log()  # the turns the index holds beside the items, when the store keeps them
        self.embedder = embedder if self._tables is not None else None
        self._vectors = SqlVectors(self._tables) if self.embedder is not None and self._tables is not None else None
        self.query_cache = QueryCache(self.embedder) if self.embedder is not None else None
        if self.embedder is not None and self._vectors is not None:
            self._vectors.check_model(self.embedder.model_id, self.embedder.dim)

    @property
    def cache(self) -> UserCache[HybridIndex]:
        """The per-user index cache (sizes, budget, evictions)."""
        return self._cache

    def index_for(self, user_id: str, version: str | None = None) -> tuple[HybridIndex, RecallTimings]:
        """Return the user's current index (building or updating it if needed) and the time spent.

        Args:
            user_id: whose index.
            version: the user's memory version when the caller has just read it (else read here).

        Raises:
            InvalidField: a malformed user id.
            StoreError: the store failed.
        """
        user_id = check_id(user_id, "user id")
        t0 = time.perf_counter()
        cached = self._cache.get(user_id)
        if version is None and (cached is not None or self._tables is None):
            version = self.store.memory_version(user_id)  # a cold user's comes with its rows (index_rows)
        t1 = time.perf_counter()
        if cached is not None and cached.version == version:
            return cached, RecallTimings(version_ms=(t1 - t0) * 1e3, items=len(cached))
        if cached is not None:
            seen = (cached.version, cached.last_seq)
            with self._flight(cached):  # round trips outside the lock: a search waits for the apply only
                delta = self._read_delta(user_id, *seen)
                with cached.lock:
                    index = cached if cached.version == version else self._update(
                        user_id, cached, delta if (cached.version, cached.last_seq) == seen else None)
            if index is cached:
                self._cache.resize(user_id, cached.nbytes())
                self._maybe_compact(cached, user_id)
        else:
            with gc_paused():  # a build or load makes ~10 objects per item: no collection passes meanwhile
                index = self._restore(user_id, version) or self._build(user_id, version)
        if self._ram is not None:
            self._ram.check(index.nbytes())
        t2 = time.perf_counter()
        return index, RecallTimings((t1 - t0) * 1e3, (t2 - t1) * 1e3, rebuilt=index is not cached,
                                    items=len(index))

    def _build(self, user_id: str, version: str | None, items: list[MemoryItem] | None = None) -> HybridIndex:
        last_seq, vectors = None, None
        if items is None and self._tables is not None:  # version, items and counters in one read
            rows = self._tables.index_rows(user_id)
            version, items, last_seq, vectors = rows.version, rows.items, rows.last_seq, rows.new_vectors
        elif items is None:
            items = self.store.list_items_for_index(user_id, INDEXED_STATUSES)
        turns = self._turn_log.list_turns(user_id) if self._turn_log is not None and last_seq != 0 else None
        index = HybridIndex.build(items, turns, self.window, self.decay)
        index.version = version or self.store.memory_version(user_id)
        if vectors is False and index.version.isdigit():
            index.dense_seen = int(index.version)  # the user has no vectors: none to read
        index.last_seq = max((t.seq for t in turns or ()), default=0)
        self._learn_aliases(index, list(items))
        self._load_vectors(user_id, index)
        with self._count_lock:
            self.build_count += 1
        self._cache.put(user_id, index, index.nbytes())
        self._save_later(user_id, index)
        return index

    def recall(self, user_id: str, query: str, k: int = 10, filters: RecallFilters | None = None,
               weights: RecallWeights | None = None, now: datetime | None = None,
               settings: HybridSettings | None = None) -> list[RecallResult]:
        """Return up to ``k`` of ``user_id``'s items for ``query``, best first.

        Never looks at another user's items. An unknown user gets [].
        ``settings`` overrides the Recaller's stages for this call.

        Raises:
            InvalidField, TextTooLong: as ``RecallIndex.search``, or a malformed user id.
            StoreError: the store failed.
        """
        with self.answering():  # a snapshot save waits until no recall is being answered
            results = self._recall(user_id, query, k, filters, weights, now, settings)
        self._recalls += 1
        if self._ram is not None and not self._recalls % RSS_CHECK_EVERY:  # growth between builds and loads
            self._ram.check()  # (items of a loaded index made as they are read)
        return results

    def _recall(self, user_id: str, query: str, k: int, filters: RecallFilters | None, weights: RecallWeights | None,
                now: datetime | None, settings: HybridSettings | None) -> list[RecallResult]:
        """``recall``'s work."""
        check_query(query, k)
        user_id = check_id(user_id, "user id")
        vector = _QueryVector(self.query_cache, query) if self.query_cache is not None else None
        cached = self._cache.get(user_id)
        if cached is not None:  # the listener's catch-up under way: wait for it (no search of the index it changes,
            self.landed(cached)  # no second read of its delta), then check the version as usual
            self.take_notes(user_id, cached)  # changes announced and not applied yet: applied here, unread
        if cached is not None and cached.changing and self._tables is not None:
            index, timings = self._caught_up(user_id, cached)  # mid-conversation: one round trip, no probe
        elif cached is not None:
            t0 = time.perf_counter()
            answer = self.store.memory_version_later(user_id)
            version = cached.version
            if self.store.version_read_overlaps and not cached.changing:  # search while the version is on its way
                try:
                    results = cached.search(query, k, filters, weights, now, settings or self.settings, vector)
                finally:
                    t1 = time.perf_counter()
                    current = answer()
            else:  # known at once, or likely stale (a user mid-conversation): update before any search
                current = answer()
                if current == version:
                    results = cached.search(query, k, filters, weights, now, settings or self.settings, vector)
                t1 = time.perf_counter()
            cached.changing = current != version
            if current == version:  # still current: the answer stands
                self.timings = self._noted(RecallTimings(version_ms=(time.perf_counter() - t1) * 1e3,
                                                         search_ms=(t1 - t0) * 1e3, items=len(cached)), vector)
                return results
            if vector is not None:  # searched again below: the vector (if computed) comes from the cache
                vector.used = False
            self.landed(cached)  # a catch-up under way may bring it to ``current``: no read of the delta then
            self.take_notes(user_id, cached)  # or a note posted meanwhile
            index, timings = self.index_for(user_id, current)
        else:
            index, timings = self.index_for(user_id)
        t0 = time.perf_counter()
        results = index.search(query, k, filters, weights, now, settings or self.settings, vector)
        timings.search_ms = (time.perf_counter() - t0) * 1e3
        self.timings = self._noted(timings, vector)
        return results

    def _noted(self, timings: RecallTimings, vector: _QueryVector | None) -> RecallTimings:
        """``timings`` with the query embedding's time and failure (counted) filled in."""
        if vector is not None:
            timings.embed_ms = vector.embed_ms
            if vector.error:
                timings.degraded = vector.error
                with self._count_lock:
                    self.embed_failures += 1
        return timings

    def recall_cached(self, user_id: str, query: str, k: int = 10, filters: RecallFilters | None = None,
                      weights: RecallWeights | None = None) -> list[RecallResult] | None:
        """Search the user's cached index as it is, without asking the store whether it is current.

        The degraded path while the database is down (``Memory.recall``): the
        answer may miss the changes made since the index was last updated.

        Returns:
            The results, or None when this process holds no index of the user.

        Raises:
            InvalidField, TextTooLong: as ``recall``.
        """
        check_query(query, k)
        cached = self._cache.get(check_id(user_id, "user id"))
        if cached is None:
            return None
        return cached.search(query, k, filters, weights, None, self.settings)

    def context_notes(self, user_id: str, results: Sequence[RecallResult]) -> dict[str, ContextNote]:
        """Notes for the context lines of ``results`` (``provenance.context_notes``); {} without a cached index."""
        cached = self._cache.get(user_id)
        if cached is None or not results:
            return {}
        with self.answering():
            return context_notes(cached, (r.item for r in results))

    def holds_none(self, user_id: str, theme: str, kind: str | None = None) -> bool:
        """True when this process's index of the user holds no active item of ``theme`` (and ``kind``, if given).

        The index is brought up to the store's version by every ``recall``, so right after one the answer is
        the store's: a recall need not read the user's items of a theme it holds none of (one query per
        question on a health or practical topic, ``Memory.recall``). False without a cached index (ask the store).
        """
        cached = self._cache.get(user_id)
        if cached is None:
            return False
        values = {"theme": theme, "status": str(Status.ACTIVE)} | ({} if kind is None else {"kind": kind})
        return not cached.table.holds(**values)

    def set_hits(self, user_id: str, hits: Mapping[str, int]) -> int:
        """Pass new hit counts to the user's cached index, if any; return items updated."""
        cached = self._cache.get(user_id)
        return cached.set_hits(hits) if cached is not None else 0

    def cache_stats(self) -> dict[str, Any]:
        """The cache's state: ``users`` (ids held), ``builds``/``restores``/``deltas`` (counts so far; ``carried``:
        deltas applied from a change note, unread), ``cache_bytes`` (estimated), ``evictions``."""
        return {"users": self._cache.users(), "builds": self.build_count, "restores": self.restore_count,
                "deltas": self.delta_count, "carried": self.carried_count, "cache_bytes": self._cache.nbytes,
                "evictions": self._cache.evictions}

    def invalidate(self, user_id: str) -> None:
        """Drop the user's cached index and its snapshot (after erasure, or a change the version misses)."""
        self._cache.pop(user_id)
        self._drop_snapshot(user_id)

    def clear(self) -> None:
        """Drop every cached index."""
        self._cache.clear()
