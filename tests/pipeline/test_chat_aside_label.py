"""A news heading ("Update:", "Change of plans -", "更新一下：") is taken off the sentence it opens."""

import pytest

from memory_core.pipeline.chat_aside import without_chat_asides, without_label


@pytest.mark.parametrize(("text", "read"), [
    ("Change of plans: not moving to Austin after all", "not moving to Austin after all"),
    ("Quick update - I started at Stripe", "I started at Stripe"),
    ("Small update—vegetarian now", "vegetarian now"),
    ("Heads up: I'm allergic to peanuts", "I'm allergic to peanuts"),
    ("Big news: I got engaged!", "I got engaged!"),
    ("更新一下：我搬到杭州了", "我搬到杭州了"),
    ("说个事：狗狗上周走了", "狗狗上周走了"),
    ("跟你说个事——我怀孕了", "我怀孕了"),
    ("I moved. Update: the flat is great", "I moved. the flat is great"),
])
def test_heading_is_taken_off(text: str, read: str) -> None:
    assert without_label(text) == read
    assert without_chat_asides(text) == read


@pytest.mark.parametrize("text", [
    "Money goal this year: save 200k",  # a goal's label is a statement (labelled.py)
    "Coffee - gave it up in March",
    "Self-employed now",
    "My email: a@b.com",
    "Update:",  # nothing after the heading: left as said
])
def test_other_labels_are_left(text: str) -> None:
    assert without_label(text) == text


def test_changed_plan_heading_reads_as_the_plan() -> None:
    assert without_label("Change of plans: I'm going to retire in 2029 instead.") == \
        "My plan is to retire in 2029 instead."
    assert without_label("计划有变：我打算明年再读研") == "我的计划是明年再读研"
