"""Facts the mechanical write path used to drop or word oddly (issue 13): each is stored, in either language."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from memory_core.pipeline.themes import classify_theme
from tests.pipeline._slot_items import active, slot_items

START = datetime(2025, 1, 5, 10)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("老家是成都的，在北京待了十年。", "用户老家在成都"),
        ("我家乡是湖南的", "用户老家在湖南"),
        ("我老家在重庆。", "用户老家在重庆"),
        ("My hometown is Chengdu, but I have lived in Beijing for ten years.", "User is from Chengdu"),
    ],
)
def test_a_hometown_reads_as_one(tmp_path: Path, text: str, wanted: str) -> None:
    rows = active(slot_items(tmp_path, [text], start=START, days_apart=1))
    assert ("fact:from", wanted) in rows


def test_a_new_hometown_supersedes_the_old(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["我老家是成都的。", "我老家在重庆。"], start=START, days_apart=30)
    assert ("superseded", "fact:from", "用户老家在成都") in rows
    assert ("active", "fact:from", "用户老家在重庆") in rows


@pytest.mark.parametrize(
    ("texts", "key", "wanted"),
    [
        (["我住在北京。", "我爸妈住在成都，过年回去看他们。"], "fact:parents/lives_in", "用户的爸妈住在成都"),
        (["我爸妈在华为上班。"], "fact:parents/works_at", "用户的爸妈在华为工作"),
        (
            ["I live in Boston.", "My parents live in Chengdu."],
            "fact:parents/lives_in",
            "User's parents live in Chengdu",
        ),
        (["My parents work at Huawei."], "fact:parents/works_at", "User's parents work at Huawei"),
        (["My sister lives in Rome."], "fact:sister/lives_in", "User's sister lives in Rome"),
    ],
)
def test_the_parents_facts_are_theirs(tmp_path: Path, texts: list[str], key: str, wanted: str) -> None:
    rows = active(slot_items(tmp_path, texts, start=START, days_apart=30))
    assert (key, wanted) in rows
    assert not [
        text for k, text in rows if k in ("fact:lives_in", "fact:works_at") and ("成都" in text or "Chengdu" in text)
    ]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("最近腰疼得厉害，坐久了就受不了。", "fact:symptom:腰"),
        ("腰疼", "fact:symptom:腰"),
        ("我膝盖一直痛", "fact:symptom:膝盖"),
        ("My knee's been hurting since the weekend.", "fact:symptom:knee"),
        ("My back is really sore.", "fact:symptom:back"),
        ("I've got terrible back pain from sitting all day.", "fact:symptom:back"),
    ],
)
def test_a_symptom_said_alone_is_a_health_fact(tmp_path: Path, text: str, key: str) -> None:
    memory_rows = slot_items(tmp_path, [text], start=START, days_apart=1)
    assert [row for row in memory_rows if row[0] == "active" and row[1] == key]


@pytest.mark.parametrize("text", ["他腰疼", "头疼的药吃完了", "这个问题真让人头疼", "My friend's back is killing him."])
def test_anothers_symptom_or_a_figure_of_speech_is_no_health_fact_of_the_user(tmp_path: Path, text: str) -> None:
    rows = slot_items(tmp_path, [text], start=START, days_apart=1)
    assert not [key for _, key, _ in rows if key.startswith("fact:symptom:")]


@pytest.mark.parametrize(
    ("first", "then"), [("My knee's been hurting.", "My knee is fine now."), ("最近腰疼得厉害", "腰好了")]
)
def test_a_symptom_item_ends_when_the_part_is_well_again(tmp_path: Path, first: str, then: str) -> None:
    rows = slot_items(tmp_path, [first, then], start=START, days_apart=30)
    assert [status for status, key, _ in rows if key.startswith("fact:symptom:")] == ["superseded"]


@pytest.mark.parametrize(
    "text", ["my knee hurts", "User's knee's been hurting", "my back aches", "knee pain from hiking"]
)
def test_a_symptom_is_filed_under_health(text: str) -> None:
    assert classify_theme(text) == "health"


