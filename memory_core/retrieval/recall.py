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

import threading
import time
from collections.abc import Mapping
from datetime import datetime

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
from memory_core.retrieval.stages import HYBRID_PRESETS, HybridSettings
from memory_core.retrieval.user_cache import UserCache
from memory_core.store.base import MemoryStore
from memory_core.store.turns import TurnStore
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


class Recaller:
    """Recall for many users over one store, with a per-user index cache.

    A user's index is built on first use from the store's items in
    ``INDEXED_STATUSES`` (deleted items are never indexed, so never recalled;
    a store offering ``list_items_for_index`` gives them without history, so
    recalled items may carry an empty ``history``) and reused while
    ``store.memory_version(user_id)`` is unchanged. At most
    ``max_users`` indexes are kept, least recently used dropped first. For a
    warm user the version is asked for (``store.memory_version_later``)
    before the cached index is searched and read after, so on PostgreSQL
    the round trip overlaps the search; the answer is returned only if the
    version still matches, else the index is rebuilt and searched again.

    Args:
        store: the memory store; when it is also a ``TurnStore`` its turns
            feed the turn-window signal (a plain ``MemoryStore`` works too,
            without neighbour text).
        max_users: cache size in users (>= 1).
        settings: default stages and fusion weights (``HYBRID_PRESETS["hybrid"]``).
        window: neighbouring turns indexed on each side of an item's source turn.

    Attributes:
        timings: ``RecallTimings`` of the last ``recall`` call (None before any).
        build_count: indexes built so far (for tests and metrics).
    """

    def __init__(self, store: MemoryStore, max_users: int = 1024, settings: HybridSettings | None = None,
                 window: int = DEFAULT_WINDOW) -> None:
        self.settings = settings or HYBRID_PRESETS["hybrid"]
        self.settings.validate()
        self.window = window
        self.store = store
        self.max_users = max_users
        self.timings: RecallTimings | None = None
        self.build_count = 0
        self._cache: UserCache[tuple[str, HybridIndex]] = UserCache(max_users)
        self._count_lock = threading.Lock()

    def index_for(self, user_id: str) -> tuple[HybridIndex, RecallTimings]:
        """Return the user's current index (building it if needed) and the time spent.

        Raises:
            InvalidField: a malformed user id.
            StoreError: the store failed.
        """
        user_id = check_id(user_id, "user id")
        t0 = time.perf_counter()
        version = self.store.memory_version(user_id)
        t1 = time.perf_counter()
        cached = self._cache.get(user_id)
        if cached is not None and cached[0] == version:
            return cached[1], RecallTimings(version_ms=(t1 - t0) * 1e3, items=len(cached[1]))
        light = getattr(self.store, "list_items_for_index", None)  # items without history, when offered
        items = light(user_id, INDEXED_STATUSES) if light is not None \
            else self.store.list_items(user_id, statuses=INDEXED_STATUSES)
        turns = self.store.list_turns(user_id) if isinstance(self.store, TurnStore) else None
        index = HybridIndex.build(items, turns, self.window)
        t2 = time.perf_counter()
        with self._count_lock:
            self.build_count += 1
        self._cache.put(user_id, (version, index))
        return index, RecallTimings((t1 - t0) * 1e3, (t2 - t1) * 1e3, rebuilt=True, items=len(index))

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
        check_query(query, k)
        user_id = check_id(user_id, "user id")
        cached = self._cache.get(user_id)
        if cached is not None:
            t0 = time.perf_counter()
            answer = self.store.memory_version_later(user_id)
            try:
                results = cached[1].search(query, k, filters, weights, now, settings or self.settings)
            finally:
                t1 = time.perf_counter()
                current = answer()
            if current == cached[0]:  # still current: the answer stands
                self.timings = RecallTimings(version_ms=(time.perf_counter() - t1) * 1e3,
                                             search_ms=(t1 - t0) * 1e3, items=len(cached[1]))
                return results
        index, timings = self.index_for(user_id)
        t0 = time.perf_counter()
        results = index.search(query, k, filters, weights, now, settings or self.settings)
        timings.search_ms = (time.perf_counter() - t0) * 1e3
        self.timings = timings
        return results

    def set_hits(self, user_id: str, hits: Mapping[str, int]) -> int:
        """Pass new hit counts to the user's cached index, if any; return items updated."""
        cached = self._cache.get(user_id)
        return cached[1].set_hits(hits) if cached is not None else 0

    def invalidate(self, user_id: str) -> None:
        """Drop the user's cached index (after erasure, or a change the version misses)."""
        self._cache.pop(user_id)

    def clear(self) -> None:
        """Drop every cached index."""
        self._cache.clear()
