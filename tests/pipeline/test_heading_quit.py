"""A heading before a colon or a dash ("Big change: I quit.", "Life update — I quit", "好消息：我辞职了") is no thing
quit and no employer: only a thing named first is read as the stop's object ("coffee? gave it up")."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.thing_first import is_heading, own_quit


@pytest.mark.parametrize("text", ["Big change: I quit.", "News — I quit.", "Life update: I quit!",
                                  "Plot twist: I quit", "Quick update - I quit"])
def test_a_heading_is_left_as_said(text: str) -> None:
    assert own_quit(text) == text


def test_a_thing_first_is_still_quit() -> None:
    assert own_quit("coffee? gave it up in March") == "I quit coffee in March"
    assert own_quit("energy drinks: quit last year") == "I quit energy drinks last year"
    assert is_heading("Big change") and is_heading("good news") and not is_heading("energy drinks")


@pytest.mark.parametrize(("texts", "never"), [
    (["I'm an accountant at Deloitte.", "Big change: I quit."], "Big"),
    (["I'm an accountant at Deloitte.", "News — I quit."], "News"),
    (["我在德勤做会计", "重大变化：我辞职了"], "重大变化"),
    (["我在德勤做会计", "好消息：我从德勤辞职了"], "好消息"),
])
def test_no_heading_becomes_a_value(texts: list[str], never: str) -> None:
    items = [(s, d) for s, k, d in planned_items(texts, timedelta(days=1)) if k.startswith("fact:works_at")]
    assert not any(never in d for _, d in items), items


def test_a_heading_leaves_the_named_employer() -> None:
    items = planned_items(["I'm an accountant at Deloitte.", "Big change: I quit Deloitte."], timedelta(days=1))
    assert ("active", "fact:works_at", "User no longer works at Deloitte") in items, items
