"""Issue 13: a habit named in English inside Chinese ("又开始 smoke 了"), a brother or sister called bro or sis
("my bro Tom just got a job at Netflix"), and a drink named in Chinese inside English ("I quit 咖啡 last week")."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.code_switch import with_chinese_cues
from memory_core.pipeline.value_class import is_org

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("又开始 smoke 了", "又开始抽烟了"),
        ("又 start smoke 了", "又开始抽烟了"),
        ("我戒 vaping 了", "我戒抽电子烟了"),
        ("又开始 drinking 了", "又开始喝酒了"),
        ("I smoke 了吗", "I smoke 了吗"),  # no Chinese before it: left as written
        ("I quit smoking", "I quit smoking"),
    ],
)
def test_an_english_habit_inside_chinese_reads_as_the_chinese_habit(text: str, read: str) -> None:
    assert with_chinese_cues(text) == read


@pytest.mark.parametrize("first", ["我戒烟了", "I quit smoking"])
def test_a_habit_taken_up_again_in_english_ends_its_stop(tmp_path: Path, first: str) -> None:
    rows = slot_items(tmp_path, [first, "又开始 smoke 了"], start=START, days_apart=1)
    assert active(rows) == [("fact:smoking", "用户又开始抽烟了")]


def test_bro_is_a_brother_not_the_user(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["my bro Tom just got a job at Netflix", "I just started at Google"],
                      start=START, days_apart=1)
    keys = dict(active(rows))
    assert "Netflix" in keys["fact:brother/works_at"]
    assert keys["fact:works_at"] == "User works at Google"


@pytest.mark.parametrize(("first", "second"), [("my big bro lives in Denver", "my brother moved to Austin"),
                                               ("my lil sis just moved to Boston", "my sister moved to Paris")])
def test_a_short_form_and_its_relation_word_share_one_slot(tmp_path: Path, first: str, second: str) -> None:
    rows = slot_items(tmp_path, [first, second], start=START, days_apart=1)
    assert [text for _, text in active(rows)] == [f"User's {second.split()[1]} lives in {second.split()[-1]}"]


def test_a_chinese_drink_inside_english_is_no_employer() -> None:
    assert not is_org("咖啡", "en")
    assert is_org("阿里巴巴", "en")


def test_quitting_a_drink_named_in_chinese_ends_the_like(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["I work at Stripe and I love coffee", "I quit 咖啡 last week"],
                      start=START, days_apart=1)
    assert sorted(active(rows)) == [("fact:works_at", "User works at Stripe"),
                                    ("pref:coffee", "User no longer drinks coffee")]
