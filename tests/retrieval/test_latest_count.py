"""A count asked about now: the newest result giving a number for the thing asked comes before an older count
(``latest_count``); a kind glued to its verb or counted by a measure word is indexed by the kind (``tokenize``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from memory_core.model import Kind, MemoryItem
from memory_core.retrieval.latest_count import asks_count, latest_count_first
from memory_core.text.tokenize import tokenize

T0 = datetime(2025, 1, 5, 20, tzinfo=UTC)


def _item(n: int, text: str, days: int, kind: Kind = Kind.EVENT) -> MemoryItem:
    at = T0 + timedelta(days=days)
    return MemoryItem(id=f"i{n}", user_id="u", description=text, theme="moments", kind=kind, created_at=at,
                      valid_from=at)


ITEMS = [_item(0, "用户家里有两百多只羊", 0, Kind.FACT), _item(1, "用户五十三岁", 0, Kind.FACT),
         _item(2, "user: 羊卖了一百一十只，留了九十来只。牛没卖", 120),
         _item(3, "user: 帮俺给牛打疫苗，一看就是干这行的料", 200)]


def _order(query: str, order: list[int]) -> list[int]:
    slots, scores = latest_count_first(query, ITEMS, np.array(order, dtype=np.int64),
                                       np.linspace(1.0, 0.5, len(order)))
    assert list(scores) == sorted(scores, reverse=True)
    return slots.tolist()


@pytest.mark.parametrize("query", ["他家现在有多少只羊？", "他还有几只羊？", "How many sheep does he have now?",
                                   "How much is the rent now?"])
def test_a_quantity_question(query: str) -> None:
    assert asks_count(query)


@pytest.mark.parametrize("query", ["他家养什么？", "Where does she live?"])
def test_not_a_quantity_question(query: str) -> None:
    assert not asks_count(query)


def test_the_newest_count_of_the_thing_asked_comes_first() -> None:
    assert _order("他家现在有多少只羊？", [0, 1, 2, 3]) == [2, 0, 1, 3]


def test_a_question_about_the_past_keeps_the_order() -> None:
    assert _order("他去年有多少只羊了？", [0, 1, 2, 3]) == [0, 1, 2, 3]


def test_a_clause_without_a_number_for_the_thing_does_not_count() -> None:
    # "牛没卖" and "给牛打疫苗，一看…" name the cows with no count of them: the older count stays first
    items_order = _order("他家有几头牛？", [1, 0, 2, 3])
    assert items_order == [1, 0, 2, 3]


@pytest.mark.parametrize(("text", "kind"), [("羊卖了一百一十只", "羊"), ("车坏了", "车"), ("他还有几只羊？", "羊"),
                                            ("三头牛", "牛")])
def test_the_kind_is_an_index_term(text: str, kind: str) -> None:
    assert kind in tokenize(text)


def test_a_kind_already_cut_is_not_doubled() -> None:
    assert tokenize("家里有两百多只羊").count("羊") == 1



@pytest.mark.parametrize("newer", [
    "user: my brother just had his fifth. he's got 5 kids now lol",   # another person, by a pronoun
    "user: my neighbour has 3 kids and keeps telling me to have more",  # another person, by relation
    "user: if I had 4 kids I'd need a bigger car",                     # a supposition
    "user: on holiday in Spain this week with the 2 kids, so tired",   # a temporary stay
])
def test_another_persons_count_a_supposition_and_a_stay_are_no_current_count(newer: str) -> None:
    """A blind dev batch of counts (d23): only the user's own lasting counts take part."""
    items = [_item(0, "User has two kids", 0, Kind.FACT), _item(1, newer, 90)]
    slots, _ = latest_count_first("how many kids do I have now?", items, np.array([0, 1]), np.array([1.0, 0.9]))
    assert slots.tolist() == [0, 1]


def test_an_assistants_count_is_no_current_count() -> None:
    items = [_item(0, "User works 32 hours a week", 0, Kind.FACT),
             MemoryItem(id="a", user_id="u", description="assistant: 12 hours a week of meetings is a lot",
                        theme="moments", kind=Kind.EVENT, created_at=T0 + timedelta(days=9), speaker="assistant")]
    slots, _ = latest_count_first("how many hours a week do I work now?", items, np.array([0, 1]),
                                  np.array([1.0, 0.9]))
    assert slots.tolist() == [0, 1]


def test_a_count_said_with_the_speaker_is_the_users() -> None:
    items = [_item(0, "用户有一个孩子", 0, Kind.FACT), _item(1, "user: 我和老公现在有两个孩子了", 300)]
    slots, _ = latest_count_first("我现在有几个孩子？", items, np.array([0, 1]), np.array([1.0, 0.9]))
    assert slots.tolist() == [1, 0]
