"""New-user trials: a pastime switched or a drink quit said briefly, exercise at a clock time, a turn said again in
lower case, orders to the assistant and its joy for the user (issue 13)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, live_texts, slot_items

from memory_core.pipeline.code_switch import with_chinese_cues
from memory_core.pipeline.orders import order_to_assistant
from memory_core.pipeline.pastime_switch import other_kind, replaced_routines
from memory_core.pipeline.restated_turn import earlier_wording
from memory_core.pipeline.small_talk import is_small_talk

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("clause", "lang"), [
    ("don't lecture me", "en"), ("please don't judge me", "en"), ("stop nagging me about sleep", "en"),
    ("quit preaching at me", "en"), ("Stop talking down to me!", "en"),
    ("别跟我讲大道理", "zh"), ("少跟我说教", "zh"), ("你别给我灌鸡汤了", "zh"),
])
def test_an_order_about_how_the_assistant_talks_is_read_as_one(clause: str, lang: str) -> None:
    assert order_to_assistant(clause, lang)


@pytest.mark.parametrize(("clause", "lang"), [
    ("I don't lecture my kids", "en"), ("don't call me Robert", "en"), ("don't text me after 9pm", "en"),
    ("别给我推荐香菜", "zh"), ("我不喜欢讲大道理", "zh"),
])
def test_a_wish_or_a_statement_is_no_order(clause: str, lang: str) -> None:
    assert not order_to_assistant(clause, lang)


@pytest.mark.parametrize("text", [
    "太为你们开心了！恭喜恭喜💐", "So happy for you both! 🎉", "真替你高兴！",
    "Nice to meet you Priya! How can I help with Loomly today?", "What can I help you with on your resume?",
])
def test_joy_for_the_user_and_help_offered_with_a_thing_are_small_talk(text: str) -> None:
    assert is_small_talk(text)


@pytest.mark.parametrize("text", [
    "I am happy for you to move to Berlin", "How can I help with Loomly? Your plan renews on May 3.",
    "我为你们准备了一份清单",
])
def test_a_reply_with_content_is_no_small_talk(text: str) -> None:
    assert not is_small_talk(text)


def test_the_earlier_wording_is_taken_when_it_has_the_capitals() -> None:
    first = "I just moved to Denver and I work at Ball Aerospace"
    assert earlier_wording("i just moved to denver and i work at ball aerospace!", first) == first
    assert earlier_wording("I just moved to Denver and I work at Ball Aerospace 🙂", first) == first
    assert earlier_wording("i live in denver", "I live in Denver") == "I live in Denver"
    assert earlier_wording("I live in Denver", "i live in denver") is None  # the new turn is better written
    assert earlier_wording("I live in Boulder", "I live in Denver") is None  # another text
    assert earlier_wording(first, first) is None


def test_a_lower_case_saying_again_is_a_hit_not_a_new_item(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["I just moved to Denver and I work at Ball Aerospace as a machinist",
                                 "i just moved to denver and i work at ball aerospace as a machinist!"],
                      start=START, days_apart=1)
    assert all(status == "active" for status, _, _ in rows)
    assert not any("and they work" in text or "denver and" in text.casefold() for _, _, text in rows)


def test_a_switch_ends_the_one_routine_of_another_member_of_its_kind() -> None:
    rows = [("1", "fact:routine:run", "User's routine: run every morning"),
            ("2", "fact:hobby:piano", "User plays piano")]
    assert replaced_routines("cycling", rows, "") == ["fact:routine:run"]
    two = [*rows, ("3", "gist:statement", "User goes swimming on Sundays")]
    assert replaced_routines("cycling", two, "") == []  # two of them: the switch says neither
    assert replaced_routines("guitar", rows, "") == []  # an instrument replaces no sport
    assert other_kind("swimming", "piano") and not other_kind("swimming", "tennis")
    assert not other_kind("swimming", "pottery")  # an unknown pastime: the switch's own rule decides


@pytest.mark.parametrize(("texts", "gone", "kept"), [
    (["I run every morning", "Switched to cycling"], "run every morning", "cycling"),
    (["我每天早上跑步", "改骑车了"], "跑步", "骑车"),
    (["I play the guitar", "I play tennis every Saturday", "I've switched over to golf"], "tennis", "guitar"),
])
def test_a_brief_switch_of_pastime_ends_the_old_habit(tmp_path: Path, texts: list[str], gone: str, kept: str) -> None:
    now = live_texts(tmp_path, texts, start=START)
    assert not any(gone in text for text in now)
    assert any(kept in text for text in now)


@pytest.mark.parametrize(("texts", "stale"), [
    (["我每天晚上喝点酒", "完全不喝酒了"], "用户喝酒"),
    (["I drink beer every weekend", "from today 戒啤酒了"], "User drinks beer every weekend"),
    (["I drink beer every weekend", "I don't drink at all anymore"], "User drinks beer every weekend"),
])
def test_a_quit_said_briefly_leaves_the_quit_active(tmp_path: Path, texts: list[str], stale: str) -> None:
    now = live_texts(tmp_path, texts, start=START)
    assert stale not in now
    assert now and not any(text.endswith("drinks at all") for text in now)


def test_a_start_day_in_english_reads_as_the_chinese_one() -> None:
    assert with_chinese_cues("from today 戒啤酒了") == "今天开始戒啤酒了"
    assert with_chinese_cues("starting this month 不喝奶茶了") == "这个月开始不喝奶茶了"


@pytest.mark.parametrize(("texts", "routine"), [
    (["I'm a nurse at St Mary's", "I work out at 6am"], "User's routine: work out at 6am"),
    (["我在医院当护士", "每天六点起来练"], "用户的日常：每天六点起来练"),
])
def test_exercise_at_a_clock_time_is_a_routine_never_the_job(tmp_path: Path, texts: list[str], routine: str) -> None:
    rows = active(slot_items(tmp_path, texts, start=START, days_apart=1))
    assert any(text == routine for _, text in rows)
    job = [text for key, text in rows if key.startswith(("fact:occupation", "fact:works_at"))]
    assert job and not any("6am" in text or "练" in text for text in job)
