"""A stop said in both languages is one item (issue 13: "I quit drinking", then 我戒酒了, or the reverse).

The second saying is a hit on the first: no second active item under ``pref:alcohol``, no superseded
duplicate, no text spliced from both languages. A broken stop ("I fell off the wagon", 又开始喝了) restarts
drinking in the user's own words and ends the stop.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items


def _alcohol(texts: list[str]) -> list[tuple[str, str]]:
    """(status, description) of the ``pref:alcohol`` items ``texts`` leave, said a week apart."""
    return [(s, d) for s, k, d in planned_items(texts, timedelta(days=7)) if k == "pref:alcohol"]


@pytest.mark.parametrize(
    "texts",
    [
        ["I quit drinking, it's been a month now", "我戒酒了，感觉睡得好多了"],
        ["我戒酒了，感觉睡得好多了", "I quit drinking, it's been a month now"],
        ["I stopped drinking", "我不喝酒了"],
        ["我不喝酒了", "I stopped drinking"],
    ],
)
def test_a_stop_said_again_in_the_other_language_is_one_item(texts: list[str]) -> None:
    items = _alcohol(texts)
    assert len(items) == 1 and items[0][0] == "active", items
    assert "；" not in items[0][1] and ";" not in items[0][1], items  # no splice of both languages


@pytest.mark.parametrize(
    ("texts", "words"),
    [
        (
            ["我戒酒了，感觉睡得好多了", "I quit drinking, it's been a month now", "I fell off the wagon last weekend"],
            "fell off the wagon",
        ),
        (["I quit drinking", "唉，又开始喝了，周末喝了两瓶啤酒"], "又开始喝酒"),
        (["我戒酒了", "没忍住破戒了，昨晚喝了几杯"], "破戒"),
    ],
)
def test_a_broken_stop_restarts_drinking_in_the_users_words(texts: list[str], words: str) -> None:
    items = _alcohol(texts)
    active = [d for s, d in items if s == "active"]
    assert len(active) == 1 and words in active[0], items
    assert any(s == "superseded" for s, _ in items), items


def test_a_coffee_taken_up_again_is_no_drinking() -> None:
    assert not any(
        "喝酒" in d and s == "active" and "不再" not in d for s, d in _alcohol(["我戒酒了", "又开始喝了，每天一杯咖啡"])
    )
