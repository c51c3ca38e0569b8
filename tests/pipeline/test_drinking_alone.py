"""Drinking with no object is drinking alcohol ("I quit drinking", "I'm drinking again", "back on the booze"), and a
trailing clause of how long ("it's been two weeks now") is no drink switched to. Chinese says 戒酒 / 又开始喝酒."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

START = datetime(2026, 1, 20, 21, tzinfo=UTC)


def _live(tmp_path: Path, texts: list[str]) -> list[str]:
    return [
        text
        for status, key, text in slot_items(tmp_path, texts, start=START, days_apart=20)
        if status == "active" and not key.startswith("event:")
    ]


@pytest.mark.parametrize(
    "text",
    [
        "I quit drinking, it's been two weeks now. Feeling great.",
        "I've stopped drinking for good.",
        "I gave up drinking last month, feeling great.",
        "I kicked the booze, it's been a month.",
    ],
)
def test_a_stop_of_drinking_alone_is_no_more_alcohol(tmp_path: Path, text: str) -> None:
    assert "User no longer drinks alcohol" in _live(tmp_path, [text])


@pytest.mark.parametrize(
    ("before", "after", "now"),
    [
        (
            "I quit drinking, it's been two weeks now.",
            "Ok I'm drinking again, had a few beers with my boss Dave tonight.",
            "User drinks alcohol again",
        ),
        ("I've stopped drinking.", "Yeah so I started drinking again last month.", "User drinks alcohol again"),
        ("I've stopped drinking.", "I'm back on the booze.", "User drinks alcohol again"),
        ("我戒酒了，已经两个星期了。", "好吧我又开始喝酒了，今晚跟老板喝了几杯啤酒。", "用户又开始喝酒了"),
    ],
)
def test_drinking_again_ends_the_stop(tmp_path: Path, before: str, after: str, now: str) -> None:
    live = _live(tmp_path, [before, after])
    assert now in live and not any("no longer" in t or "不再" in t for t in live), live


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("I quit drinking coffee.", "User no longer drinks coffee"),
        ("I quit coffee, it's been a week.", "User no longer drinks coffee"),
        ("I don't drink coffee anymore, it's tea for me now.", "User now drinks tea instead of coffee"),
    ],
)
def test_a_named_drink_keeps_its_name(tmp_path: Path, text: str, kept: str) -> None:
    live = _live(tmp_path, [text])
    assert kept in live and not any("alcohol" in t for t in live), live
