"""A picture closing a clause that named its thing earlier is dropped, not read as a word."""

from __future__ import annotations

import pytest

from memory_core.pipeline.plain_text import reading_text


@pytest.mark.parametrize(("text", "read"), [
    ("I drink a latte every morning ☕", "I drink a latte every morning"),
    ("每天早上一杯拿铁☕", "每天早上一杯拿铁"),
    ("I have sushi most Fridays 🍣", "I have sushi most Fridays"),
    ("我周末都踢足球⚽", "我周末都踢足球"),
])
def test_closing_picture_of_a_named_thing_is_dropped(text: str, read: str) -> None:
    assert reading_text(text) == read


@pytest.mark.parametrize(("text", "word"), [
    ("I love 🍣", "sushi"),  # the picture is the value
    ("I had pizza and 🍺", "beer"),  # another value after a conjunction
    ("我超爱🍜", "拉面"),
])
def test_picture_standing_for_a_value_is_still_read(text: str, word: str) -> None:
    assert word in reading_text(text)
