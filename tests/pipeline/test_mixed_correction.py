"""A correction said in mixed Chinese and English replaces the value as an English or Chinese one does."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.pipeline.correction import read_correction


@pytest.mark.parametrize(("text", "pair"), [
    ("actually I meant 蚂蚁集团, not 阿里 lol. same campus tho", ("蚂蚁集团", "阿里")),
    ("不对，我是说 Canva，不是 Figma", ("Canva", "Figma")),
    ("不对，我是说蚂蚁集团，不是阿里", ("蚂蚁集团", "阿里")),
    ("actually Denver, not Boulder", ("Denver", "Boulder")),
])
def test_the_two_values_of_a_mixed_correction(text: str, pair: tuple[str, str]) -> None:
    assert read_correction(text) == pair


@pytest.mark.parametrize(("first", "fix", "now", "then"), [
    ("下个月入职阿里", "actually I meant 蚂蚁集团, not 阿里 lol", "蚂蚁集团", "阿里"),
    ("I just joined Figma", "不对，我是说 Canva，不是 Figma", "Canva", "Figma"),
])
def test_a_mixed_correction_replaces_the_employer(mem: EmbeddedMemory, first: str, fix: str, now: str,
                                                  then: str) -> None:
    mem.add(first, user_id="u", timestamp="2025-05-20T10:00:00Z")
    mem.add(fix, user_id="u", timestamp="2025-05-20T10:05:00Z")
    active = [str(i["description"]) for i in mem._list("u", None) if i["kind"] != "event" and i["status"] == "active"]
    assert any(now in d for d in active) and not any(then in d for d in active), active
