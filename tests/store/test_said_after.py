"""``active_said_after``: only the active items of a key prefix said after a time, on every backend and in a group."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from memory_core.model import Kind, MemoryItem, Turn
from memory_core.service import Memory
from memory_core.settings import Settings
from memory_core.store.base import MemoryStore
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp, EndOp

U = "alice"
T0 = datetime(2026, 3, 1, 8, 0, tzinfo=UTC)


def _event(text: str, said: datetime | None, created: datetime) -> MemoryItem:
    return MemoryItem.create(U, f"Ann: {text}", "life", kind=Kind.EVENT, key=f"event:{text}", turn_id=text,
                             at=created, valid_from=said)


def test_only_active_items_of_the_prefix_said_after_the_time_are_read(store: MemoryStore) -> None:
    created = T0 + timedelta(days=30)  # stored late: what counts is when they were said
    early, late, later = (_event(t, T0 + timedelta(days=d), created) for t, d in (("a", 1), ("b", 3), ("c", 5)))
    ended = _event("d", T0 + timedelta(days=6), created)
    undated = _event("e", None, T0 + timedelta(days=4))  # no valid_from: its creation time
    fact = MemoryItem.create(U, "Ann lives in Porto", "home", kind=Kind.FACT, key="fact:home", at=created,
                             valid_from=T0 + timedelta(days=7))
    store.apply(U, [AddOp(i) for i in (early, late, later, ended, undated, fact)])
    store.apply(U, [EndOp(ended.id, "superseded", "test", "pipeline", "t9")])
    after = T0 + timedelta(days=2)
    found = store.active_said_after(U, "event:", after)
    assert sorted(i.description for i in found) == ["Ann: b", "Ann: c", "Ann: e"]
    assert all(i.history for i in found)  # with history, as find_by_keys gives them
    assert store.active_said_after(U, "event:", T0 + timedelta(days=5)) == []
    assert store.active_said_after(U, "event:", T0 + timedelta(days=5, seconds=-1))[0].description == "Ann: c"
    assert [i.key for i in store.active_said_after(U, "fact:", after)] == ["fact:home"]
    assert store.active_said_after("bob", "event:", after) == []


def test_a_group_sees_the_events_its_own_earlier_turns_stored(make_store: Callable[[str], MemoryStore]) -> None:
    """A later turn and an older one in one transaction: the older one is replayed against the later's event."""
    store = make_store("sqlite")
    assert isinstance(store, SqlStore)
    texts = [("I have been learning Japanese for 2 months", 0), ("改学韩语了，日语太难了", 120)]
    turns = [Turn(user_id=U, turn_id=f"t{n}", session_id="s", role="user", text=text,
                  timestamp=T0 + timedelta(days=days), speaker="Ann")
             for n, (text, days) in enumerate(texts)]
    store.append_many([turns[1], turns[0]])  # the later turn applied first, in the same transaction
    assert Memory(store, settings=Settings(turns_per_transaction=5)).apply_pending(U) == 2
    japanese = [i for i in store.list_items(U, statuses=None) if "Japanese" in i.description and i.kind != "event"]
    assert japanese and all(i.status == "superseded" for i in japanese)
    assert all(i.valid_until is not None and i.valid_until.date() == turns[1].timestamp.date() for i in japanese)


@pytest.mark.parametrize("prefix", ["event:", "fact:"])
def test_the_default_and_the_sql_reads_agree(make_store: Callable[[str], MemoryStore], prefix: str) -> None:
    sqlite, yaml = make_store("sqlite"), make_store("yaml")
    items = [_event(str(n), T0 + timedelta(hours=n) if n % 3 else None, T0 + timedelta(hours=10 - n))
             for n in range(10)]
    for store in (sqlite, yaml):
        store.apply(U, [AddOp(i.copy()) for i in items])
    for hours in range(-1, 12):
        after = T0 + timedelta(hours=hours)
        assert [i.id for i in sqlite.active_said_after(U, prefix, after)] == \
            [i.id for i in yaml.active_said_after(U, prefix, after)]
