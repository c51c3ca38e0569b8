"""A count said later of the same thing replaces the earlier one ("卖了N只留了M只", "keeping 30", "down to 5"), and
the rest given away ends it."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.pipeline.count_change import said_count

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("text", "said"), [
    ("羊卖了一百一十只，留了九十来只", [("羊", "九十来只", "zh")]),
    ("现在只剩五只鸡了", [("鸡", "五只", "zh")]),
    ("羊全卖了", [("羊", "", "zh")]),
    ("I'm selling 150 of the hives to a bloke in Cygnet, keeping 30 just for hobby.", [("hives", "30", "en")]),
    ("Stopped the 30 hobby hives as well, gave them to the club.", [("hives", "", "en")]),
    ("A fox got in, we're down to 5 chickens.", [("chickens", "5", "en")]),
])
def test_the_count_now_held(text: str, said: list[tuple[str, str, str]]) -> None:
    assert said_count(text) == said


@pytest.mark.parametrize("text", ["Should I sell some of the sheep and keep 40?", "My uncle sold most of his cattle, "
                                  "keeping 10.", "要是羊卖了一百只，还剩多少？"])
def test_no_change_of_the_users(text: str) -> None:
    assert said_count(text) == []


@pytest.mark.parametrize(("turns", "new", "old"), [
    (["俺家里有两百多只羊", "羊卖了一百一十只，留了九十来只"], "九十", "两百"),
    (["我养了20只鸡", "现在只剩5只鸡了"], "5只鸡", "20只"),
    (["I have 12 chickens in the backyard.", "A fox got in last week, we're down to 5 chickens."], "5 chickens",
     "12 chickens"),
    (["I keep about 180 hives.", "Selling 150 of the hives, keeping 30.",
      "Stopped the 30 hobby hives as well, gave them to the club."], "no longer keeps hives", "180"),
])
def test_the_earlier_count_ends(tmp_path: Path, turns: list[str], new: str, old: str) -> None:
    rows = slot_items(tmp_path, turns, start=START, days_apart=30)
    active = [text for state, _, text in rows if state == "active"]
    assert any(new in text for text in active), rows
    assert not any(old in text for text in active), rows
