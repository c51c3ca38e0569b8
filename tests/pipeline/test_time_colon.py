"""A colon between digits is a time, not where an aside starts: "wakes up at 6:30" is kept whole; a headline
colon ("Confession: …") still ends the statement's aside."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.rules import EN_CUT


@pytest.mark.parametrize(("text", "head"), [
    ("I usually wake up at 6:30.", "I usually wake up at 6:30."),
    ("my flight is at 7:45, then a meeting", "my flight is at 7:45"),
    ("Confession: I love jazz", "Confession"),
])
def test_en_cut_keeps_a_time(text: str, head: str) -> None:
    assert EN_CUT.split(text, maxsplit=1)[0] == head


def test_a_time_is_stored_whole() -> None:
    items = [t for s, _, t in planned_items(["I go to bed at 11:45 most nights."], timedelta(days=1))
             if s == "active"]
    assert any("11:45" in t for t in items), items
