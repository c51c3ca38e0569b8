"""Habits, drinks, foods and activities stopped, taken up again or switched, said in everyday words, in English and
Chinese: a return said as a fragment ("drinking coffee again these days", "back to smoking"), a stop with the thing
first and no 我 ("拿铁不喝了", "游戏不打了"), a switch to another kind of the same drink ("改喝美式了"), a stop said
again in the other language (one item), and descriptions that read as plain sentences. Negatives: another person's
habit, a plan, a one-off, a hypothetical."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.pipeline.habit_plain import plain_habit, plain_value

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _live(tmp_path: Path, texts: list[str]) -> list[str]:
    return [text for status, key, text in slot_items(tmp_path, texts, start=START, days_apart=20)
            if status == "active" and not key.startswith("event:")]


@pytest.mark.parametrize(("before", "after", "gone", "now"), [
    ("I gave up coffee", "drinking coffee again these days", "no longer drinks coffee", "coffee again"),
    ("I gave up coffee", "OK I caved, drinking coffee again.", "no longer drinks coffee", "coffee again"),
    ("I quit smoking last month", "ok I caved. back to smoking, work stress is insane", "quit smoking", "smokes"),
    ("I gave up meat, going vegetarian", "eating meat again these days", "vegetarian", "meat again"),
    ("我戒烟半年了", "唉，最近压力大，烟又抽上了", "戒烟", "抽烟"),
    ("我戒烟了", "烟又抽起来了", "戒烟", "抽烟"),
])
def test_a_return_said_without_started_ends_the_stop(tmp_path: Path, before: str, after: str, gone: str,
                                                      now: str) -> None:
    live = _live(tmp_path, [before, after])
    assert not any(gone in t for t in live) and any(now in t for t in live), live


@pytest.mark.parametrize(("before", "after", "old"), [
    ("我每天喝拿铁", "拿铁不喝了", "用户喝拿铁"),
    ("我每天喝咖啡", "咖啡不喝了，晚上睡不着", "用户喝咖啡"),
    ("我每天喝咖啡", "咖啡不喝了", "用户喝咖啡"),
    ("我爱吃甜食", "甜食我不碰了", "用户吃甜食"),
    ("我抽烟", "烟我戒了", "用户抽烟"),
    ("I stopped playing video games", "Gaming again most nights lol", "no longer does video games"),
])
def test_a_stop_or_return_with_the_thing_first_ends_the_other(tmp_path: Path, before: str, after: str,
                                                               old: str) -> None:
    assert not any(t.endswith(old) or old in t for t in _live(tmp_path, [before, after]))


@pytest.mark.parametrize(("before", "after", "old", "new"), [
    ("我每天喝拿铁", "最近改喝美式了，减脂期", "拿铁", "美式"),
    ("我早上离不开拿铁，每天一杯", "拿铁不喝了，改喝美式。", "喝拿铁", "美式"),
    ("我每天喝拿铁", "我改喝美式了", "喝拿铁", "美式"),
    ("I drink lattes every morning", "I've switched to americano", "drinks lattes", "americano"),
])
def test_a_switch_to_another_kind_ends_the_old_kind(tmp_path: Path, before: str, after: str, old: str,
                                                     new: str) -> None:
    live = _live(tmp_path, [before, after])
    assert any(new in t for t in live), live
    assert not any(old in t and "不" not in t and "instead" not in t for t in live), live


@pytest.mark.parametrize("texts", [
    ["I've cut out coffee completely.", "咖啡我戒了。"],
    ["我咖啡戒了", "I gave up coffee"],
])
def test_a_stop_said_again_in_the_other_language_is_one_item(tmp_path: Path, texts: list[str]) -> None:
    live = [t for t in _live(tmp_path, texts) if "coffee" in t or "咖啡" in t]
    assert len(live) == 1, live


@pytest.mark.parametrize(("text", "want", "not_want"), [
    ("I stopped drinking alcohol", "no longer drinks alcohol", "takes"),
    ("I've cut out coffee completely.", "no longer drinks coffee", "completely"),
    ("I gave up coffee for the new year, cold turkey", "no longer drinks coffee", "new year"),
    ("我不再喝拿铁了", "不再喝拿铁", "自己"),
])
def test_a_stop_reads_as_a_plain_sentence(tmp_path: Path, text: str, want: str, not_want: str) -> None:
    live = _live(tmp_path, [text])
    assert any(want in t for t in live) and not any(not_want in t for t in live), live


@pytest.mark.parametrize(("before", "after", "kept"), [
    ("I gave up coffee", "my roommate is drinking coffee again", "no longer drinks coffee"),
    ("I quit beer in January", "had a beer at the party tonight, just one", "no longer drinks beer"),
    ("我每天喝咖啡", "我爸咖啡不喝了", "用户喝咖啡"),
    ("咖啡我戒了，晚上老睡不着", "今天破例喝了杯咖啡，就一杯", "咖啡戒了"),
    ("I gave up coffee", "if I ever drank coffee again I'd never sleep", "no longer drinks coffee"),
])
def test_anothers_habit_a_one_off_or_a_hypothetical_changes_nothing(tmp_path: Path, before: str, after: str,
                                                                     kept: str) -> None:
    live = _live(tmp_path, [before, after])
    assert any(kept in t for t in live), live


def test_plain_habit_and_plain_value() -> None:
    assert plain_habit("咖啡我戒了", "zh", "咖啡", -1) == "我不再喝咖啡了"
    assert plain_habit("我可乐不喝了", "zh", "", -1) == "我不再喝可乐了"
    assert plain_habit("烟我戒了", "zh", "烟", -1) == "我戒烟了"
    assert plain_habit("酒我又喝上了", "zh", "酒", 1) == "我又开始喝酒了"
    assert plain_habit("back on the cola", "en", "", 1) == "I drink cola again"
    assert plain_habit("I quit coffee", "en", "", -1) == ""  # the English cues read it as said
    assert plain_habit("吉他我不弹了", "zh", "吉他", -1) == ""  # no drink, food or smoking
    assert plain_value("coffee completely", "en") == "coffee"
    assert plain_value("sugar for the new year", "en") == "sugar"
    assert plain_value("completely", "en") == "completely"
    assert plain_value("咖啡", "zh") == "咖啡"
