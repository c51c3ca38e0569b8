"""A question about now reads the later statement of the same thing first (``newest_said_first``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from memory_core.model import MemoryItem
from memory_core.retrieval.live_bm25 import LiveBM25
from memory_core.retrieval.newest_said_first import newest_said_first, rare_words_shared, states_now
from memory_core.text.tokenize import tokenize

T0 = datetime(2025, 4, 1, 8, tzinfo=UTC)
LATER = T0 + timedelta(days=40)


def _turn(text: str, at: datetime, turn_id: str, **fields: object) -> MemoryItem:
    return MemoryItem.create("u", f"Kim: {text}", "moments", kind="event", turn_id=turn_id, at=at, valid_from=at,
                             speaker="Kim", **fields)


def _fact(text: str, at: datetime, turn_id: str, key: str, **fields: object) -> MemoryItem:
    return MemoryItem.create("u", text, "habits", kind="fact", turn_id=turn_id, at=at, valid_from=at, key=key,
                             **fields)


def _words(*rare: str):
    """A ``shares`` test: two slots share a rare word when both descriptions hold one of ``rare``."""
    def make(items: list[MemoryItem]):
        return lambda a, b: any(w in items[a].description and w in items[b].description for w in rare)
    return make


def _order(items: list[MemoryItem], rare: tuple[str, ...], lasting=lambda item: True) -> list[str]:
    order = np.arange(len(items), dtype=np.int64)
    scores = np.linspace(1.0, 0.5, len(items))
    slots, ranked = newest_said_first(items, order, scores, 5, _words(*rare)(items), lasting)
    assert list(ranked) == sorted(ranked, reverse=True)
    return [items[j].description for j in slots.tolist()]


@pytest.mark.parametrize(("old", "new", "rare"), [
    ("I play Valheim every weekend with my cousins, Valheim is the best.", "Kim doesn't play Valheim anymore",
     "Valheim"),
    ("我每天早上都喝一杯瑞幸的生椰拿铁，瑞幸yyds", "Kim瑞幸戒了", "瑞幸"),
])
def test_the_later_statement_of_the_same_thing_comes_first(old: str, new: str, rare: str) -> None:
    items = [_turn(old, T0, "t1"), _turn("Why is the sky blue?", T0, "t2"),
             _fact(new, LATER, "t9", f"gist:{rare}@kim")]
    assert _order(items, (rare,)) == [new, f"Kim: {old}", "Kim: Why is the sky blue?"]


def test_what_is_not_about_the_same_thing_or_not_a_lasting_statement_keeps_its_place() -> None:
    old = _turn("I play Valheim every weekend with my cousins.", T0, "t1")
    other = _fact("Kim drinks oat milk", LATER, "t9", "pref:oat milk@kim")  # no rare word shared
    assert _order([old, other], ("Valheim",)) == [old.description, other.description]
    trip = _turn("This weekend I'm at a Valheim LAN party in Leeds, back Monday.", LATER, "t9")
    assert _order([old, trip], ("Valheim",), lasting=lambda item: False) == [old.description, trip.description]
    asked = _turn("should I play Valheim again?", LATER, "t9")  # a question states nothing
    assert not states_now(asked, lambda item: True)
    assert _order([old, asked], ("Valheim",)) == [old.description, asked.description]
    ended = _fact("Kim plays Valheim at the LAN party", LATER, "t9", "gist:valheim@kim", valid_until=LATER)
    assert _order([old, ended], ("Valheim",)) == [old.description, ended.description]


def test_someone_elses_later_fact_does_not_come_before_the_users_own() -> None:
    mine = _fact("用户在网易工作", T0, "t1", "fact:works_at@kim")
    colleague = _fact("用户的同事李娜在网易工作", LATER, "t9", "fact:colleague/works_at@kim")
    assert _order([mine, colleague], ("网易",)) == [mine.description, colleague.description]
    mom_then = _fact("Kim's mom lives in Harbin", T0, "t1", "fact:mom/lives_in@kim")
    mom_now = _fact("Kim's mom lives in Sanya now, Harbin was too cold", LATER, "t9", "fact:mom/lives_in@kim")
    assert _order([mom_then, mom_now], ("Harbin",)) == [mom_now.description, mom_then.description]
    friend = _turn("I quit Valheim, Palworld now.", LATER, "t9")
    friend.speaker = "Ana"  # another speaker of the conversation
    old = _turn("I play Valheim every weekend.", T0, "t1")
    assert _order([old, friend], ("Valheim",)) == [old.description, friend.description]


@pytest.mark.parametrize("filler", [0, 2000])
def test_a_rare_word_is_one_few_items_hold_whatever_the_memorys_size(filler: int) -> None:
    texts = ["Kim plays Valheim", "Kim quit Valheim", "Kim likes tea", "Kim likes coffee", "Kim likes juice",
             "Kim likes soda", *[f"Kim filler{n}" for n in range(filler)]]
    items = [_fact(t, T0, f"t{n}", f"gist:x{n}@kim") for n, t in enumerate(texts)]
    lexical = LiveBM25.build([tokenize(t) for t in texts])
    shares = rare_words_shared(lexical, frozenset(), items)
    assert shares(0, 1)  # "valheim": two items
    assert not shares(2, 3)  # "likes": four items, not what two of them are about, in 6 items as in 2,006
