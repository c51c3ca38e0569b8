"""Changes said the everyday way (new-user trial 37): a stop said with its reason or with the thing's name cut short,
a job said as "I'm (head) X at Y", a home shared with housemates left by a move, a child's school stage, the commute
said after the trip, a frequency said in a word. The old item ends (kept as superseded) and the new one is active;
a restatement, a trip and a partner lived with end nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import assert_replaced, slot_items

from memory_core.model import Kind
from memory_core.pipeline.cessation import cessation_scope, topicalised
from memory_core.pipeline.changed_value import changed_number, renumbered
from memory_core.pipeline.shared_home import shared_home_left
from memory_core.pipeline.types import Candidate
from memory_core.pipeline.work_or_study import one_of_work_or_study

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _status(rows: list[tuple[str, str, str]], status: str) -> list[str]:
    return [text for s, _, text in rows if s == status]


@pytest.mark.parametrize(("clause", "ends"), [
    ("我不喝柠檬水了", True),
    ("为了省钱我不点外卖了", True),
    ("我不吃薯片了", True),
    ("我每天喝柠檬水", False),
])
def test_a_stop_named_in_full_is_a_cessation(clause: str, ends: bool) -> None:
    assert bool(cessation_scope(clause, "zh")) is ends


@pytest.mark.parametrize("clause", ["为了省钱我不喝柠檬水了", "因为胃不好我不吃辣了", "由于长痘我不吃薯片了"])
def test_a_reason_said_first_is_no_object_put_first(clause: str) -> None:
    assert topicalised(clause) == ""


def test_an_object_put_first_is_still_read() -> None:
    assert topicalised("香菜我现在挺爱吃的") == "香菜"


@pytest.mark.parametrize(("turns", "old", "new"), [
    (["我每天都要喝一杯蜜雪冰城的柠檬水，不喝感觉活不下去哈哈", "为了省钱我不喝柠檬水了，一个月能省一百多呢 💪"],
     "蜜雪冰城", "不再喝柠檬水"),
    # soda water is a drink: the stop and the switch are one change, to soda water
    (["我每天晚上都要喝一罐青岛啤酒", "因为尿酸高，我不喝啤酒了，改喝苏打水"], "一罐青岛啤酒", "改喝苏打水"),
    (["I'm head sommelier at a Michelin-starred place in Mayfair",
      "handed in my notice. Starting at Berry Bros & Rudd in July as a fine wine account manager."],
     "sommelier", "account manager"),
    (["I'm a deckhand on a crab boat out of Dutch Harbor",
      "Finished welding school and took a job at the shipyard in Seward as a welder"], "deckhand", "welder"),
    (["我是一家奶茶店的店长", "我现在在京东做客服了"], "店长", "客服"),
    (["我跟两个同事在望京合租一套三居室", "搬家了，现在自己在通州租了个一居室"], "合租", "通州"),
    (["I live with a roommate in a two-bed in Astoria", "Just moved to Jersey City, living alone for the first time"],
     "roommate", "Jersey City"),
    (["我女儿在阳光幼儿园上大班", "我女儿今天上小学了，在龙华实验学校读一年级"], "阳光幼儿园", "龙华实验学校"),
    (["My son is in Year 6 at St Mary's Primary", "My son started at Westfield Academy this week"],
     "St Mary's", "Westfield Academy"),
    (["我每天骑电动车上班", "现在上班改坐地铁了，电动车卖给楼下大爷了"], "电动车", "地铁"),
    (["I take the bus to work", "These days I cycle into the office, way faster"], "bus", "bike"),
])
def test_a_change_ends_the_old_item_and_keeps_the_new(tmp_path: Path, turns: list[str], old: str, new: str) -> None:
    assert_replaced(slot_items(tmp_path, turns, start=START, days_apart=30), old, new)


@pytest.mark.parametrize(("turns", "kept"), [
    # a partner moves with the user: only housemates stay behind
    (["I live with my girlfriend in Astoria", "We moved to Jersey City last month"], "girlfriend"),
    # the same home said again is no move
    (["我跟室友住在浦东", "我还是住在浦东"], "室友"),
    # a trip is no home
    (["I live with a roommate in Astoria", "Staying at a hotel in Boston this week for work"], "roommate"),
])
def test_a_near_miss_keeps_the_living_together(tmp_path: Path, turns: list[str], kept: str) -> None:
    rows = slot_items(tmp_path, turns, start=START, days_apart=30)
    assert any(kept in t for t in _status(rows, "active")), rows


def _home(text: str = "User lives in Leeds", key: str = "fact:lives_in") -> Candidate:
    return Candidate(kind=Kind.FACT, description=text, key=key, polarity=1)


def test_a_move_ends_housemates_and_shared_statements_only() -> None:
    rows = [("1", "fact:lives_with:roommate", "User lives with a roommate"),
            ("2", "fact:lives_with:girlfriend", "User lives with their girlfriend"),
            ("3", "gist:syn:apartment", "用户跟两个 Filipino girls share 一个 apartment"),
            ("4", "gist:rent", "User's rent is 900 a month"),
            ("5", "fact:lives_with:roommate@mia", "Mia lives with a roommate")]
    home = _home()
    shared_home_left("Moved to Leeds last month", [home], lambda prefixes: rows)
    assert home.ends == ("fact:lives_with:roommate", "gist:syn:apartment")


def test_no_move_said_ends_nothing() -> None:
    home = _home()
    shared_home_left("I live in Leeds", [home], lambda prefixes: [("1", "fact:lives_with:roommate", "x")])
    assert home.ends == ()


def test_an_own_words_key_holding_another_statement_is_left() -> None:
    rows = [("1", "gist:flat", "User shares a flat with two nurses"), ("2", "gist:flat", "User's flat is tiny")]
    home = _home()
    shared_home_left("just moved to Leeds", [home], lambda prefixes: rows)
    assert home.ends == ()


def test_a_childs_school_is_kept_over_their_employer() -> None:
    work = Candidate(kind=Kind.FACT, description="User's son works at Westfield Academy", key="fact:son/works_at",
                     polarity=1, claim="User's son works at Westfield Academy")
    school = Candidate(kind=Kind.FACT, description="User's son studies at Westfield Academy", key="fact:son/school",
                       polarity=1, claim="User's son studies at Westfield Academy")
    assert one_of_work_or_study("My son started at Westfield Academy", [work, school]) == [school]


def test_two_people_at_one_place_keep_their_own_readings() -> None:
    mine = Candidate(kind=Kind.FACT, description="User works at Westfield Academy", key="fact:works_at", polarity=1,
                     claim="works at Westfield Academy")
    son = Candidate(kind=Kind.FACT, description="User's son studies at Westfield Academy", key="fact:son/school",
                    polarity=1, claim="User's son studies at Westfield Academy")
    assert one_of_work_or_study("…", [mine, son]) == [mine, son]


@pytest.mark.parametrize(("new", "old", "changed"), [
    ("down to once a week at the gym now", "User goes to the gym 3x a week", True),
    ("only twice a week these days", "User goes to the gym four times a week", True),
    ("I once lived in Paris", "User goes to the gym 3x a week", False),
    ("still 3x a week", "User goes to the gym 3x a week", False),
])
def test_a_frequency_said_in_a_word_is_a_number(new: str, old: str, changed: bool) -> None:
    assert changed_number(new, old) is changed


def test_a_number_glued_to_a_letter_is_never_respliced() -> None:
    assert renumbered("User goes to the gym 3x a week", "once a week now") == "once a week now"
    assert renumbered("用户家狗豆豆两岁了", "豆豆三岁啦") == "用户家狗豆豆3岁了"
