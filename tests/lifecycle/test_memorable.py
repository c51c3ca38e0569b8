"""Maintenance keeps the raw turn of a memorable happening (a trip, a holiday, a milestone); small talk fades."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _turns import T0, session

from memory_core.decay import Decay
from memory_core.eval.behaviour_cases import load_filler
from memory_core.lifecycle import ManualClock
from memory_core.lifecycle.fading import ending_ops
from memory_core.lifecycle.memorable import memorable, memorable_text
from memory_core.model import Kind, MemoryItem, Status, Trust
from memory_core.service import Memory

TOLD = [
    "Just got back from a two-week trip to Japan!", "flew to Berlin for a conference, back Friday",
    "Thanksgiving at my in-laws' in Ohio was loud", "spent two weeks in Portugal with the kids",
    "My grandpa passed away last week", "Had my knee surgery on Monday", "I moved to Denver in May",
    "we got married last weekend!! 🎉", "Took the kids to Disneyland on our vacation",
    "五一回老家了", "寒假在哈尔滨过的，冻死了", "去年夏天去云南自驾了半个月", "去青岛玩了三天", "上个月做了膝盖手术",
    "我们领证了！", "搬家了，现在住在浦东", "下周去成都出差", "十一回老家了",
]
NOT_TOLD = [
    "How long is the flight to Tokyo?", "any tips for a weekend trip near Boston?", "I love travelling",
    "Merry Christmas!", "Watched a film tonight", "spent an hour in the gym",
    "推荐个国庆去的地方", "国庆去哪玩比较好？", "好想去旅游啊", "我喜欢旅行", "国庆快乐！", "周末去公园玩了",
    "晚上吃了火锅", "十一点才下班，去吃了个宵夜", "机票好贵啊",
]


@pytest.mark.parametrize("text", TOLD)
def test_a_happening_told_is_memorable(text: str) -> None:
    assert memorable_text(text) and memorable_text(f"user: {text}")


@pytest.mark.parametrize("text", NOT_TOLD)
def test_a_question_a_wish_a_greeting_or_small_talk_is_not(text: str) -> None:
    assert not memorable_text(text)


def _event(text: str, turn: str, days: int, speaker: str = "user", until: int | None = None) -> MemoryItem:
    at = T0 + timedelta(days=days)
    return MemoryItem.create("u1", f"{speaker}: {text}", "moments", kind=Kind.EVENT, speaker=speaker, source=[turn],
                             valid_from=at, importance=0.25, trust=Trust.USER if speaker == "user" else Trust.AGENT,
                             valid_until=None if until is None else at + timedelta(days=until))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_ending_ops_keep_a_trip_and_fade_the_rest(lang: str) -> None:
    trip = {"en": "On a work trip to Tokyo this week, at a hotel in Shinjuku",
            "zh": "这周在深圳出差，住在南山的一家酒店"}[lang]
    holiday = {"en": "We spent Christmas in Lisbon", "zh": "国庆去三亚玩了 🏖️"}[lang]
    small = {"en": "Rainy all day here.", "zh": "今天好冷啊"}[lang]
    stay, spent = _event(trip, "t1", 0, until=7), _event(holiday, "t2", 1)
    chat, reply = _event(small, "t3", 2), _event(f"Have a good {trip}", "t4", 0, speaker="assistant")
    assert memorable(stay) and memorable(spent) and not memorable(chat) and not memorable(reply)
    expire, faded = ending_ops([stay, spent, chat, reply], T0 + timedelta(days=400), Decay())
    ended = {op.item_id for op in (*expire, *faded)}
    assert stay.id not in ended and spent.id not in ended  # neither expired (the stay's week) nor faded
    assert {chat.id, reply.id} <= ended  # small talk and the assistant's words fade as before


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_year_of_small_talk_then_maintenance_months_later_keeps_the_trip(
        memory: Memory, clock: ManualClock, lang: str) -> None:
    trip = {"en": "Flew to Tokyo for work, at a hotel in Shinjuku this week",
            "zh": "国庆去三亚玩了，住在亚龙湾的酒店 🏖️"}[lang]
    question, place = {"en": ("Which hotel did I stay at in Tokyo?", "Shinjuku"),
                       "zh": ("国庆去哪玩了？", "三亚")}[lang]
    pool = [user for user, _ in load_filler()[lang]]
    chat = [pool[week % len(pool)] for week in range(52)]
    for week, text in enumerate(chat):  # a dated year: a turn of small talk a week
        memory.ingest(session("u1", f"w{week}", T0 + timedelta(weeks=week), [text]))
        if week == 10:
            memory.ingest(session("u1", "trip", T0 + timedelta(weeks=week, days=2), [trip]))
    clock.set(T0 + timedelta(weeks=52 + 12))  # a quarter after the year
    reports = memory.maintain("u1")
    assert sum(r.archived + r.expired for r in reports) > 0
    items = memory.store.list_items_for_index("u1", ("active", "archived"))
    [told] = [i for i in items if i.kind == Kind.EVENT and place in i.description]
    assert told.status == Status.ACTIVE
    chatted = [i for i in items if i.kind == Kind.EVENT and i.source[0].startswith("w")]
    assert sum(i.status == Status.ARCHIVED for i in chatted) > len(chatted) // 2  # the year's small talk faded
    assert any(place in r.item.description for r in memory.recall("u1", question, k=5).results)
    assert memory.store.self_check().status == "OK"


def test_an_expiry_set_on_purpose_is_kept_to_and_a_trip_cut_short_is_still_kept() -> None:
    cut_short = _event("On a work trip to Tokyo this week", "t1", 0, until=3)  # "back home" on day 3
    expiring = _event("On a work trip to Tokyo this week", "t2", 0, until=30)  # an expiry set on purpose
    expire, faded = ending_ops([cut_short, expiring], T0 + timedelta(days=400), Decay())
    assert [op.item_id for op in expire] == [expiring.id] and not faded


ARRIVED = ["到海口了！！我们现在住在海口龙华区，租的房子 离海边挺近", "到北京了，住闺女家附近租的一居室，在朝阳区",
           "Finally here in Denver, the new place is in Capitol Hill", "we made it to Austin! signed the lease today"]
NOT_ARRIVED = ["我老公到海口了 说那边椰子两块钱一个", "到三亚了，住的酒店不错", "Made it to Denver, the hotel is nice",
               "my sister is finally here in Denver, her new place is tiny"]


@pytest.mark.parametrize("text", ARRIVED)
def test_a_move_told_on_arrival_is_memorable(text: str) -> None:
    """New-user trial 40, F7: an arrival with the home lived in names no moving word, yet is a move."""
    assert memorable_text(text) and memorable_text(f"user: {text}")


@pytest.mark.parametrize("text", NOT_ARRIVED)
def test_another_persons_arrival_or_a_stay_at_a_hotel_is_not(text: str) -> None:
    assert not memorable_text(text)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_move_on_arrival_read_as_a_stay_is_not_expired_at_its_week_end(lang: str) -> None:
    """The trial's store held the arrival as a stay of a week (``valid_until`` 7 days on): maintenance archived it."""
    text = {"en": "Finally here in Denver, the new place is in Capitol Hill",
            "zh": "到海口了！！我们现在住在海口龙华区，租的房子 离海边挺近"}[lang]
    arrived = _event(text, "t1", 0, until=7)
    expire, faded = ending_ops([arrived], T0 + timedelta(days=240), Decay())
    assert arrived.id not in {op.item_id for op in (*expire, *faded)}
