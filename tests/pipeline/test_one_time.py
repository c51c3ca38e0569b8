"""A statement of one occasion, a wish or a price is no lasting fact (pipeline/one_time.py, data/one_time.yaml),
while a habit or a lasting statement said the same way is kept."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _memstore import DictStore

from memory_core.model import Kind, Turn
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.one_time import one_time_kind, without_one_time
from memory_core.pipeline.types import Candidate


def _fact(description: str, lang: str, key: str = "gist:x") -> Candidate:
    return Candidate(kind=Kind.FACT, description=description, key=key, lang=lang, speaker="user")


@pytest.mark.parametrize(("predicate", "lang", "kind"), [
    ("自己也想养一只柯基", "zh", "wish"), ("好想去冰岛", "zh", "wish"), ("其实也想买个房车", "zh", "wish"),
    ("would love to own a boat one day", "en", "wish"),
    ("出了一万五令吉", "zh", "cost"), ("花了三千块修车", "zh", "cost"), ("一个人付不起", "zh", "cost"),
    ("租不起", "zh", "cost"), ("paid $400 for the tickets", "en", "cost"), ("can't afford it", "en", "cost"),
    ("说等她上了小学表现好再说", "zh", "said"), ("跟他说了不去", "zh", "said"),
    ("'s aunties asked when User is marrying Amara", "en", "asked_by"),
    ("'s grandma kept asking about the wedding", "en", "asked_by"),
    ("坐高铁三个小时", "zh", "trip"), ("开了五个小时车", "zh", "trip"), ("'s first proper trip for BBR", "en", "trip"),
    ("'s first business trip to Tokyo", "en", "trip"),
    ("在冰上弯腰太久", "zh", "excess"), ("sat at the desk for too long", "en", "excess"),
    ("在怡保吃了 bean sprout chicken", "zh", "meal"), ("在星巴克喝了一杯拿铁", "zh", "meal"),
    ("还在同一个 resort", "zh", "pointed"), ("is still at the same school", "en", "pointed"),
    ("is not bad for a crab guy", "en", "verdict"), ("not too shabby for a beginner", "en", "verdict"),
    ("知道医生说少 caffeine", "zh", "concession"), ("知道应该少喝", "zh", "concession"),
    ("knows the doctor said to cut down", "en", "concession"),
    ("在西安", "zh", "where_now"), ("在成都！", "zh", "where_now"), ("还在杭州呢", "zh", "where_now"),
])
def test_one_time_kinds(predicate: str, lang: str, kind: str) -> None:
    assert one_time_kind(predicate, lang) == kind


@pytest.mark.parametrize(("predicate", "lang"), [
    ("每天坐地铁一个小时上班", "zh"),  # a commute: a habit
    ("每个月房租花了三千块", "zh"),  # a price paid every month
    ("pays $50 every month for the gym", "en"),
    ("在读研", "zh"), ("在减肥", "zh"),  # 在 before what one is doing, no place
    ("知道很多历史", "zh"), ("是左撇子", "zh"), ("is left-handed", "en"), ("wears glasses", "en"),
    ("'s doctor told them to stop drinking coffee", "en"),  # an order that holds for good
    ("在腾讯做产品经理", "zh"),
])
def test_a_habit_or_a_lasting_statement_is_no_one_time_kind(predicate: str, lang: str) -> None:
    assert one_time_kind(predicate, lang) == ""


def test_only_own_words_facts_are_dropped() -> None:
    wish = _fact("用户也想养一只柯基", "zh")
    slot = _fact("用户住在西安", "zh", key="fact:lives_in")
    kept = _fact("用户每天坐地铁一个小时上班", "zh")
    assert without_one_time([wish, slot, kept]) == [slot, kept]


@pytest.mark.parametrize("text", [
    "乐乐想养狗，我说等她上了小学表现好再说。其实我自己也想养一只柯基",
    "Deepavali 回怡保一个礼拜，我妈的房子翻新好了，我出了一万五令吉",
    "Vivian见了乐乐，两个人一起画画，乐乐说Vivian阿姨好漂亮，我松了口气",
    "在西安！兵马俑人好多啊 挤死 但是biangbiang面好好吃",
    "Chioma's wedding was beautiful. 600 guests, my aunties asked when I'm marrying Amara about 600 times",
    "jess wants to stay in tacoma near her job, so I'll drive to bremerton every day",
])
def test_the_turn_leaves_no_fact(text: str) -> None:
    store, pipeline = DictStore(), WritePipeline()
    turn = Turn("u1", "t1", "s", "user", text, datetime(2026, 3, 1, 8, tzinfo=UTC))
    store.apply("u1", pipeline.plan(turn, store))
    assert [i.description for i in store.list_items("u1") if i.kind == "fact"] == []
