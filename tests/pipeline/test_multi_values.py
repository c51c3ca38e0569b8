"""Items that hold several values, and changes said of them (issue 13, a new user's trial), in English and
Chinese: one value ending leaves the others current; a new number of a thing replaces the old one in its item
(history keeps it); a second thing of a kind is an item of its own; a value added beside the others ends none."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.pipeline.changed_value import changed_number, ended_by_stance, renumbered, with_statement
from memory_core.pipeline.members import without_members
from memory_core.pipeline.third_person import third_person

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _status(rows: list[tuple[str, str, str]], status: str) -> list[str]:
    return [text for s, _, text in rows if s == status]


@pytest.mark.parametrize(("before", "end", "ended", "kept"), [
    ("i bank with Monzo and Netflix + Spotify are my subs", "cancelled Netflix", "Netflix", ["Monzo", "Spotify"]),
    ("I subscribe to Netflix and Disney+", "cancelled Disney+, only Netflix now", "Disney", ["Netflix"]),
    ("I pay for Peacock and Paramount+ every month.", "I cancelled Peacock.", "Peacock", ["Paramount"]),
    ("我订了爱奇艺和腾讯视频", "爱奇艺退订了", "爱奇艺", ["腾讯视频"]),
    ("我养了一只猫和一只狗", "猫送人了", "猫", ["狗"]),
    ("我喜欢跑步和游泳", "不跑步了", "跑步", ["游泳"]),
])
def test_one_value_ending_leaves_the_others_current(tmp_path: Path, before: str, end: str, ended: str,
                                                    kept: list[str]) -> None:
    live = _status(slot_items(tmp_path, [before, end], start=START, days_apart=30), "active")
    stopped = re.compile(r"cancel|no longer|不再|退订|送人|没有|不在|不跑|已经")
    for value in kept:
        assert any(value in t and ended not in t and not stopped.search(t) for t in live), live
    assert not any(ended in t and not stopped.search(t) for t in live), live


@pytest.mark.parametrize(("before", "added", "values"), [
    ("I subscribe to Netflix", "I also subscribe to Spotify now", ["Netflix", "Spotify"]),
    ("我开了爱奇艺会员。", "我又开了个网易云音乐会员。", ["爱奇艺", "网易云"]),
])
def test_a_value_added_beside_the_others_ends_none(tmp_path: Path, before: str, added: str,
                                                  values: list[str]) -> None:
    live = _status(slot_items(tmp_path, [before, added], start=START, days_apart=30), "active")
    for value in values:
        assert any(value in t for t in live), live
    assert not any(all(v in t for v in values) for t in live), live  # each its own item, to end alone


@pytest.mark.parametrize(("before", "after", "old", "new"), [
    ("I usually go to bed at 2am", "been going to bed at 11 lately", r"\b2 ?am\b", r"bed at 11"),
    ("I go to bed around midnight.", "I go to bed at 10 now, new job.", r"midnight", r"bed at 10"),
    ("I usually wake up at 6.", "lately I've been waking up at 7:30", r"\bat 6\b", r"up at 7:30"),
    ("我每天早上六点起床", "我现在每天早上八点起床", r"六点|6点", r"八点|8点"),
    ("我家狗豆豆两岁了", "豆豆三岁啦", r"两岁|2岁", r"豆豆.{0,6}(?:三|3)岁"),
    ("My cat Mochi is two years old.", "Mochi is three now!", r"\b(?:two|2)\b", r"\b(?:three|3)\b"),
])
def test_a_new_number_of_a_thing_replaces_the_old_one(tmp_path: Path, before: str, after: str, old: str,
                                                      new: str) -> None:
    rows = slot_items(tmp_path, [before, after], start=START, days_apart=30)
    live = _status(rows, "active")
    assert not any(re.search(old, t) for t in live), live
    assert any(re.search(new, t) for t in live), live
    assert not any("beens" in t for _, _, t in rows), rows


@pytest.mark.parametrize(("first", "second", "names"), [
    ("I have a dog named Pixel", "we also got a second dog, a beagle called Rex", ("Pixel", "Rex")),
    ("I have a cat named Luna.", "We adopted another cat, a tabby called Milo.", ("Luna", "Milo")),
    ("我养了一只狗，叫豆豆", "我们又养了一只狗，叫旺财", ("豆豆", "旺财")),
])
def test_a_second_thing_of_a_kind_is_an_item_of_its_own(tmp_path: Path, first: str, second: str,
                                                         names: tuple[str, str]) -> None:
    live = _status(slot_items(tmp_path, [first, second], start=START, days_apart=30), "active")
    for name in names:
        assert any(name in t for t in live), live
    assert not any(all(n in t for n in names) for t in live), live


def test_a_softened_dislike_replaces_the_dislike_zh(tmp_path: Path) -> None:
    live = _status(slot_items(tmp_path, ["我不吃香菜", "我现在也能吃一点香菜了，不那么讨厌了"], start=START,
                              days_apart=30), "active")
    assert not any("不吃香菜" in t for t in live), live
    assert any("香菜" in t for t in live), live


def test_only_a_stance_said_to_hold_now_ends_a_like_en_and_zh() -> None:
    assert ended_by_stance("pref:cilantro@user", "these days I like cilantro")
    assert ended_by_stance("pref:cilantro@user", "I don't mind cilantro now")
    assert ended_by_stance("pref:香菜@user", "我现在也能吃一点香菜了，不那么讨厌了")
    # the moment's "now" says nothing lasting: a refusal for now leaves the like as it was
    assert not ended_by_stance("pref:the idea@priya", "Priya can't right now")
    assert not ended_by_stance("pref:coffee@user", "I can't have coffee just now")
    assert not ended_by_stance("pref:cake@user", "no cake for now, thanks")
    assert not ended_by_stance("pref:cilantro@user", "I don't like cilantro")


def test_numbers_of_one_measure_en_and_zh() -> None:
    assert changed_number("User has been going to bed at 11 lately", "User usually goes to bed at 2am")
    assert changed_number("用户：豆豆三岁啦", "用户家狗豆豆两岁了")
    assert not changed_number("Pixel weighs 20 kg", "Pixel is 2 years old")  # another measure: a detail
    assert not changed_number("考试在3月3号上午10点", "考试在3月3号")  # the old number said again
    assert not changed_number("Pixel loves the park", "Pixel is 2 years old")  # no number: no new value
    assert renumbered("用户家狗豆豆两岁了", "用户：豆豆三岁啦") == "用户家狗豆豆3岁了"
    assert renumbered("Mochi is two years old", "Mochi is three now") == "Mochi is 3 years old"
    assert with_statement("User has a dog", "User's dog is called Pixel", "en") == \
        "User has a dog; User's dog is called Pixel"


def test_a_clause_said_without_its_have_en() -> None:
    assert third_person("I been going to bed at 11 lately", "User", "en") == \
        "User has been going to bed at 11 lately"


def test_members_joined_by_a_sign_or_a_measure_word_en_and_zh() -> None:
    assert without_members("User subscribes to Netflix + Spotify", frozenset({"netflix"})) == \
        "User subscribes to Spotify"
    assert without_members("用户养了一只猫和一只狗", frozenset({"obj:cat"})) == "用户养了一只狗"  # a known thing
    assert without_members("用户喜欢跑步和游泳", frozenset({"跑步"})) == "用户喜欢游泳"
    assert without_members("User banks with Monzo and Netflix + Spotify", frozenset({"netflix"})) == \
        "User banks with Monzo and Spotify"  # the sign binds the two it joins
