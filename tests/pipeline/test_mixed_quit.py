"""A drink given up, named in Chinese inside English, is stored as given up (pipeline/mixed_script.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _slot_items import live

from memory_core.model import Turn
from memory_core.pipeline.clauses import split_clauses

TurnFactory = Callable[..., Turn]
Ingest = Callable[[Turn], list[Any]]


@pytest.mark.parametrize(("said", "clause"), [
    ("I quit 咖啡", "I quit 咖啡"),
    ("I gave up 奶茶 this month", "I gave up 奶茶 this month"),
    ("I love 火锅", "I love 火锅"),
])
def test_the_english_clause_keeps_its_chinese_object(said: str, clause: str) -> None:
    assert list(split_clauses(said)) == [(clause, "en")]


def test_an_english_clause_of_its_own_is_still_split() -> None:
    assert list(split_clauses("I quit my job 我现在很开心")) == [("I quit my job", "en"), ("我现在很开心", "zh")]
    assert ("我终于可以睡个好觉了", "zh") in list(split_clauses("My headaches stopped 我终于可以睡个好觉了"))


@pytest.mark.parametrize(("said", "drink"), [
    ("I quit 咖啡", "coffee"),
    ("I gave up 奶茶 this month", "milk tea"),
])
def test_the_quit_is_stored_never_an_employer(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                              said: str, drink: str) -> None:
    ingest(make_turn(said))
    texts = [i.description for i in live(store) if not i.description.startswith("user:")]
    assert any("no longer" in t and drink in t for t in texts), texts
    assert not any("works" in t or "work at" in t for t in texts), texts
