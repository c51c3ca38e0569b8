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
