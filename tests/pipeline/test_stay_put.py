"""Staying said as a decision not to move is no week-long stay (trial 31 W9); a hotel stay still is one."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.model import Turn
from memory_core.pipeline.extract import MechanicalExtractor
from memory_core.pipeline.stay_put import without_stay_put

AT = datetime(2026, 11, 16, 13, tzinfo=UTC)


def _event_until(text: str) -> datetime | None:
    cands = MechanicalExtractor().extract(Turn("u1", "t1", "s", "user", text, AT))
    event = next(c for c in cands if c.is_event)
    return event.valid_until


@pytest.mark.parametrize("text", [
    "nah staying in Munich, TU Berlin doesn't have the same program",
    "not moving after all, staying in Leeds",
    "decided to stay in Berlin, the rent is fine",
])
def test_a_decision_to_stay_is_no_temporary_stay(text: str) -> None:
    assert _event_until(text) is None


@pytest.mark.parametrize("text", [
    "staying in a hotel in Munich this week",
    "I'm staying with my parents for a few days",
])
def test_a_stay_is_still_a_stay(text: str) -> None:
    assert _event_until(text) is not None


def test_without_stay_put_keeps_the_length_and_blanks_the_decision() -> None:
    folded = "nah staying in munich"
    out = without_stay_put(folded, "en")
    assert len(out) == len(folded) and "staying in" not in out
    assert without_stay_put("不搬了，还是留在上海", "zh").strip("， ") != "不搬了，还是留在上海"
