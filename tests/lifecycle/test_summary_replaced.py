"""A month summary written after a value it names was changed or cancelled says the point is no longer current,
so the summary (an active item) does not state the old value as holding (``summaries.replaced``)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _turns import T0, session

from memory_core.lifecycle import ManualClock
from memory_core.lifecycle.summaries import REPLACED_MARK, replaced
from memory_core.model import Kind, MemoryItem, Status
from memory_core.service import Memory

CASES = [
    ("en", "We're flying to Lisbon in June, the tickets are booked.", "The Lisbon trip is off, I couldn't get the "
     "days off work.", "Lisbon"),
    ("zh", "我们国庆打算去桂林玩五天。", "桂林之行取消了，家里临时有事。", "桂林"),
]


@pytest.mark.parametrize(("lang", "plan", "cancel", "place"), CASES)
def test_a_month_summary_marks_a_cancelled_plan(memory: Memory, clock: ManualClock, lang: str, plan: str,
                                                cancel: str, place: str) -> None:
    memory.ingest(session("u1", "s1", T0, [plan]))
    memory.ingest(session("u1", "s2", T0 + timedelta(days=9), [cancel]))
    clock.advance(days=60)
    memory.maintain("u1")
    months = [i for i in memory.store.list_items("u1") if i.kind == Kind.SUMMARY
              and (i.key or "").startswith("summary:month:")]
    assert months, "the month was summed up"
    naming = [m for m in months if place in m.description]
    assert naming and all(REPLACED_MARK[lang] in m.description for m in naming), [m.description for m in naming]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_replaced_are_superseded_items_and_turns_whose_facts_all_were(lang: str) -> None:
    text = {"en": ("User lives in Leeds", "user: I live in Leeds", "User likes tea", "user: I like tea, live in Leeds"),
            "zh": ("用户住在杭州", "user: 我住在杭州", "用户喜欢喝茶", "user: 我喜欢喝茶，住在杭州")}[lang]
    old = MemoryItem.create("u", text[0], "home", kind=Kind.FACT, source=["t1"])
    old.status = Status.SUPERSEDED
    turn = MemoryItem.create("u", text[1], "turns", kind=Kind.EVENT, source=["t1"])
    tea = MemoryItem.create("u", text[2], "drinks", kind=Kind.PREFERENCE, source=["t2"])
    mixed = MemoryItem.create("u", text[3], "turns", kind=Kind.EVENT, source=["t2"])
    stale = MemoryItem.create("u", text[0], "home", kind=Kind.FACT, source=["t2"])
    gone = replaced([old, turn, tea, mixed, stale])
    assert old.id in gone and turn.id in gone  # the turn said only the value since replaced
    assert not {tea.id, mixed.id, stale.id} & gone  # a turn with a current fact, and active items, stay


def _ended(item: MemoryItem, turn_id: str, by_id: str | None = None) -> MemoryItem:
    item.end(Status.SUPERSEDED, "superseded by a newer statement", turn_id=turn_id, other_id=by_id)
    return item


@pytest.mark.parametrize(("lang", "said", "later", "value"), [
    ("en", "User quit coffee; coffee is back, one small latte a day", "user: moving plan cancelled, staying in Jing'an",
     "User no longer drinks coffee"),
    ("zh", "用户咖啡戒了；咖啡又喝上了，每天一小杯拿铁", "user: 搬家的计划取消了，还住在静安", "用户不再喝咖啡"),
])
def test_a_fact_ended_beside_a_raw_turn_only_is_not_said_to_be_over(lang: str, said: str, later: str,
                                                                    value: str) -> None:
    from memory_core.lifecycle.replaced_by import stands_replaced

    fact = MemoryItem.create("u1", said, "taste", kind=Kind.FACT, key="gist:obj:coffee", source=["t1", "t2"])
    turn = MemoryItem.create("u1", later, "moments", kind=Kind.EVENT, key="event:t3", source=["t3"])
    ended = _ended(fact, "t3")
    assert not stands_replaced(ended, [ended, turn])  # nothing current says the habit is over
    assert replaced([ended, turn], unreplaced={ended.id}) == set()
    assert ended.id in replaced([ended, turn])  # without the check: marked, as before
    successor = MemoryItem.create("u1", value, "taste", kind=Kind.FACT, key="gist:obj:coffee", source=["t3"])
    assert stands_replaced(ended, [ended, turn, successor])  # a value stands in its place: over
    named = _ended(MemoryItem.create("u1", said, "taste", kind=Kind.FACT, key="gist:obj:coffee"), "t3", turn.id)
    assert not stands_replaced(named, [named, turn])  # named by id: the raw turn alone
    plan = _ended(MemoryItem.create("u1", f"user: {said}", "moments", kind=Kind.EVENT, source=["t1"]), "t3")
    assert stands_replaced(plan, [plan, turn])  # a plan's raw turn a cancellation ended stays over
    assert not stands_replaced(successor, [successor]) and stands_replaced(_ended(successor, "t9"), [])


def test_unreplaced_ids_reads_the_successor_from_the_stored_history(memory: Memory) -> None:
    from memory_core.lifecycle.replaced_by import unreplaced_ids
    from memory_core.store.write_ops import AddOp, EndOp

    habit = MemoryItem.create("u1", "用户咖啡戒了；咖啡又喝上了", "taste", kind=Kind.FACT, key="gist:obj:coffee",
                              source=["t1"])
    home = MemoryItem.create("u1", "User lives in Leeds", "places", kind=Kind.FACT, key="fact:lives_in",
                             source=["t2"])
    later = MemoryItem.create("u1", "user: moving plan cancelled", "moments", kind=Kind.EVENT, source=["t3"])
    moved = MemoryItem.create("u1", "User lives in York", "places", kind=Kind.FACT, key="fact:lives_in",
                              source=["t4"])
    memory.store.apply("u1", [AddOp(habit), AddOp(home), AddOp(later), AddOp(moved)])
    memory.store.apply("u1", [EndOp(habit.id, Status.SUPERSEDED, "newer", turn_id="t3"),
                              EndOp(home.id, Status.SUPERSEDED, "moved", turn_id="t4", by_id=moved.id)])
    items = memory.store.list_items_for_index("u1", (Status.ACTIVE, Status.SUPERSEDED))
    assert all(not i.history for i in items)  # read as maintenance reads them: the history is looked up
    assert unreplaced_ids(memory.store, "u1", items) == {habit.id}
