"""A slot's values chain (each ends when the next begins) whatever order their turns arrive in."""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import pairwise
from pathlib import Path

import pytest

from memory_core.lifecycle import ManualClock
from memory_core.model import MemoryItem, Status, Turn
from memory_core.pipeline.late_order import chain_late
from memory_core.service import Memory
from memory_core.settings import load_settings
from memory_core.store.base import MemoryStore
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp, EndOp, ExpiryOp

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


def _month(n: int) -> datetime:
    return datetime(2026, n, 10, 9, tzinfo=UTC)


def test_an_own_words_statement_arriving_late_chains_between_the_slot_values_said_with_its_key() -> None:
    """"I'm at Oracle, my manager keeps piling on work" (``gist:works_at``) said in February, arriving after
    Stripe (joined the week before a March turn) and Adobe (April, current; both ``fact:works_at``): it ends when
    Stripe began, not at Adobe."""
    texts = ["I work at Google.", "I'm at Oracle, my manager keeps piling on work.", "I joined Stripe last week.",
             "I work at Adobe now."]
    for order in ([3, 2, 1, 0], [0, 2, 3, 1]):
        memory = Memory(SqlStore("sqlite://", migrate=True), settings=load_settings(maintain_every_turns=0),
                        clock=ManualClock(datetime(2026, 7, 1, tzinfo=UTC)))
        try:
            for n in order:
                memory.ingest([Turn(user_id="u", turn_id=f"t{n}", session_id="s", role="user", text=texts[n],
                                    timestamp=_month(n + 1), speaker="user")])
            items = memory.store.list_items("u", statuses=None)
            said = [i for i in items if i.key == "gist:works_at"]
            # "joined Stripe last week", said on _month(3): Stripe began that week, or when it was said if the turn
            # arrived after a later employer (a late turn keeps its own time)
            began = {i.valid_from for i in items if "Stripe" in i.description and i.key == "fact:works_at"}
            assert len(began) == 1 and next(iter(began)) <= _month(3), items
            assert said and all(i.status == Status.SUPERSEDED and i.valid_until in began for i in said), said
        finally:
            memory.close()


class _Superseded:
    """A ``KeyLookup`` holding a slot's superseded values (only what ``chain_late`` reads)."""

    def __init__(self, items: list[MemoryItem]) -> None:
        self.items = items

    def superseded_by_key(self, user_id: str, key: str) -> list[MemoryItem]:
        return [i for i in self.items if i.key == key and i.status == Status.SUPERSEDED]


def _value(text: str, key: str, start: int, until: int | None) -> MemoryItem:
    item = MemoryItem.create("u", text, "work", key=key, valid_from=_month(start))
    if until is not None:
        item.status, item.valid_until = Status.SUPERSEDED, _month(until)
    return item


@pytest.mark.parametrize(("lang", "late_key", "other_key"), [
    ("en", "gist:works_at", "fact:works_at"), ("en", "fact:works_at", "gist:works_at"),
    ("zh", "gist:works_at", "fact:works_at"), ("zh", "fact:works_at", "gist:works_at"),
])
def test_late_statements_chain_across_the_keys_of_one_slot(lang: str, late_key: str, other_key: str) -> None:
    """The slot's earlier values said with the other key of the slot (own words against the slot's own)
    are its neighbours: the late value ends when the next one began, the one before it ends at its time."""
    names = ["Google", "Oracle", "Stripe", "Adobe"] if lang == "en" else ["腾讯", "阿里", "字节跳动", "美团"]
    text = "User works at {}" if lang == "en" else "用户在{}工作"
    first = _value(text.format(names[0]), other_key, 1, 4)  # ended by the current value when it was said
    third = _value(text.format(names[2]), other_key, 3, 4)
    current = _value(text.format(names[3]), "fact:works_at", 4, None)
    late = _value(text.format(names[1]), late_key, 2, None)
    turn = Turn(user_id="u", turn_id="t1", session_id="s", role="user", text=late.description,
                timestamp=_month(2), speaker="user")
    ops = chain_late(turn, [AddOp(late), EndOp(late.id, Status.SUPERSEDED, "late", by_id=current.id,
                                               valid_until=_month(4))], _Superseded([first, third]))
    end = next(op for op in ops if isinstance(op, EndOp))
    assert (end.valid_until, end.by_id) == (_month(3), third.id), ops
    cut = [op for op in ops if isinstance(op, ExpiryOp)]
    assert [(op.item_id, op.expires_at) for op in cut] == [(first.id, _month(2))], ops
