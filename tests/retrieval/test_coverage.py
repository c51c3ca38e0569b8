"""A less sure curated item stands for its raw turn when the turn says nothing more (coverage.covered_by)."""

from __future__ import annotations

import numpy as np
import pytest
from test_turn_window import ON, T0, session

from memory_core.model import Kind, MemoryItem
from memory_core.retrieval.coverage import LOOSE_CONFIDENCE, covered_by, covering_item
from memory_core.retrieval.hybrid import HybridIndex


def loose(text: str, key: str | None, turn_id: str, confidence: float, kind: Kind = Kind.PREFERENCE) -> MemoryItem:
    return MemoryItem.create("u", text, "taste", kind=kind, turn_id=turn_id, at=T0, key=key, confidence=confidence)


@pytest.mark.parametrize("turn, items, covered", [
    ("user: 我喜欢吃辣", ["用户喜欢吃辣"], True),
    ("user: I love spicy food", ["User loves spicy food"], True),
    ("user: Hi, I'm Alex. I love basketball and gaming.", ["User is Alex", "User loves basketball and gaming"], True),
    ("user: I love spicy food, and my sister moved to Oslo for a job at Equinor", ["User loves spicy food"], False),
    ("user: 我喜欢吃辣，不过我老婆一点辣都不能吃，她是湖州人", ["用户喜欢吃辣"], False),
    ("user: 🙂🙂", ["User is happy"], False),
])
def test_covered_by_asks_the_items_to_hold_what_the_turn_says(turn: str, items: list[str], covered: bool) -> None:
    assert covered_by(turn, items) is covered


@pytest.mark.parametrize("texts, like, query", [
    (["我喜欢吃辣", "今天地铁又晚点了"], "用户喜欢吃辣", "晚饭吃什么？辣的可以吗"),
    (["I love spicy food", "The train was late again today"], "User loves spicy food", "Do I like spicy food?"),
])
def test_the_curated_item_is_shown_for_a_turn_it_says_all_of(texts: list[str], like: str, query: str) -> None:
    events, turns = session(texts, speaker="user")
    pref = loose(like, "pref:spicy@u", "t1", 0.8)
    index = HybridIndex.build([*events, pref], turns, window=0)
    shown = [r.item.description for r in index.search(query, k=5, settings=ON)]
    assert like in shown and events[0].description not in shown, shown


@pytest.mark.parametrize("texts, like, query", [
    (["I love spicy food, and my sister just moved to Oslo for a job at Equinor"], "User loves spicy food",
     "sister moved to Oslo"),
    (["我喜欢吃辣，不过我老婆一点辣都不能吃，她是湖州人"], "用户喜欢吃辣", "老婆是哪里人"),
])
def test_a_turn_that_says_more_is_shown_itself(texts: list[str], like: str, query: str) -> None:
    events, turns = session(texts, speaker="user")
    index = HybridIndex.build([*events, loose(like, "pref:spicy@u", "t1", 0.8)], turns, window=0)
    shown = [r.item.description for r in index.search(query, k=5, settings=ON)]
    assert shown and shown[0] == events[0].description, shown


@pytest.mark.parametrize("confidence, stands", [(0.5, False), (LOOSE_CONFIDENCE, True), (0.8, True)])
def test_only_an_item_at_the_loose_floor_or_above_stands_for_its_turn(confidence: float, stands: bool) -> None:
    events, _ = session(["I love spicy food"], speaker="user")
    items = [events[0], loose("User loves spicy food", None, "t1", confidence)]
    got = covering_item(events[0], items, {"t1": [0, 1]}, None, {}, lambda c: True)
    assert got == (1 if stands else None)
    assert covering_item(events[0], items, {"t1": [0, 1]}, np.array([True, False]), {}, lambda c: True) is None
