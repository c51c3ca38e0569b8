"""A diet ends when the user starts eating what it excludes ("我吃素" … "最近开始吃鱼了"); a diet that does not
exclude the food (keto, pescatarian and fish) stays, and so does a vegetarian's pet fish, a plant milk or mock
meat, and a food named with no change of eating. English and Chinese."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.pipeline.diet_break import DIET_KEY, diet_broken
from memory_core.pipeline.types import Candidate

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _diet(rows: list[tuple[str, str, str]]) -> list[tuple[str, str]]:
    return [(state, text) for state, key, text in rows if key == DIET_KEY]


@pytest.mark.parametrize("texts", [
    ["我吃素。", "最近开始吃鱼了。"],
    ["I'm vegetarian.", "I started eating fish again."],
    ["我是纯素食者。", "最近又开始喝牛奶了。"],
    ["I'm vegan.", "I drink milk again these days."],
])
def test_eating_what_the_diet_excludes_ends_it(tmp_path: Path, texts: list[str]) -> None:
    diet = _diet(slot_items(tmp_path, texts, start=START, days_apart=5))
    assert diet and all(state != "active" for state, _ in diet), diet


@pytest.mark.parametrize("texts", [
    ["I'm on keto.", "I started eating fish again."],
    ["我在吃生酮。", "最近开始吃鱼了。"],
    ["I'm pescatarian.", "I eat fish every Friday."],
    ["I'm vegetarian.", "I have a pet fish named Bubbles."],
    ["我吃素。", "我妈最近开始吃鱼了。"],
    ["I'm vegan.", "I drink oat milk now instead of soy."],
    ["我吃素。", "最近开始吃素肉了，味道还不错。"],
    ["I'm vegetarian.", "I love fish."],
])
def test_a_diet_that_allows_it_or_no_eating_stays(tmp_path: Path, texts: list[str]) -> None:
    diet = _diet(slot_items(tmp_path, texts, start=START, days_apart=5))
    assert any(state == "active" for state, _ in diet), diet


def test_only_the_speakers_own_diet_is_read() -> None:
    cand = Candidate(kind="preference", description="Ben eats fish again", key="pref:fish@ben", polarity=1)
    rows = [("i1", "fact:diet", "User is vegetarian"), ("i2", "fact:diet@ben", "Ben is vegetarian")]
    diet_broken([cand], "I started eating fish again", lambda: rows)
    assert cand.ends == ("fact:diet@ben",)


@pytest.mark.parametrize(("texts", "gone", "kept"), [
    (["I love steak.", "I went vegan last month."], "steak", None),
    (["我爱吃红烧肉。", "我现在吃素了。"], "红烧肉", None),
    (["I love steak and I love oat milk lattes.", "I'm vegan now."], "steak", "oat milk"),
    (["I love sushi.", "I'm on keto now."], None, "sushi"),
])
def test_a_new_diet_ends_the_likes_it_rules_out(tmp_path: Path, texts: list[str], gone: str | None,
                                                 kept: str | None) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=5)
    likes = [(state, text) for state, key, text in rows if key.startswith("pref:")]
    if gone:
        assert any(gone in text for _, text in likes) and not any(state == "active" and gone in text
                                                                  for state, text in likes), likes
    if kept:
        assert any(state == "active" and kept in text for state, text in likes), likes
