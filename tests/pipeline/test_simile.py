"""A simile names no thing the user has or is (``pipeline.simile``)."""

from __future__ import annotations

import pytest

from memory_core.pipeline.gist import gist_clause, topic
from memory_core.pipeline.simile import simile_state, without_vehicles


@pytest.mark.parametrize(("text", "lang", "gone"), [
    ("累得像条狗", "zh", "狗"),
    ("我家猫跟个球似的", "zh", "球"),
    ("我像个老师一样天天管着他", "zh", "老师"),
    ("我好像有点感冒", "zh", "好像"),
    ("I eat like a bird", "en", "bird"),
    ("working like a dog", "en", "dog"),
])
def test_the_vehicle_of_a_simile_is_blanked(text: str, lang: str, gone: str) -> None:
    blanked = without_vehicles(text, lang)
    assert gone not in blanked and len(blanked) == len(text)


@pytest.mark.parametrize("text", ["I'd like a coffee", "I would like a dog someday", "I like a good steak"])
def test_like_as_a_verb_is_kept(text: str) -> None:
    assert without_vehicles(text, "en") == text


def test_no_topic_is_drawn_from_a_vehicle() -> None:
    assert not any("dog" in t or "bird" in t for t in topic("I eat like a bird", "en").terms)
    assert "syn:dog" not in topic("我累得像条狗", "zh").terms


@pytest.mark.parametrize(("clause", "lang", "state"), [
    ("我累得像条狗", "zh", True),
    ("我最近忙得像个陀螺一样", "zh", True),
    ("I was like a zombie all day", "en", True),
    ("我像我妈一样爱唠叨", "zh", False),
    ("I like a good steak", "en", False),
])
def test_a_feeling_said_by_a_simile_is_no_fact(clause: str, lang: str, state: bool) -> None:
    assert simile_state(clause, lang) is state
    if state:
        assert not gist_clause(clause, lang)
