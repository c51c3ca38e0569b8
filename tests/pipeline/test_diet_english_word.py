"""A diet or the meat that ends it said by its English word inside Chinese ("我 vegan 了", "又开始吃 meat 了") is read
as the Chinese words are: a diet, and its end (issue 13)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize("text", ["我 vegan 了，已经两个月。", "我现在是 vegetarian", "我吃 vegan 两个月了"])
def test_the_english_diet_word_is_a_diet(tmp_path: Path, text: str) -> None:
    rows = active(slot_items(tmp_path, [text], start=START, days_apart=1))
    assert any(k == "fact:diet" for k, _ in rows), rows


@pytest.mark.parametrize(
    "texts",
    [
        ["我 vegan 了", "又开始吃 meat 了，体检说缺铁。"],
        ["I'm vegan.", "又开始吃 chicken 了"],
        ["我吃素", "又开始吃 meat 了"],
    ],
)
def test_meat_again_said_in_english_ends_the_diet(tmp_path: Path, texts: list[str]) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=30)
    diet = [d for k, d in active(rows) if k == "fact:diet"]
    assert diet and all("又开始吃" in d for d in diet), rows


def test_a_friend_who_is_vegan_is_no_diet_of_the_users(tmp_path: Path) -> None:
    rows = active(slot_items(tmp_path, ["我是 vegan 的朋友"], start=START, days_apart=1))
    assert not any(k == "fact:diet" for k, _ in rows), rows
