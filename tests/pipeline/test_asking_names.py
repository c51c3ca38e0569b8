"""A listed name holding a word that asks (饿了么, 什么值得买) makes no question of the statement around it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.model import Turn
from memory_core.pipeline.extract import MechanicalExtractor
from memory_core.pipeline.org_names import unasked

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _keys(text: str) -> dict[str, str]:
    turn = Turn("u1", "t1", "s", "user", text, START)
    return {c.key: c.description for c in MechanicalExtractor().statements(turn)}


def test_unasked_hides_only_listed_names() -> None:
    assert unasked("我现在跑饿了么") == "我现在跑某家"
    assert unasked("你在饿了么上班吗").endswith("吗")
    assert unasked("你知道我现在跑什么吗") == "你知道我现在跑什么吗"


@pytest.mark.parametrize(("text", "employer"), [
    ("我现在跑饿了么", "饿了么"),
    ("现在跑饿了么", "饿了么"),
    ("在什么值得买上班", "什么值得买"),
    ("我在什么值得买上班", "什么值得买"),
    ("现在跑美团", "美团"),
])
def test_name_that_asks_is_an_employer(text: str, employer: str) -> None:
    assert employer in _keys(text).get("fact:works_at", "")


@pytest.mark.parametrize("text", ["你知道我现在跑什么吗", "你在饿了么上班吗", "我在哪上班来着？", "最近跑得很累"])
def test_real_question_or_no_job_states_no_employer(text: str) -> None:
    assert "fact:works_at" not in _keys(text)
