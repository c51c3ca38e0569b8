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
    "text", ["my knee hurts", "User's knee's been hurting", "my back aches", "knee pain from hiking"]
)
def test_a_symptom_is_filed_under_health(text: str) -> None:
    assert classify_theme(text) == "health"


