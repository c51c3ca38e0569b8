"""A raw turn that corrects or decides what an earlier turn said comes before it at recall (``revised_first``),
for a question about the present; a past question keeps the fused order. English, Chinese and mixed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from memory_core.model import Kind, MemoryItem, Trust, Turn
from memory_core.retrieval.revised_first import revised_first, revises
from memory_core.service import Memory

T0 = datetime(2025, 3, 2, 9, tzinfo=UTC)


@pytest.mark.parametrize(("text", "revising"), [
    ("user: 不对，你记错了，陈老师是做多模态的", True), ("no wait, I meant 750 an hour", True),
    ("决定了，不搬了，San Jose挺好的", True), ("nah, staying freelance", True),
    ("伴娘换人了，改成我表妹婷婷", True), ("I decided to take up painting", False),
    ("rate又涨了，现在800一小时", False), ("thinking about going full-time again", False),
    ("我们在考虑搬去Cupertino", False), ("I'm a freelance designer in Shenzhen", False),
    ("Actually, it's been a great week", False),
])
def test_a_correction_or_a_decision_is_a_revising_turn(text: str, revising: bool) -> None:
    assert revises(text) is revising


def _turn(text: str, day: int, trust: Trust = Trust.USER) -> MemoryItem:
    return MemoryItem(user_id="u", description=f"user: {text}", theme="", kind=Kind.EVENT, trust=trust,
                      valid_from=T0 + timedelta(days=day))


def test_only_an_earlier_user_turn_is_passed_and_scores_stay_ranked() -> None:
    items = [_turn("rate是每小时400块", 0), _turn("现在800一小时", 10), _turn("不对，是750一小时", 20),
             _turn("不对，是900", 30, Trust.TOOL), _turn("old note", 40)]
    order, scores = np.array([0, 1, 2, 3]), np.array([0.9, 0.8, 0.7, 0.6])
    moved, kept = revised_first(items, order, scores, 10)
    assert moved.tolist() == [2, 0, 1, 3] and kept.tolist() == [0.9, 0.8, 0.7, 0.6]
    assert revised_first(items, np.array([2, 0]), np.array([0.5, 0.4]), 10)[0].tolist() == [2, 0]
    later_first = [_turn("不对，是750", 0), _turn("现在800", 10)]  # said before the turn above it: stays
    assert revised_first(later_first, np.array([1, 0]), np.array([0.5, 0.4]), 10)[0].tolist() == [1, 0]
    assert revised_first(items, order, scores, 2)[0].tolist() == [0, 1, 2, 3]  # beyond the reach: stays


@pytest.fixture()
def memory(lexical_memory: Memory) -> Memory:
    return lexical_memory  # lexical only: these rankings are the lexical index's


CASES = {
    "zh": (["家教的课时费涨了，现在一节课300块", "周末去爬山了，天气很好",
            "不对，我记错了，课时费是一节课280，300是周末的价"],
           "我的课时费现在是多少？", "280", "他以前的课时费是多少？"),
    "en": (["my tutoring rate went up, it's 90 dollars a session now, the new rate for every student",
            "weekend hike was great", "no wait, I was wrong, it's 85 a session, 90 is only for weekends"],
           "what's my tutoring rate per session?", "85", "what was my tutoring rate before?"),
}


@pytest.mark.parametrize("lang", list(CASES))
def test_the_correction_turn_is_read_before_the_turn_it_corrects(memory: Memory, lang: str) -> None:
    lines, question, current, past = CASES[lang]
    memory.ingest([Turn(user_id=lang, turn_id=f"{lang}-t{n}", session_id=f"s{n}", role="user", text=text,
                        timestamp=T0 + timedelta(days=10 * n)) for n, text in enumerate(lines)])
    said = [r.item.description for r in memory.recall(lang, question, k=5).results]
    # the corrected value first: the rate item the correction made, or the correcting turn before the one it revises
    assert said and current in said[0], said
    assert memory.recall(lang, past, k=5).results  # a past question still finds the turns
