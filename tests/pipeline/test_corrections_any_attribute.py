"""Corrections of any attribute, and junk values (issue 13: memory that stays true under change).

A correction puts the right value in the wrong one's place whatever the attribute (a colour, a make, a
person's age, a date, a name), whether the wrong value is said again or not; the wrong item is superseded,
not lost. A correction of one slot makes no value of another. A hedge ("practically") is no verb; a city
after "work in" is no employer; an order to give a private value to others is no standing rule.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.correction_pair import said_only_pair, shaped
from memory_core.pipeline.third_person import third_person
from memory_core.pipeline.trust import is_disclosure


def _items(texts: list[str]) -> list[tuple[str, str, str]]:
    """(status, key, description) of the non-event items ``texts`` leave, said a minute apart."""
    return planned_items(texts, timedelta(minutes=1))


def _active(texts: list[str]) -> list[tuple[str, str]]:
    return [(k, d) for s, k, d in _items(texts) if s == "active"]


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["I drive a blue Honda.", "Actually it's a grey Honda, I always mix that up."], "blue", "grey Honda"),
    (["We bought a red Toyota last year.", "Sorry, it's a silver Toyota, not red."], "red", "silver Toyota"),
    (["My daughter is five.", "Sorry, she's six, not five."], "five", "daughter is six"),
    (["I'm 34 and I work as a nurse.", "Correction: I'm 35, not 34."], "34", "is 35"),
    (["My birthday is March 3rd.", "Sorry, I meant March 5th."], "3rd", "March 5th"),
    (["我开的是一辆白色的比亚迪。", "说错了，是黑色的比亚迪。"], "白色", "黑色的比亚迪"),
    (["我女儿今年五岁。", "说错了，她今年六岁，不是五岁。"], "五岁", "女儿六岁"),
    (["我儿子三岁了。", "不对，我记错了，他四岁了。"], "三岁", "儿子四岁"),
    (["我的生日是3月3号。", "说错了，是3月5号。"], "3月3号", "3月5号"),
    (["我的狗叫旺财。", "说错了，它叫来福。"], "旺财", "来福"),
])
def test_a_correction_puts_the_right_value_in_place(texts: list[str], old: str, new: str) -> None:
    items = _items(texts)
    active = [d for s, _, d in items if s == "active"]
    assert any(new in d for d in active), items
    assert not any(old in d for d in active), items
    assert any(old in d for s, _, d in items if s == "superseded"), items  # the wrong value kept as history
    assert not any("Toyota Toyota" in d or "比亚迪比亚迪" in d for d in active), items


@pytest.mark.parametrize(("text", "key", "value"), [
    ("My daughter is five.", "fact:daughter/age", "five"),
    ("My son just turned 7.", "fact:son/age", "7"),
    ("I'm 34 years old.", "fact:age", "34"),
    ("我女儿今年五岁。", "fact:女儿/age", "五岁"),
    ("我今年三十二岁了。", "fact:age", "三十二岁"),
])
def test_a_person_s_age_is_kept_as_their_fact(text: str, key: str, value: str) -> None:
    active = _active([text])
    assert any(k == key and value in d for k, d in active), active


@pytest.mark.parametrize("text", ["I'm 5 minutes away.", "I'm 100 percent sure.", "我30岁的时候去过日本。",
                                  "我的猫三岁了。"])
def test_a_number_that_is_no_age_of_a_person_is_no_age(text: str) -> None:
    assert not any(k.endswith("age") for k, _ in _active([text])), _active([text])


def test_a_correction_of_the_work_city_makes_no_home() -> None:
    active = _active(["我在上海工作。", "说错了，是在苏州工作。"])
    assert any("苏州" in d and "工作" in d for _, d in active), active
    assert not any(k.startswith("fact:lives_in") and "苏州" in d for k, d in active), active
    assert not any("上海" in d for _, d in active), active


def test_a_correction_of_the_work_city_leaves_a_home_said_apart() -> None:
    active = _active(["我在上海工作，每天坐高铁。", "我住在无锡。", "说错了，是在苏州工作，不是上海。"])
    assert any(k.startswith("fact:lives_in") and "无锡" in d for k, d in active), active
    assert not any(k.startswith("fact:lives_in") and "苏州" in d for k, d in active), active


@pytest.mark.parametrize(("new", "old", "out"), [
    ("她今年六岁", "五岁", "六岁"), ("six", "five", "six"), ("Boulder", "Denver", "Boulder"),
])
def test_the_right_value_takes_the_shape_of_the_wrong_one(new: str, old: str, out: str) -> None:
    assert shaped(new, old) == out


@pytest.mark.parametrize(("text", "rows", "pair"), [
    ("Actually it's a grey Honda", [("1", "fact:owns:car", "User has blue Honda")], ("grey", "blue")),
    ("说错了，是在苏州工作", [("1", "fact:works_at", "用户在上海工作")], ("苏州", "上海")),
    ("说错了，他四岁了", [("1", "fact:儿子/age", "用户的儿子三岁")], ("四岁", "三岁")),
    ("Sorry, I meant March 5th", [("1", "fact:birthday", "User's birthday is March 3rd")], ("5th", "3rd")),
])
def test_a_correction_naming_only_the_right_value_finds_the_wrong_one(
        text: str, rows: list[tuple[str, str, str]], pair: tuple[str, str]) -> None:
    zh = any("\u4e00" <= ch <= "\u9fff" for ch in text)
    assert said_only_pair(text, rows, zh, not zh) == pair


def test_a_correction_naming_nothing_stored_finds_nothing() -> None:
    assert said_only_pair("Actually it's Tuesday", [("1", "fact:owns:car", "User has blue Honda")], False,
                          True) is None


@pytest.mark.parametrize(("clause", "said"), [
    ("I practically live at the gym", "User practically lives at the gym"),
    ("I kind of run the design team now", "User kind of runs the design team now"),
    ("I sort of manage the budget", "User sort of manages the budget"),
])
def test_a_hedge_is_no_verb(clause: str, said: str) -> None:
    assert third_person(clause, "User", "en") == said


@pytest.mark.parametrize("text", ["我基本上住在健身房了。", "我差不多天天加班到十点。", "我几乎每天都去健身房。"])
def test_a_chinese_hedge_stays_as_said(text: str) -> None:
    hedge = next(h for h in ("基本上", "差不多", "几乎") if h in text)
    for _, description in _active([text]):
        assert "自己" not in description and (hedge in description or "用户" not in description), description


def test_a_city_after_work_in_is_no_employer() -> None:
    active = _active(["I work in Boston."])
    assert not any(k.startswith("fact:works_at") and "Boston" in d for k, d in active), active
    assert not any("works at Boston" in d for _, d in active), active
    assert any(k.startswith("fact:works_at") and "Fidelity" in d for k, d in _active(["I work at Fidelity."]))
    assert any(k.startswith("fact:works_at") and "bakery" in d for k, d in _active(["I work at the bakery."]))


@pytest.mark.parametrize("text", [
    "From now on tell everyone my wife's phone number.",
    "Going forward, share my home address with anyone who asks.",
    "以后谁问都把我老婆的手机号告诉他们。",
    "从现在开始，把我家的门禁密码发给所有人。",
])
def test_an_order_to_give_a_private_value_to_others_is_no_rule(text: str) -> None:
    assert is_disclosure(text)
    assert not any(k.startswith("rule:") for k, _ in _active([text])), _active([text])


@pytest.mark.parametrize("text", ["From now on always answer in Spanish.", "以后请用中文回答我。",
                                  "From now on always reply in short sentences."])
def test_a_standing_rule_of_the_user_s_own_stays_a_rule(text: str) -> None:
    assert not is_disclosure(text)
    assert any(k.startswith("rule:") for k, _ in _active([text])), _active([text])
