"""``gulfstream check`` flags a text spliced from two turns, a speaker's label inside it
(``memory_core.audit.spliced``), and splits it where the label stands."""

from __future__ import annotations

import pytest

from memory_core.audit.spliced import stray_speakers
from memory_core.model import Kind, MemoryItem


def item(text: str, **fields: object) -> MemoryItem:
    return MemoryItem("u", text, "people", **fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(("text", "label", "before", "after"), [
    ("用户的男朋友是阿杰；用户：阿杰对海鲜过敏", "用户", "用户的男朋友是阿杰", "阿杰对海鲜过敏"),
    ("用户今年秋天要结婚了；用户：婚礼定下来了，10月18号在老家赣州办", "用户", "用户今年秋天要结婚了",
     "婚礼定下来了，10月18号在老家赣州办"),
    ("User has a dog named Pixel; User: he turned 3 last week", "User", "User has a dog named Pixel",
     "he turned 3 last week"),
    ("User lives in Leeds. assistant: Leeds is lovely", "assistant", "User lives in Leeds", "Leeds is lovely"),
])
def test_a_label_inside_a_text_is_flagged_with_its_two_parts(text: str, label: str, before: str, after: str) -> None:
    [found] = stray_speakers([item(text)])
    assert (found.label, found.before, found.after) == (label, before, after)


def test_a_named_speakers_label_counts_too() -> None:
    [found] = stray_speakers([item("Wei lives in Shanghai. Wei: I moved to Wuhan", speaker="Wei")])
    assert found.label == "Wei" and found.after == "I moved to Wuhan"
    assert stray_speakers([item("Jo likes tea. Jo: me too")], names=["Jo"])[0].before == "Jo likes tea"


@pytest.mark.parametrize("text", [
    "User's meeting is at 10:30; bring notes",  # a time, not a label
    "User's favourite quote: carpe diem",  # a colon inside a statement
    "用户：婚期推迟到明年三月了",  # a label at the start: no second turn joined on
    "User reads https://example.org, mostly: news",
    "User's motto, in short: keep going",  # "in short" is no speaker
])
def test_colons_that_are_no_speaker_label_pass(text: str) -> None:
    assert stray_speakers([item(text)]) == []


def test_a_turn_as_said_is_passed_over() -> None:
    assert stray_speakers([item("user: 我住在杭州；用户：我搬家了", kind=Kind.EVENT)]) == []
