"""The smallest real ``MemoryStore`` for unit tests of pure logic: the abstract primitives over dicts."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

from memory_core.model import MemoryItem, Turn
from memory_core.pipeline import WritePipeline
from memory_core.store.base import MemoryStore, SelfCheckReport

__all__ = ["DictStore", "planned_items"]


class DictStore(MemoryStore):
    """Items in a dict per user; loads and saves copy every item, and whole-user loads are counted.

    Copies on both sides mean a batch refused half-way changes nothing
    stored, as ``MemoryStore.apply`` promises.
    """

    def __init__(self) -> None:
        self.data: dict[str, dict[str, MemoryItem]] = {}
        self.loads = 0
        self._lock = threading.RLock()

    def _load_all(self, user_id: str) -> dict[str, MemoryItem]:
        self.loads += 1
        return {k: v.copy() for k, v in self.data.get(user_id, {}).items()}

    def _save_all(self, user_id: str, items: dict[str, MemoryItem]) -> None:
        self.data[user_id] = {k: v.copy() for k, v in items.items()}

    @contextmanager
    def _write_lock(self, user_id: str) -> Iterator[None]:
        with self._lock:
            yield

    def users(self, prefix: str = "") -> list[str]:
        return sorted(u for u, items in self.data.items() if items and u.startswith(prefix))

    def erase_user(self, user_id: str) -> int:
        return len(self.data.pop(user_id, {}))

    def self_check(self, repair: bool = True) -> SelfCheckReport:
        return SelfCheckReport(item_count=sum(len(v) for v in self.data.values())).finish()


def planned_store(texts: list[str], apart: timedelta, *,
                  start: datetime = datetime(2026, 2, 1, tzinfo=UTC)) -> DictStore:
    """The ``DictStore`` user ``u1``'s turns ``texts``, said ``apart`` from ``start``, leave through the default
    ``WritePipeline`` (for tests that read items' histories)."""
    store, pipeline = DictStore(), WritePipeline()
    for n, text in enumerate(texts):
        store.apply("u1", pipeline.plan(Turn("u1", f"t{n}", "s", "user", text, start + apart * n), store))
    return store


def planned_items(texts: list[str], apart: timedelta, *, events: bool = False,
                  start: datetime = datetime(2026, 2, 1, tzinfo=UTC)) -> list[tuple[str, str, str]]:
    """(status, key, description) of the items user ``u1``'s turns ``texts``, said ``apart`` from ``start``, leave
    through the default ``WritePipeline`` on a ``DictStore`` (superseded ones included; events only when asked)."""
    store = planned_store(texts, apart, start=start)
    return [(str(i.status), str(i.key), i.description) for i in store.list_items("u1", statuses=None)
            if events or i.kind != "event"]
