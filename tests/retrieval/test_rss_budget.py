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


class Process:
    """A model of a recall process as its RSS shows it (pure logic, for ``ProcessBudget``'s rules).

    RSS = ``base`` + the real bytes of the cached indexes (``real`` × their estimates: estimates short)
    + memory freed by evicted indexes that the allocator keeps (``kept``; reused by the next index,
    given back only by a trim, of which ``trim_gives`` comes back).
    """

    def __init__(self, base: int, real: float, trim_gives: float) -> None:
        self.base, self.real, self.trim_gives = base, real, trim_gives
        self.live = 0
        self.kept = 0
        self.trims = 0
        self.sizes: dict[str, int] = {}

    def rss(self) -> int:
        return self.base + self.live + self.kept

    def put(self, cache: UserCache[str], user: str, estimate: int) -> None:
        size = int(estimate * self.real)
        reused = min(self.kept, size)
        self.kept -= reused
        self.live += size
        self.sizes[user] = size
        cache.put(user, user, estimate)

    def evicted(self, user: str, _value: str) -> None:
        size = self.sizes.pop(user)
        self.live -= size
        self.kept += size

    def trim(self, _pad: int) -> int:
        self.trims += 1
        self.kept -= int(self.kept * self.trim_gives)
        return 1


@pytest.mark.parametrize(("real", "trim_gives"), [(1.0, 0.0), (1.25, 0.0), (1.25, 0.5), (1.6, 0.2)])
def test_rss_stays_under_the_ceiling_when_estimates_are_short_and_freed_memory_is_kept(
        monkeypatch: pytest.MonkeyPatch, real: float, trim_gives: float) -> None:
    mib = 1 << 20
    process = Process(base=300 * mib, real=real, trim_gives=trim_gives)
    monkeypatch.setattr("memory_core.retrieval.rss_budget._malloc_trim", process.trim)
    cache: UserCache[str] = UserCache(100_000, 512 * mib, on_evict=process.evicted)
    ram = ProcessBudget(cache, 512 * mib, measure=process.rss)
    rng = __import__("random").Random(7)
    worst = 0
    for n in range(6000):  # first visits, then the same users again: the cache fills, then churns
        user = f"u{n % 4000}"
        if cache.get(user) is None:
            process.put(cache, user, rng.randint(180_000, 320_000))
            ram.check(cache.nbytes and 320_000)
        if n % 64 == 0:
            ram.check()
        if n > 3000:
            worst = max(worst, process.rss())
    assert process.rss() <= 512 * mib and worst <= 512 * mib + 2 * 320_000 * real  # at most one index's overshoot
    assert len(cache) > 400  # ~(512 - 300 - reserve) MiB / ~0.25 MiB each / real: churn did not shrink it to one
    assert cache.evictions > 0


def test_rss_over_the_ceiling_makes_the_cache_give_up_the_excess_and_trim(monkeypatch: pytest.MonkeyPatch) -> None:
    trims: list[int] = []
    monkeypatch.setattr("memory_core.retrieval.rss_budget._malloc_trim", lambda pad: trims.append(pad) or 1)
    cache: UserCache[str] = UserCache(1000, 100 << 20)
    for u in range(100):
        cache.put(f"u{u}", "index", 1 << 20)
    rss = [50 << 20]
    ram = ProcessBudget(cache, 200 << 20, measure=lambda: rss[0])
    ram.check()
    assert len(cache) == 100 and ram.over == 0 and not trims  # under: nothing given up
    ram.check()
    rss[0] = (200 << 20) + (3 << 20)  # over the ceiling with no growth the cache could see
    ram.check()
    assert ram.over == 1 and trims and len(cache) < 100 - 3  # the excess and half the reserve given up, trimmed
    kept = len(cache)
    rss[0] = 150 << 20  # back under: nothing more given up
    ram.check()
    assert len(cache) == kept and ram.over == 1
    rss[0] = (200 << 20) + (1 << 20)  # over again, below the high-water mark: the excess given up again
    ram.check()
    assert ram.over == 2 and kept - 4 <= len(cache) < kept
