"""A month named in a question asked of what is to come is no period that is over (trial 33, finding 7a)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.retrieval.time_questions import asked_ahead, asks_period

REF = datetime(2026, 12, 1, tzinfo=UTC)


@pytest.mark.parametrize("query", [
    "Where is he going in February?", "Where will I be in March?", "What are my plans for February?",
    "二月份他要去哪？", "三月份我打算做什么？",
])
def test_a_question_ahead_names_no_past_period(query: str) -> None:
    assert asked_ahead(query)
    assert not asks_period(query, REF)


@pytest.mark.parametrize("query", [
    "Where did he go in February?", "where did I live in October?", "十月份我在哪里住？", "他二月份去哪了？",
])
def test_a_question_of_the_past_still_names_its_period(query: str) -> None:
    assert not asked_ahead(query)
    assert asks_period(query, REF)
