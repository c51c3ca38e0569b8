"""A switch of habit, device or routine, and a doctor's stop of a food or drink, each read by a rule for its kind
of phrasing, in English and Chinese: the new value is current and the old one superseded (history keeps it); a
restriction is an item of its own, and the habit it contradicts ends."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.model import Kind, MemoryItem
from memory_core.pipeline.cessation import cessation_scope
from memory_core.pipeline.rules import match_clause
from memory_core.pipeline.slots import read_clause
from memory_core.retrieval.index import RecallFilters, RecallResult
from memory_core.retrieval.withheld import made_item_stand_in

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _status(rows: list[tuple[str, str, str]], status: str) -> list[str]:
    return [text for state, _, text in rows if state == status]


@pytest.mark.parametrize(("clause", "lang", "scope"), [
    ("I swim in the mornings now instead of running", "en", "running"),
    ("I switched from Chrome to Firefox last week", "en", "Chrome"),
    ("I swapped my car for an e-bike", "en", "my car"),
    ("I gave up sugar for Lent", "en", "sugar"),
    ("My doctor told me to stop drinking coffee, so I'm off it", "en", "drinking coffee"),
    ("我医生不让我吃蛋黄了", "zh", "吃蛋黄了"),  # the stop after who told it, as in English
    ("我奶茶不能再喝了", "zh", "我奶茶不能再喝了"),
    ("I swim in the mornings", "en", ""),
    ("我每天早上跑步", "zh", ""),
])
def test_what_a_switch_or_a_stop_ends(clause: str, lang: str, scope: str) -> None:
    assert cessation_scope(clause, lang) == scope


@pytest.mark.parametrize(("before", "after", "old", "new"), [
    ("I run 5k every morning.", "My knees gave out, I swim in the mornings now instead of running.", "run 5k",
     "swim"),
    ("I use Chrome for everything.", "I switched from Chrome to Firefox last week.", "uses Chrome", "Firefox"),
    ("I go to the gym every evening.", "I gave up the gym for yoga classes, I do yoga every evening now.",
     "goes to the gym", "yoga"),
    ("我每天早上跑步五公里。", "膝盖不行了，现在改游泳了，不跑了。", "跑步五公里", "游泳"),
])
def test_a_switch_that_names_what_it_replaces_ends_it(tmp_path: Path, before: str, after: str, old: str,
                                                      new: str) -> None:
    rows = slot_items(tmp_path, [before, after], start=START, days_apart=60)
    live = _status(rows, "active")
    assert not any(old in t for t in live) and any(new in t for t in live), rows
    assert any(old in t for t in _status(rows, "superseded")), rows  # history keeps the old habit


@pytest.mark.parametrize(("before", "after", "old", "new"), [
    ("I have an Android phone.", "I switched to an iPhone last month.", "Android", "iPhone"),
    ("I have an Android phone.", "I'm using a Pixel now.", "Android", "Pixel"),
    ("我平时用安卓手机。", "换成iPhone了。", "安卓", "iPhone"),
    ("我工作一直用ThinkPad笔记本。", "上个月改用MacBook了。", "ThinkPad", "MacBook"),
])
def test_a_device_switched_to_replaces_the_last_one(tmp_path: Path, before: str, after: str, old: str,
                                                    new: str) -> None:
    rows = slot_items(tmp_path, [before, after], start=START, days_apart=30)
    live = _status(rows, "active")
    assert not any(old in t for t in live) and any(new in t for t in live), rows
    assert any(old in t for t in _status(rows, "superseded")), rows


@pytest.mark.parametrize(("before", "after", "old", "new"), [
    ("I drive to work every day.", "These days I cycle to work instead of driving.", "by car", "by bike"),
    ("I take the bus to work.", "I walk to work now.", "by bus", "by foot"),
    ("我每天开车上班。", "现在改骑电动车上班了，不开车了。", "开车上班", "骑电动车上班"),
    ("我每天坐地铁上班。", "现在改开车上班了。", "坐地铁上班", "开车上班"),
])
def test_the_commute_is_one_way_at_a_time(tmp_path: Path, before: str, after: str, old: str, new: str) -> None:
    rows = slot_items(tmp_path, [before, after], start=START, days_apart=30)
    live = _status(rows, "active")
    assert not any(old in t for t in live) and any(new in t for t in live), rows
    assert any(old in t for t in _status(rows, "superseded")), rows


def test_driving_to_work_is_no_car_owned(tmp_path: Path) -> None:
    zh = _status(slot_items(tmp_path, ["我每天开车上班。"], start=START, days_apart=1), "active")
    assert zh == ["用户开车上班"], zh
    en = _status(slot_items(tmp_path / "en", ["I drive to work every day."], start=START, days_apart=1), "active")
    assert en == ["User gets to work by car"], en


@pytest.mark.parametrize(("before", "stop", "old", "kept"), [
    ("我每天早上都吃两个鸡蛋。", "体检胆固醇高，医生不让我吃蛋黄了。", "两个鸡蛋", "不让用户吃蛋黄"),
    ("我特别爱吃甜食，每天都要吃蛋糕。", "查出血糖高，医生不让我吃甜的了。", "用户吃甜食", "不再吃甜"),
    ("我周末经常和朋友喝啤酒。", "医生说我不能再喝酒了。", "喝啤酒", "不能再喝酒"),
    ("西柚汁是我最喜欢的早餐饮料。", "医生说我不能再喝西柚汁了，跟降压药冲突。", "最喜欢的早餐饮料", "不能再喝西柚汁"),
    ("I have three coffees a day.", "My doctor told me to stop drinking coffee, so I'm off it now.",
     "three coffees", "stop drinking coffee"),
    ("I love ice cream, I have some every night.", "I'm not allowed to eat ice cream anymore, my doctor's orders.",
     "loves ice cream", "not allowed to eat ice cream"),
    ("Grapefruit juice is my favourite breakfast drink.",
     "Doc says I can't have grapefruit anymore because of my statins.", "favourite breakfast drink",
     "can't have grapefruit"),
])
def test_a_doctors_stop_ends_the_habit_and_is_its_own_item(tmp_path: Path, before: str, stop: str, old: str,
                                                           kept: str) -> None:
    rows = slot_items(tmp_path, [before, stop], start=START, days_apart=30)
    live = _status(rows, "active")
    assert not any(old in t for t in live), rows  # the habit is no current fact, nor merged with its stop
    assert any(kept in t for t in live), rows
    assert any(old in t for t in _status(rows, "superseded")), rows


@pytest.mark.parametrize(("clause", "lang", "read"), [
    ("doc says i can't have grapefruit anymore", "en", True),
    ("my cardiologist told me i have to cut out salt", "en", True),
    ("my mom says i'm too thin", "en", False),
    ("the doctor said i have a cold", "en", False),
    ("医生说我不能再喝酒了", "zh", True),
    ("大夫嘱咐我少吃盐", "zh", True),
    ("医生说我血糖高", "zh", False),
    ("我妈说我太瘦了", "zh", False),
])
def test_a_doctors_order_is_the_users_own_restriction_not_hearsay(clause: str, lang: str, read: bool) -> None:
    assert (read_clause(clause, lang).skip != "reported") is read


@pytest.mark.parametrize(("clause", "lang", "obj", "category"), [
    ("Grapefruit juice is my favourite breakfast drink.", "en", "Grapefruit juice", "breakfast drink"),
    ("Sushi is my all-time favourite food", "en", "Sushi", "food"),
    ("西柚汁是我最喜欢的早餐饮料。", "zh", "西柚汁", "早餐饮料"),
    ("火锅就是我最喜欢的菜", "zh", "火锅", "菜"),
])
def test_a_favourite_said_thing_first(clause: str, lang: str, obj: str, category: str) -> None:
    hit = match_clause(clause, lang, allow_rules=True)
    assert hit is not None and hit.obj == obj and (hit.extra or {}).get("c") == category
    assert match_clause("This is my favourite song", "en", allow_rules=True) is None  # a pointing word, no thing


def _result(text: str, kind: str, turn: str, rank: int) -> RecallResult:
    item = MemoryItem.create("u1", text, "habits", kind=kind, at=START, turn_id=turn)
    return RecallResult(item, 1.0 / rank, 0.0, rank, [turn])


@pytest.mark.parametrize(("turn_text", "fact", "other"), [
    ("user: 医生说我血糖高，奶茶戒了。", "用户奶茶戒了", "用户喜欢喝咖啡"),
    ("user: My doctor says my sugar is high, so no more soda.", "User no longer drinks soda", "User likes tea"),
])
def test_a_withheld_raw_turn_leaves_its_place_to_the_fact_it_gave(turn_text: str, fact: str, other: str) -> None:
    asked: list[RecallFilters] = []

    def search(filters: RecallFilters) -> list[RecallResult]:
        asked.append(filters)
        return [_result(other, Kind.PREFERENCE, "t0", 1), _result(fact, Kind.FACT, "t1", 2)]

    stand_in = made_item_stand_in(search)
    withheld = _result(turn_text, Kind.EVENT, "t1", 1)
    found = stand_in(withheld)
    assert found is not None and found.item.description == fact and found.rank == 1
    assert asked and Kind.EVENT not in (asked[0].kinds or ())  # searched among curated items only
    assert stand_in(_result(fact, Kind.FACT, "t1", 3)) is None  # a curated result is no raw turn
    assert stand_in(_result(turn_text, Kind.EVENT, "t9", 1)) is None  # no fact of that turn: none
    assert len(asked) == 1  # the search runs once
