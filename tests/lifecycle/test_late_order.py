"""A slot's values chain (each ends when the next begins) whatever order their turns arrive in."""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import pairwise
from pathlib import Path

import pytest

from memory_core.lifecycle import ManualClock
from memory_core.model import Status, Turn
from memory_core.service import Memory
from memory_core.settings import load_settings
from memory_core.store.base import MemoryStore
from memory_core.store.sql import SqlStore

EN = ["Oslo", "Bergen", "Tromsø", "Stavanger", "Trondheim", "Bodø"]
ZH = ["杭州", "苏州", "南京", "成都", "重庆", "西安"]
ORDERS = {"in time order": [0, 1, 2, 3, 4, 5], "newest first": [5, 4, 3, 2, 1, 0],
          "shuffled": [2, 5, 0, 4, 1, 3], "middle late": [0, 1, 3, 4, 5, 2]}


def _turns(user: str, lang: str) -> list[Turn]:
    cities = EN if lang == "en" else ZH
    text = "I moved again, I live in {} now." if lang == "en" else "我又搬家了，现在住在{}。"
    return [Turn(user_id=user, turn_id=f"t{n}", session_id="s", role="user", text=text.format(city),
                 timestamp=datetime(2026, n + 1, 10, 9, tzinfo=UTC), speaker="user")
            for n, city in enumerate(cities)]


def chain(store: MemoryStore, user: str) -> list[tuple[str, str, datetime | None, datetime | None]]:
    """The user's residence items, oldest statement first: (status, description, from, until)."""
    items = [i for i in store.list_items(user, statuses=None) if i.key and "lives_in" in i.key]
    return [(str(i.status), i.description, i.valid_from, i.valid_until)
            for i in sorted(items, key=lambda i: i.valid_from or i.created_at)]


def assert_chained(rows: list[tuple[str, str, datetime | None, datetime | None]], cities: list[str]) -> None:
    """Six values, each naming its city in time order, each ended when the next began, the last current."""
    assert [c for c, (_, d, _, _) in zip(cities, rows, strict=True) if c in d] == cities, rows
    for (status, _, _, until), (_, _, start, _) in pairwise(rows):
        assert status == Status.SUPERSEDED and until == start, rows
    assert rows[-1][0] == Status.ACTIVE and rows[-1][3] is None, rows


@pytest.mark.parametrize("per_transaction", [1, 20])
@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_intervals_chain_whatever_the_arrival_order(tmp_path: Path, lang: str, order: str,
                                                    per_transaction: int) -> None:
    """Ingested one by one (each turn its own batch) or in one go (planned as a group)."""
    store = SqlStore(f"sqlite:///{tmp_path / 'm.db'}", migrate=True)
    memory = Memory(store, settings=load_settings(maintain_every_turns=0, turns_per_transaction=per_transaction),
                    clock=ManualClock(datetime(2026, 7, 1, tzinfo=UTC)))
    try:
        turns = _turns("u1", lang)
        arrival = [turns[n] for n in ORDERS[order]]
        if per_transaction == 1:
            for turn in arrival:
                memory.ingest([turn])
        else:
            memory.ingest(arrival)
        assert_chained(chain(memory.store, "u1"), EN if lang == "en" else ZH)
        late = [i for i in memory.store.list_items("u1", statuses=None) if i.key and "lives_in" in i.key
                and any(r.op == "expiry" for r in i.history)]
        assert all(i.status == Status.SUPERSEDED for i in late)  # only ended values had their end moved
    finally:
        memory.close()
