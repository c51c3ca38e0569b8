"""Keep a recall process under a resident-memory ceiling by shrinking its index cache's byte budget.

The cache's own accounting (``HybridState.nbytes``) counts the indexes; the
process also holds the interpreter, the libraries, the Chinese dictionary
(~70 MiB), an embedding model when one is configured, and memory the
allocator keeps after indexes are dropped. ``ProcessBudget`` reads the
process's resident set (Linux ``/proc/self/statm``) after each index built or
loaded, takes ``overhead = RSS − cache bytes`` (the largest seen until the
cache first evicts) and gives the cache ``ceiling − overhead`` (never more
than its own configured budget), so RSS stays near or under the ceiling
whatever the accounting misses. The overhead is not measured after the first
eviction: memory freed by an evicted index stays in the process (the
allocator keeps it for the next index), so RSS no longer falls with the
cache, and counting that as overhead shrank the cache to one index
(measured: 10,000 users, 512 MiB). After it, only RSS growing past its
high-water mark is added (the cache, full, cannot be what grew): without
that the worker ended 2-4 % over a 512 MiB ceiling. Growth is seen only
after it happened, and memory freed by the evictions that answer it stays
with the allocator, so with that alone RSS still ended 1-2.5 % over (6-13
MiB of 512): the cache is also kept a reserve below the ceiling (1/64 of
it, and at least twice the largest index seen: what one build adds before
the next check), and when the budget shrinks the C allocator is asked to
give its free pages back (glibc ``malloc_trim``) so the shrink shows in RSS.
With all that RSS still ended 2 MiB over a 512 MiB ceiling (indexes larger
than their estimates, then evicted, and memory kept after them): when RSS is
over the ceiling itself, the cache gives up the excess (at most an eighth
of it per check) and the allocator is trimmed again, whatever the
high-water mark says (``cut``: the estimate's error, learned from RSS).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
from collections.abc import Callable
from typing import Any

from memory_core.errors import InvalidField
from memory_core.retrieval.user_cache import UserCache

__all__ = ["ProcessBudget", "resident_bytes"]

log = logging.getLogger(__name__)
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _trimmer() -> Any:
    """glibc's ``malloc_trim`` (None elsewhere)."""
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None


_malloc_trim = _trimmer()


def resident_bytes() -> int | None:
    """This process's resident set size in bytes (None where ``/proc/self/statm`` is missing)."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return None


class ProcessBudget:
    """Shrinks ``cache.max_bytes`` so the process's RSS stays under ``ceiling`` bytes.

    Args:
        cache: the index cache (its ``max_bytes``, None for none, is the most it will be given).
        ceiling: the process's resident-memory budget, bytes (>= 1).
        measure: the process's RSS in bytes, None when unknown (``resident_bytes``; tests pass a model).

    Attributes:
        overhead: the largest ``RSS − cache bytes`` seen before the first eviction, plus any growth of
            RSS past its high-water mark after it, plus what was given up while RSS was over the
            ceiling (bytes).
        over: checks that found RSS over the ceiling (each gave some of the cache up).
        peak: the largest RSS seen, bytes.
        largest: the largest index size passed to ``check``, bytes.
        budget: the byte budget last given to the cache.

    Raises:
        InvalidField: ``ceiling`` below 1.
    """

    def __init__(self, cache: UserCache[Any], ceiling: int,
                 measure: Callable[[], int | None] = resident_bytes) -> None:
        if ceiling < 1:
            raise InvalidField(f"the memory ceiling must be at least 1 byte; got {ceiling!r}")
        self.cache = cache
        self.measure = measure
        self.over = 0
        self.ceiling = ceiling
        self.configured = cache.max_bytes
        self.overhead = 0
        self.peak = 0
        self.largest = 0
        self.budget = cache.max_bytes

    @property
    def reserve(self) -> int:
        """Bytes kept free below the ceiling: 1/64 of it, and at least twice the largest index seen."""
        return max(self.ceiling // 64, 2 * self.largest)

    def check(self, index_bytes: int = 0) -> None:
        """Measure RSS now and give the cache what is left under the ceiling (evicting if needed).

        Args:
            index_bytes: the estimated size of the index just built or loaded (for ``reserve``).
        """
        self.largest = max(self.largest, index_bytes)
        rss = self.measure()
        if rss is None:
            return
        if self.cache.evictions == 0 or not self.overhead:
            self.overhead = max(self.overhead, rss - self.cache.nbytes)
        elif rss > self.peak:  # grown past its high-water mark with the cache full: that growth is not the cache's
            self.overhead += rss - self.peak
        self.peak = max(self.peak, rss)
        over = rss > self.ceiling and len(self.cache) > 1
        if over:  # over whatever was counted (estimates short, memory kept after evictions): give the excess up
            self.over += 1
            self.overhead += min(rss - self.ceiling + self.reserve // 2, self.cache.nbytes // 8)
        budget = max(1, self.ceiling - self.overhead - self.reserve)
        if self.configured is not None:
            budget = min(budget, self.configured)
        shrunk = over or (self.budget is not None and budget < self.budget)
        if shrunk:
            log.info("recall cache budget %d MiB (process %d MiB, %d MiB outside the indexes, ceiling %d MiB)",
                     budget >> 20, rss >> 20, self.overhead >> 20, self.ceiling >> 20)
        if budget != self.budget:
            self.budget = budget
            self.cache.set_max_bytes(budget)
        if shrunk and _malloc_trim is not None:
            _malloc_trim(0)  # the evicted indexes' free pages back to the system
