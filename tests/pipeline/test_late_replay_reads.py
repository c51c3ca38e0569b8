"""A late turn reads only the user's events said after it, not every event the user has."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from _memstore import DictStore

from memory_core.model import MemoryItem, Status, Turn
from memory_core.pipeline import WritePipeline

T0 = datetime(2026, 1, 5, 10, 0, tzinfo=UTC)


class EventReads:
    """Wraps a store; records every event item it hands out (by ``find_by_keys`` or ``active_said_after``)."""

    def __init__(self, inner: DictStore) -> None:
        self.inner = inner
        self.events_read: list[MemoryItem] = []

    def _seen(self, items: Iterable[MemoryItem]) -> None:
        self.events_read += [i for i in items if str(i.key or "").startswith("event:")]

    def find_by_key(self, user_id: str, key: str) -> list[MemoryItem]:
        return self.find_by_keys(user_id, [key])[key]

    def find_by_keys(self, user_id: str, keys: Iterable[str]) -> dict[str, list[MemoryItem]]:
        found = self.inner.find_by_keys(user_id, keys)
        self._seen(i for items in found.values() for i in items)
        return found

    def active_by_prefix(self, user_id: str, prefixes: Sequence[str]) -> list[tuple[str, str, str]]:
        return self.inner.active_by_prefix(user_id, prefixes)

    def superseded_by_key(self, user_id: str, key: str) -> list[MemoryItem]:
        return self.inner.superseded_by_key(user_id, key)

    def active_said_after(self, user_id: str, prefix: str, after: datetime) -> list[MemoryItem]:
        found = self.inner.active_said_after(user_id, prefix, after)
        self._seen(found)
        return found


def _turn(n: int, text: str, days: float) -> Turn:
    return Turn(user_id="u1", turn_id=f"t{n}", session_id="s1", role="user", text=text,
                timestamp=T0 + timedelta(days=days), speaker="Ann")


def test_a_late_turn_reads_only_the_events_said_after_it(store: DictStore, pipeline: WritePipeline) -> None:
    chatter = [_turn(n, f"Today I went hiking on trail number {n} with Ana", n) for n in range(30)]
    for turn in [*chatter, _turn(40, "改学韩语了，日语太难了", 40)]:
        store.apply("u1", pipeline.plan(turn, store))
    late = _turn(41, "I have been learning Japanese on Duolingo for 2 months", 35)  # said before 改学韩语
    reads = EventReads(store)
    ops: Any = WritePipeline().plan(late, reads)  # the first late turn of a new process
    store.apply("u1", ops)
    assert reads.events_read, "the later turn was read"
    assert all((i.valid_from or i.created_at) > late.timestamp for i in reads.events_read)  # none said before
    japanese = [i for i in store.list_items("u1", statuses=None) if "Japanese" in i.description
                and i.kind != "event"]
    assert japanese and all(i.status == Status.SUPERSEDED for i in japanese)
    assert all(i.valid_until == T0 + timedelta(days=40) for i in japanese)


def test_a_turn_in_time_order_reads_no_event_for_the_replay(store: DictStore, pipeline: WritePipeline) -> None:
    for turn in [_turn(n, f"Today I went hiking on trail number {n} with Ana", n) for n in range(10)]:
        store.apply("u1", pipeline.plan(turn, store))
    reads = EventReads(store)
    store.apply("u1", pipeline.plan(_turn(20, "I have been learning Japanese on Duolingo for 2 months", 20), reads))
    assert reads.events_read == []
