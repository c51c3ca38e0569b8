"""Chinese drops the subject: a like said by degree ("超爱火锅") or a habit said by when ("每天早上跑步") is the
speaker's, and a later change of it ends it; a clause about nothing of the speaker's stays unread."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("text", "key"), [
    ("超爱火锅", "pref:hot pot"), ("超喜欢猫", "pref:cat"),
    ("特别讨厌香菜", "pref:香菜"), ("每天早上跑步", "fact:routine:跑步"),
])
def test_a_like_or_habit_said_without_a_subject_is_the_speakers(tmp_path: Path, text: str, key: str) -> None:
    rows = slot_items(tmp_path, [text], start=START, days_apart=1)
    assert any(k == key for k, _ in active(rows)), rows


def test_the_like_said_without_a_subject_is_ended_by_its_change(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["超爱火锅", "我现在不吃火锅了"], start=START, days_apart=30)
    assert not any(k == "pref:hot pot" and "不" not in text for k, text in active(rows)), rows


@pytest.mark.parametrize("text", ["很有意思", "最近天气很好", "好累啊", "挺好的"])
def test_a_clause_about_nothing_of_the_speakers_stays_unread(tmp_path: Path, text: str) -> None:
    assert active(slot_items(tmp_path, [text], start=START, days_apart=1)) == []
