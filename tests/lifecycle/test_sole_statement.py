"""A user's raw turn that is the only record of a statement of theirs outlives maintenance (trial 37, finding 6).

Two ways it was lost once a user passed 200 turns: a statement opened on a recurring time before its subject
("夏天俺在松花江边给人修渔船") was not read as one and faded like small talk, and a statement the write path took
for a stay ("到北京了，住闺女家附近租的一居室，在朝阳区") expired at the end of the stay's week.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _turns import T0

from memory_core.decay import Decay
from memory_core.lifecycle.fading import ending_ops
from memory_core.lifecycle.habit_frame import unframed
from memory_core.lifecycle.only_record import stated_records, stated_things
from memory_core.model import Kind, MemoryItem, Trust


def _event(text: str, turn: str, days: float, until_days: float | None = None) -> MemoryItem:
    at = T0 + timedelta(days=days)
    return MemoryItem.create("u1", f"user: {text}", "moments", kind=Kind.EVENT, speaker="user", source=[turn],
                             valid_from=at, importance=0.3, trust=Trust.USER,
                             valid_until=None if until_days is None else at + timedelta(days=until_days))


@pytest.mark.parametrize(("clause", "lang", "bare"), [
    ("In summer I fix fishing boats by the river", "en", "I fix fishing boats by the river"),
    ("On weekends, I volunteer at the shelter", "en", "I volunteer at the shelter"),
    ("Every winter I carve ice at the festival", "en", "I carve ice at the festival"),
    ("夏天我在松花江边给人修渔船", "zh", "我在松花江边给人修渔船"),
    ("每年冬天我都去冰雪大世界干活", "zh", "我都去冰雪大世界干活"),
    ("平时，我在小区门口摆摊", "zh", "我在小区门口摆摊"),
])
def test_a_recurring_time_before_the_subject_is_taken_off(clause: str, lang: str, bare: str) -> None:
    assert unframed(clause, lang) == bare


@pytest.mark.parametrize(("clause", "lang"), [
    ("Last summer I went to Spain", "en"),  # the time of one episode is no frame
    ("I fix boats in summer", "en"),
    ("去年冬天我去了哈尔滨", "zh"),
    ("夏天", "zh"),  # nothing after the frame: left as it is
    ("Summer is my favourite season", "en"),
])
def test_no_frame_leaves_the_clause_as_it_is(clause: str, lang: str) -> None:
    assert unframed(clause, lang) == clause


@pytest.mark.parametrize("text", [
    "冰雪大世界闭园了，今年活儿干完了。夏天俺在松花江边给人修渔船，挣点零花",
    "周末我在一家琴行教小孩弹吉他",
    "下班后我一般去健身房练一个小时",
    "In summer I fix fishing boats down by the river.",
    "These days I drive for a courier company.",
    "Most evenings I practise the cello for an hour.",
])
def test_a_framed_statement_is_a_statement(text: str) -> None:
    assert stated_things(f"user: {text}")


@pytest.mark.parametrize("text", [
    "周末我去爬山了",  # an episode of that weekend
    "晚上我看了部电影",
    "In the summer I went to Spain.",
    "Every day is the same lol",
    "平时好忙啊",
])
def test_a_framed_episode_or_small_talk_states_nothing(text: str) -> None:
    assert not stated_things(f"user: {text}")


def test_a_stay_that_is_the_only_record_of_a_statement_does_not_expire() -> None:
    moved = _event("到北京了，住闺女家附近租的一居室，在朝阳区，每月五千五", "t1", 0, until_days=7)
    hotel = _event("This week I'm at a hotel in Shinjuku.", "t2", 1, until_days=7)
    chat = [_event(text, f"c{n}", 2 + n) for n, text in enumerate(["今天天气不错", "ok thanks", "Haha yes"])]
    active = [moved, hotel, *chat]
    assert stated_records(active) == {moved.id}
    expire, faded = ending_ops(active, T0 + timedelta(days=120), Decay())
    ended = {op.item_id for op in (*expire, *faded)}
    assert moved.id not in ended  # the move the write path read as a stay: its only record stays
    assert hotel.id in {op.item_id for op in expire}  # a stay that states nothing lasting ends with its week
    assert {c.id for c in chat} <= {op.item_id for op in faded}
    # once an item derived from it is superseded, its history holds the statement: the stay ends
    assert stated_records(active, derived=["t1"]) == set()


def test_a_framed_statement_outlives_the_small_talk_around_it() -> None:
    summer = _event("冰雪大世界闭园了，今年活儿干完了。夏天俺在松花江边给人修渔船，挣点零花", "t1", 0)
    chat = [_event(text, f"c{n}", 1 + n) for n, text in enumerate(["今天天气不错", "吃了饺子", "看了会儿电视"])]
    _, faded = ending_ops([summer, *chat], T0 + timedelta(days=200), Decay(), summed_to="")
    assert summer.id not in {op.item_id for op in faded}
    assert {c.id for c in chat} <= {op.item_id for op in faded}


def test_a_slot_the_items_of_a_turn_miss_keeps_its_turn_as_its_only_record() -> None:
    moved = _event("到深圳了，在南山租了个单间，月租三千二", "t1", 0, until_days=7)
    rent = MemoryItem.create("u1", "用户的房租是三千二", "places", kind=Kind.FACT, source=["t1"], key="fact:rent",
                             valid_from=moved.valid_from)
    assert stated_records([moved, rent]) == {moved.id}  # where the user lives is in no item derived from it
    expire, _ = ending_ops([moved, rent], T0 + timedelta(days=30), Decay())
    assert moved.id not in {op.item_id for op in expire}
    home = MemoryItem.create("u1", "用户住在深圳南山", "places", kind=Kind.FACT, source=["t1"], key="fact:lives_in",
                             valid_from=moved.valid_from)
    assert stated_records([moved, rent, home]) == set()  # every slot it states has its item: evidence only
