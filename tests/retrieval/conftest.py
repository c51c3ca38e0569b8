"""A dict-backed MemoryStore for the retrieval unit tests."""

from __future__ import annotations

import threading
from contextlib import AbstractContextManager

import pytest

from memory_core.model import MemoryItem
from memory_core.store.base import MemoryStore, SelfCheckReport


class DictStore(MemoryStore):
    """Items in a dict per user; counts whole-user loads."""

    def __init__(self) -> None:
        self.data: dict[str, dict[str, MemoryItem]] = {}
        self.lock = threading.RLock()
        self.loads = 0

    def _load_all(self, user_id: str) -> dict[str, MemoryItem]:
        self.loads += 1
        return {k: v.copy() for k, v in self.data.get(user_id, {}).items()}

    def _save_all(self, user_id: str, items: dict[str, MemoryItem]) -> None:
        self.data[user_id] = {k: v.copy() for k, v in items.items()}

    def _write_lock(self, user_id: str) -> AbstractContextManager[None]:
        return self.lock  # type: ignore[return-value]

    def users(self) -> list[str]:
        return sorted(u for u, items in self.data.items() if items)

    def erase_user(self, user_id: str) -> int:
        return len(self.data.pop(user_id, {}))

    def self_check(self, repair: bool = True) -> SelfCheckReport:
        return SelfCheckReport(item_count=sum(len(v) for v in self.data.values())).finish()


@pytest.fixture
def store() -> DictStore:
    return DictStore()
