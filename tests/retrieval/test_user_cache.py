"""The per-user cache behind both recallers: bounded, least recently used dropped first."""

from __future__ import annotations

import pytest

from memory_core.errors import InvalidField
from memory_core.retrieval.user_cache import UserCache


def test_least_recently_used_user_is_dropped_first() -> None:
    cache: UserCache[str] = UserCache(max_users=2)
    cache.put("ann", "a")
    cache.put("bo", "b")
    assert cache.get("ann") == "a"  # ann is now the most recently used
    cache.put("cy", "c")
    assert (cache.get("bo"), cache.get("ann"), cache.get("cy")) == (None, "a", "c")
    cache.pop("ann")
    cache.pop("nobody")
    assert len(cache) == 1
    cache.clear()
    assert len(cache) == 0 and cache.get("cy") is None


def test_size_below_one_is_refused() -> None:
    with pytest.raises(InvalidField, match="max_users"):
        UserCache(max_users=0)


def test_byte_budget_drops_least_recently_used_first():
    cache: UserCache[str] = UserCache(max_users=100, max_bytes=1000)
    cache.put("a", "A", 400)
    cache.put("b", "B", 400)
    assert cache.get("a") == "A"  # a is now the most recently used
    cache.put("c", "C", 400)  # 1200 > 1000: b goes, not a
    assert cache.get("b") is None and cache.get("a") == "A" and cache.get("c") == "C"
    assert cache.nbytes == 800 and cache.evictions == 1
    assert cache.get("a") == "A"  # used, then grown (as a recall index after applying changes)
    cache.resize("a", 900)  # the other one goes
    assert cache.get("c") is None and cache.nbytes == 900
    cache.put("huge", "H", 5000)  # alone over the budget: kept, everything else dropped
    assert len(cache) == 1 and cache.get("huge") == "H"
    cache.pop("huge")
    assert cache.nbytes == 0
    with pytest.raises(InvalidField):
        UserCache(max_bytes=0)


def test_recaller_keeps_indexes_within_its_byte_budget():
    import tempfile

    from memory_core.retrieval.recall import Recaller
    from memory_core.store.yaml_store import YamlStore

    store = YamlStore(tempfile.mkdtemp())
    for user in ("u1", "u2", "u3"):
        for n in range(30):
            store.add(user, f"{user} likes thing number {n} 火锅", "taste")
    one = Recaller(store).index_for("u1")[0].nbytes()
    recaller = Recaller(store, max_bytes=int(one * 2.5))
    for user in ("u1", "u2", "u3"):
        assert recaller.recall(user, "火锅", 3)
    assert len(recaller.cache) == 2 and recaller.cache.nbytes <= one * 2.5
    assert recaller.cache.get("u1") is None  # the least recently used went
    assert recaller.recall("u1", "thing", 3)[0].item.user_id == "u1"  # rebuilt on demand
