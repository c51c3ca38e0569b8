"""Fixtures for the write-pipeline tests: a dict-backed store, turns, and plan-then-apply."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from memory_core.model import MemoryItem, Turn
from memory_core.pipeline import WritePipeline
from memory_core.store.base import MemoryStore, SelfCheckReport


class DictStore(MemoryStore):
    """The smallest real ``MemoryStore``: the abstract primitives over a dict of copies.

    Loads and saves copy every item, so a batch refused half-way changes
    nothing stored, as ``MemoryStore.apply`` promises.
    """

    def __init__(self) -> None:
        self._items: dict[str, dict[str, MemoryItem]] = {}
        self._lock = threading.Lock()

    def _load_all(self, user_id: str) -> dict[str, MemoryItem]:
        return {k: v.copy() for k, v in self._items.get(user_id, {}).items()}

    def _save_all(self, user_id: str, items: dict[str, MemoryItem]) -> None:
        self._items[user_id] = {k: v.copy() for k, v in items.items()}

    @contextmanager
    def _write_lock(self, user_id: str) -> Iterator[None]:
        with self._lock:
            yield

    def users(self) -> list[str]:
        return sorted(u for u, items in self._items.items() if items)

    def erase_user(self, user_id: str) -> int:
        return len(self._items.pop(user_id, {}))

    def self_check(self, repair: bool = True) -> SelfCheckReport:
        return SelfCheckReport(item_count=sum(len(v) for v in self._items.values())).finish()


@pytest.fixture
def store() -> DictStore:
    return DictStore()


@pytest.fixture
def pipeline() -> WritePipeline:
    return WritePipeline()


TurnFactory = Callable[..., Turn]


@pytest.fixture
def make_turn() -> TurnFactory:
    """Build turns with fresh ids and timestamps one minute apart, in the past."""
    counter = itertools.count(1)
    start = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)

    def make(text: str, role: str = "user", *, user_id: str = "u1", speaker: str = "",
             meta: dict[str, str] | None = None, turn_id: str | None = None) -> Turn:
        n = next(counter)
        return Turn(user_id=user_id, turn_id=turn_id or f"t{n}", session_id="s1", role=role, text=text,
                    timestamp=start + timedelta(minutes=n), speaker=speaker, meta=meta or {})

    return make


@pytest.fixture
def ingest(store: DictStore, pipeline: WritePipeline) -> Callable[[Turn], list[Any]]:
    """Plan one turn with the pipeline and apply its ops to the store; return the op results."""

    def run(turn: Turn) -> list[Any]:
        return store.apply(turn.user_id, pipeline.plan(turn, store))

    return run
