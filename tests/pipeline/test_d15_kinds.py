"""The kinds the blind batch d15 found missing: a diet's picture after a closing hedge, a move told by the
first days in the new city or by moving into the new home, quitting told as a count of days without."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.emoji_after import names_thing_before
from memory_core.pipeline.plain_text import reading_text

DAY = timedelta(days=20)


def _active(texts: list[str]) -> list[tuple[str, str]]:
    return [(key, text) for status, key, text in planned_items(texts, DAY) if status == "active"]


@pytest.mark.parametrize(("before", "names"), [
    ("so pescatarian now I guess ", True), ("eating meat again I think ", True), ("vegan these days tbh ", True),
    ("I guess ", False), ("I love ", False), ("honestly I'd kill for ", False),
])
def test_a_closing_hedge_or_a_diet_word_before_a_things_picture(before: str, names: bool) -> None:
    assert names_thing_before(before, False) is names


@pytest.mark.parametrize(("text", "read"), [
    ("so pescatarian now I guess 🐟", "so pescatarian now I guess"),
    ("back on meat again I think 🍖", "back on meat again I think"),
    ("I'd kill for 🦪 tbh", ""),  # the picture where the value goes, with no word for it: left unread
])
def test_a_things_picture_after_a_whole_statement_decorates_it(text: str, read: str) -> None:
    assert reading_text(text) == read


@pytest.mark.parametrize(("old", "new", "gone", "now"), [
    ("I'm vegan btw", "been eating fish again, my doc said my B12 was low. so pescatarian now I guess 🐟",
     "User is vegan", "User is pescatarian"),
    ("I'm vegetarian", "ok so I'm eating meat again I think 🍖", "User is vegetarian", "User eats meat again"),
])
def test_a_diet_change_closed_by_a_hedge_and_a_picture_ends_the_old_diet(old: str, new: str, gone: str,
                                                                          now: str) -> None:
    texts = [text for _, text in _active([old, new])]
    assert gone not in texts and now in texts, texts
