"""A stop of drinking said with no object ("I quit drinking, it's been two weeks now") is kept in the user's own
words, and "drinking again" told with the night's episode ("…, had a few beers tonight") ends it."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

START = datetime(2026, 1, 20, 21, tzinfo=UTC)


def _rows(tmp_path: Path, texts: list[str]) -> list[tuple[str, str]]:
    return [
        (status, text)
        for status, key, text in slot_items(tmp_path, texts, start=START, days_apart=20)
        if not key.startswith("event:")
    ]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("I quit drinking, it's been two weeks now. Feeling great.", "User quit drinking"),
        ("I stopped drinking, it's been a while.", "User stopped drinking"),
        ("I gave up drinking, it has been a month already.", "User gave up drinking"),
    ],
)
def test_a_stop_with_how_long_since_keeps_the_users_verb(tmp_path: Path, text: str, said: str) -> None:
    assert ("active", said) in _rows(tmp_path, [text])


@pytest.mark.parametrize(
    ("before", "after", "now"),
    [
        (
            "I quit drinking, it's been two weeks now. Feeling great.",
            "Ok I'm drinking again, had a few beers with my boss Dave tonight.",
            "User is drinking again",
        ),
        (
            "I gave up drinking, it's been a month already.",
            "I started drinking again, had a couple of beers last night.",
            "User started drinking again",
        ),
    ],
)
def test_drinking_again_with_the_nights_episode_ends_the_stop(
    tmp_path: Path, before: str, after: str, now: str
) -> None:
    rows = _rows(tmp_path, [before, after])
    assert ("active", now) in rows
    assert [text for status, text in rows if status == "active" and "drinking" in text] == [now]
    assert any(status == "superseded" for status, _ in rows)  # the stop is kept as history


def test_an_it_that_names_a_thing_still_needs_its_antecedent(tmp_path: Path) -> None:
    assert _rows(tmp_path, ["I get hives when I eat them."]) == []
