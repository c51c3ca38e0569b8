"""A clause leaving out what its verb needs is the thing named before it (``pipeline.dropped_subject``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.model import Turn
from memory_core.pipeline.dropped_subject import dropped
from memory_core.pipeline.pipeline import WritePipeline


@pytest.mark.parametrize(("claim", "lang", "expected"), [
    ("换季的时候容易发作", "zh", "subject"),
    ("吃海鲜以后就会复发", "zh", "subject"),
    ("现在为了减肥戒了", "zh", "object"),
    ("flares up every winter", "en", "subject"),
    ("gave it up in January", "en", "object"),
    ("哮喘换季的时候容易发作", "zh", None),
    ("每天一杯奶茶", "zh", None),
    ("quit my job at Acme", "en", None),
])
def test_a_clause_missing_what_its_verb_needs(claim: str, lang: str, expected: str | None) -> None:
    assert dropped(claim, lang) == expected


def _own(text: str) -> list[str]:
    turn = Turn("u", "t", "s", "user", text, datetime(2026, 3, 1, tzinfo=UTC))
    return [c.description for c in WritePipeline().candidates(turn) if c.key and not c.is_event]


def test_the_flare_is_joined_to_the_condition_named_before() -> None:
    said = _own("我有哮喘。换季的时候容易发作")
    assert "用户有哮喘，换季的时候容易发作" in said
    assert not any(d.startswith("用户换季") for d in said)


def test_a_giving_up_with_no_object_is_no_fact_of_its_own() -> None:
    assert not any("戒了" in d for d in _own("现在为了减肥戒了"))


def test_a_giving_up_takes_the_thing_liked_before_it() -> None:
    said = _own("我每天都喝奶茶。现在为了减肥戒了")
    assert "用户不再喝奶茶" in said and "用户喝奶茶" not in said
