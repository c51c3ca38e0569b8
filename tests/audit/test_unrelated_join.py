"""``gulfstream check`` flags a text joined from two turns whose statements share no topic."""

from __future__ import annotations

import pytest

from memory_core.audit.unrelated_join import unrelated_joins
from memory_core.model import Kind, MemoryItem


def _item(text: str, sources: int = 2) -> MemoryItem:
    return MemoryItem("u", text, "people", source=[f"t{n}" for n in range(sources)])


@pytest.mark.parametrize("text", [
    "用户住在上海杨浦区的老公房里；女儿在浦东花木买了房子，三室的，电梯房",
    "用户在UofT读书；他叫 Kevin，学 engineering，香港人",
    "User is learning the piano; Thanksgiving at our place this year, parents flying in from Atlanta",
])
def test_a_statement_sharing_no_topic_with_the_first_is_flagged(text: str) -> None:
    found = unrelated_joins([_item(text)])
    assert len(found) == 1 and found[0].first == text.split("；")[0].split("; ")[0]


@pytest.mark.parametrize("text", [
    "User has a dog named Rex; Rex is 3 years old",
    "用户在学吉他；吉他老师是音乐学院毕业的",
    "User lives in Leeds",
])
def test_a_detail_of_the_first_statement_is_not_flagged(text: str) -> None:
    assert unrelated_joins([_item(text)]) == []


def test_one_turns_text_and_events_are_passed_over() -> None:
    text = "用户在UofT读书；他叫 Kevin，学 engineering"
    assert unrelated_joins([_item(text, sources=1)]) == []
    event = MemoryItem("u", text, "people", kind=Kind.EVENT, source=["t0", "t1"])
    assert unrelated_joins([event]) == []
