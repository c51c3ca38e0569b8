"""A single exception to a diet or a quit ("cheat day", "just the one", 下不为例, 继续戒) keeps the diet or quit."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.model import Turn
from memory_core.pipeline.extract import MechanicalExtractor
from memory_core.pipeline.one_off_meal import without_one_off_breaks

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _kept(text: str) -> dict[str, int]:
    turn = Turn("u1", "t1", "s", "user", text, START)
    cands = without_one_off_breaks(MechanicalExtractor().extract(turn), text)
    return {c.key: c.polarity for c in cands if not c.is_event}


@pytest.mark.parametrize("text", [
    "I smoked again last night, just one, back to quitting tomorrow",
    "破戒抽了一根，明天继续戒",
    "昨天又抽了一根，就一根，明天继续戒",
])
def test_a_single_cigarette_resumes_no_smoking(text: str) -> None:
    assert _kept(text).get("fact:smoking", -1) <= 0


@pytest.mark.parametrize("text", [
    "cheat day today, had a burger, still vegetarian though",
    "又吃了一次肉，就这一次，还是吃素",
    "周末吃了顿烤肉，不过平时还是吃素",
])
def test_the_meal_breaks_no_diet(text: str) -> None:
    kept = _kept(text)
    assert kept.get("fact:diet", 1) == 1
    assert not any(key.startswith("pref:") and pol > 0 for key, pol in kept.items())


def test_a_relapse_said_as_such_is_left() -> None:
    assert _kept("I started smoking again").get("fact:smoking") == 1
    assert _kept("我又开始抽烟了").get("fact:smoking", 1) == 1
