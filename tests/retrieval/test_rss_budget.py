"""A memory ceiling shrinks the index cache's budget to what the process holds beyond its indexes."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_core.errors import InvalidField
from memory_core.model import MemoryItem
from memory_core.retrieval.recall import Recaller
from memory_core.retrieval.rss_budget import ProcessBudget, resident_bytes
from memory_core.retrieval.user_cache import UserCache
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp

WORDS = ["coffee", "Lisbon", "cello", "dog", "sister", "bakery", "咖啡", "里斯本", "大提琴", "面包店", "妹妹", "公园"]


def test_the_cache_gets_the_ceiling_minus_what_the_process_holds_outside_it(tmp_path: Path) -> None:
    store = SqlStore(f"sqlite:///{tmp_path / 'm.db'}", migrate=True)
    for u in range(24):
        store.apply(f"u{u}", [AddOp(MemoryItem.create(f"u{u}", f"{WORDS[i % 12]} {WORDS[(i * 7 + u) % 12]} {i}",
                                                      "life")) for i in range(300)])
    Recaller(store).recall("u0", "咖啡 coffee", 3)  # the dictionary and the store's statements loaded first
    rss = resident_bytes()
    assert rss is not None and rss > 0
    ceiling = rss + (6 << 20) + (rss >> 6)  # a few indexes of ~0.6 MiB beyond the process and the reserve
    recaller = Recaller(store, max_bytes=64 << 20, memory_ceiling=ceiling)
    for u in range(24):
        assert recaller.recall(f"u{u}", WORDS[u % 12], 3)
    budget = recaller._ram
    assert budget is not None and budget.overhead >= rss - (1 << 20)
    assert budget.budget is not None and budget.budget <= ceiling - budget.overhead - budget.reserve
    assert budget.reserve >= ceiling // 64 and budget.largest > 0
    assert recaller.cache.nbytes <= budget.budget or len(recaller.cache) == 1  # what is left, not its 64 MiB
    assert recaller.cache.evictions > 0 and 3 <= len(recaller.cache) < 24  # churn does not shrink it to one


def test_a_ceiling_below_the_process_keeps_one_index() -> None:
    cache: UserCache[str] = UserCache(10, 1 << 30)
    for u in range(5):
        cache.put(f"u{u}", "index", 1000)
    ProcessBudget(cache, 1).check()  # the process alone is over the ceiling
    assert cache.users() == ["u4"] and cache.max_bytes == 1
    with pytest.raises(InvalidField):
        ProcessBudget(cache, 0)
