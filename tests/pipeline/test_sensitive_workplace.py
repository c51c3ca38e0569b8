"""A hospital unit said as where someone works is no health value; a stay there is (trial 41, finding 10)."""

from __future__ import annotations

import pytest

from memory_core.pipeline.sensitive import detect


@pytest.mark.parametrize("text", [
    "BIG NEWS I got a job at Sunnybrook! starting June 2, in the ICU.",
    "Got hired at St Mike's, I'll be working in the ICU",
    "I work in the ICU now, nights mostly",
    "下个月轮转进了ICU，夜班好多",
    "新工作在重症监护室，下周一开始",
])
def test_a_unit_said_as_a_workplace_is_not_masked(text: str) -> None:
    assert [f for f in detect(text) if f.category == "health"] == []


@pytest.mark.parametrize("text", [
    "I was in the ICU for three days after the surgery",
    "My dad has been in the ICU since Friday, work is letting me leave early",
    "my shift was crazy, I was admitted to the ICU",
    "我住进了ICU",
    "护士说我住进了ICU",
    "I have cancer and still work",
    "The nurse told me I'd be in the ICU overnight",
    "Spent two nights in the ICU, back at work next month",
    "上周住进了ICU，工作先放一放",
    "I'm a nurse and I was diagnosed with diabetes last year",
])
def test_care_and_conditions_stay_masked(text: str) -> None:
    assert any(f.category == "health" for f in detect(text))
