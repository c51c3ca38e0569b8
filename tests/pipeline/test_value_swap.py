"""A correction that swaps one value said in everyday words puts it right, history kept (issue 13).

"wait no, Tuesday not Thursday" or "sorry, I meant Tuesday" after "my standup is on Thursdays"; 说错了，是一只狗
after 我养了一只猫; "no wait, it's Lisa not Linda" after "my manager is Linda". The wrong value is superseded, the
right one active under the same key, no item is made of the correction's words, and a turn that only looks like
a correction ("not Thursday but also Tuesday", "it's not Tuesday yet", 不是周四的问题) changes nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.value_swap import alike, class_pair


def _items(texts: list[str]) -> list[tuple[str, str, str]]:
    """(status, key, description) of the statements ``texts`` leave, said a minute apart."""
    return planned_items(texts, timedelta(minutes=1), start=datetime(2026, 3, 1, 8, tzinfo=UTC))


@pytest.mark.parametrize(("first", "again", "right", "wrong"), [
    ("My standup is on Thursdays.", "wait no, Tuesday not Thursday", "Tuesday", "Thursday"),
    ("My standup is on Thursdays.", "sorry, I meant Tuesday", "Tuesday", "Thursday"),
    ("My manager is Linda.", "no wait, it's Lisa not Linda", "Lisa", "Linda"),
    ("I have a cat.", "Sorry, I meant a dog.", "dog", "cat"),
    ("We have a rabbit at home.", "no wait, it's a guinea pig, not a rabbit", "guinea pig", "rabbit"),
    ("我每周四开周会。", "不对，是周三不是周四", "周三", "周四"),
    ("我每周四晚上上瑜伽课。", "说错了，是周二晚上。", "周二", "周四"),
    ("我养了一只猫。", "说错了，是一只狗。", "狗", "猫"),
    ("我家里养了一只兔子。", "不对，是仓鼠，不是兔子。", "仓鼠", "兔子"),
])
def test_the_wrong_value_is_superseded_by_the_right_one_under_its_key(first: str, again: str, right: str,
                                                                       wrong: str) -> None:
    items = _items([first, again])
    active = [(k, d) for s, k, d in items if s == "active"]
    ended = [(k, d) for s, k, d in items if s == "superseded"]
    assert len(active) == 1 and right in active[0][1] and wrong not in active[0][1], items
    assert any(wrong in d and k == active[0][0] for k, d in ended), items
    assert not any(w in active[0][1].casefold() for w in ("wait", "meant", "sorry", "不对", "说错")), items


def test_both_readings_of_the_same_words_are_put_right() -> None:
    items = _items(["我在天津工作。", "说错了，我是在北京不是天津"])
    active = {k: d for s, k, d in items if s == "active"}
    assert active == {"fact:lives_in": "用户住在北京", "fact:works_at": "用户在北京工作"}, items


@pytest.mark.parametrize("texts", [
    ["My standup is on Thursdays.", "Actually the demo is not Thursday but also Tuesday, ugh."],
    ["My standup is on Thursdays.", "Sorry, it's not Tuesday yet, I keep losing track of the days."],
    ["My standup is on Thursdays.", "sorry, I meant Friday not Monday"],
    ["I have a cat.", "no wait, I meant next week."],
    ["我每周四开周会。", "不对，不是周四的问题，是会议室太小。"],
    ["我每周四开周会。", "说错了，是周一不是周五。"],
])
def test_a_turn_that_only_looks_like_a_correction_ends_nothing(texts: list[str]) -> None:
    items = _items(texts)
    first = _items(texts[:1])
    assert not any(s == "superseded" for s, _, _ in items), items
    assert set(first) <= set(items), items


def test_two_stored_weekdays_leave_the_right_one_alone_unread() -> None:
    rows = [("1", "gist:a", "User's standup is on Thursdays"), ("2", "gist:b", "User has yoga on Mondays")]
    assert class_pair("sorry, I meant Tuesday", rows) is None
    assert class_pair("sorry, I meant Tuesday", rows[:1]) == ("Tuesday", "Thursday")
    assert class_pair("sorry, it's not Tuesday yet", rows[:1]) is None


@pytest.mark.parametrize(("new", "old", "same"), [
    ("Tuesday", "Thursday", True), ("周三", "周四", True), ("dog", "cat", True), ("Lisa", "Linda", True),
    ("李娟", "李娜", True), ("also Tuesday", "Thursday", False), ("会议室太小", "周四的问题", False),
    ("dog", "Thursday", False),
])
def test_values_alike_are_of_one_kind(new: str, old: str, same: bool) -> None:
    assert alike(new, old) is same


@pytest.mark.parametrize(("first", "again", "right", "wrong"), [
    ("I have a dentist appointment on Thursday.", "wait no, Tuesday not Thursday", "Tuesday", "Thursday"),
    ("I need to submit the report by Friday.", "sorry, I meant Monday", "Monday", "Friday"),
])
def test_a_weekday_of_a_plan_is_put_right_on_its_item(first: str, again: str, right: str, wrong: str) -> None:
    items = _items([first, again])
    assert [d for s, _, d in items if s == "active" and right in d and wrong not in d], items
    assert [d for s, _, d in items if s == "superseded" and wrong in d], items


@pytest.mark.parametrize("texts", [
    ["周五之前要交报告。", "说错了，是周一"], ["I live in Leeds.", "sorry, I meant Monday"],
])
def test_a_correction_that_finds_nothing_makes_no_item_of_its_words(texts: list[str]) -> None:
    items = _items(texts)
    assert not any(d.startswith(("用户是周一", "User meant")) for _, _, d in items), items
