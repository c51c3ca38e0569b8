"""A question about where the user lives puts a friend's home after the user's own words (issue 13): asked in the
first or third person or by the user's name, never when it names the friend."""

from __future__ import annotations

import numpy as np
import pytest

from memory_core.model import Kind, MemoryItem
from memory_core.retrieval.own_slot import own_before_others


def _items(lang: str) -> list[MemoryItem | None]:
    if lang == "en":
        friend = MemoryItem.create("u", "User's buddy Earl lives in Phoenix", "people", kind=Kind.FACT,
                                   key="fact:buddy/earl/lives_in")
        said = MemoryItem.create("u", "user: home base is Omaha, run mostly I-80", "event", kind=Kind.EVENT,
                                 speaker="user")
    else:
        friend = MemoryItem.create("u", "用户的朋友住在成都", "people", kind=Kind.FACT, key="fact:朋友/lives_in")
        said = MemoryItem.create("u", "user: 我家在南京河西", "event", kind=Kind.EVENT, speaker="user")
    asked = MemoryItem.create("u", "assistant: where do you live?", "event", kind=Kind.EVENT, speaker="assistant")
    return [friend, asked, said]


@pytest.mark.parametrize(("lang", "query"), [
    ("en", "where does Dale live now?"), ("en", "where am I based now?"), ("en", "where does he live?"),
    ("zh", "他住在哪？"), ("zh", "我住哪？"),
])
def test_a_friends_home_goes_after_the_users_own_words(lang: str, query: str) -> None:
    order, scores = own_before_others(query, _items(lang), np.array([0, 1, 2]), np.array([0.3, 0.2, 0.1]))
    assert order.tolist() == [1, 2, 0] and scores.tolist() == [0.2, 0.1, 0.1]


@pytest.mark.parametrize(("lang", "query"), [
    ("en", "where does Earl live?"), ("en", "where does my buddy live?"), ("zh", "我朋友住哪？"),
])
def test_a_question_naming_the_friend_keeps_their_home_first(lang: str, query: str) -> None:
    order, _ = own_before_others(query, _items(lang), np.array([0, 1, 2]), np.array([0.3, 0.2, 0.1]))
    assert order.tolist() == [0, 1, 2]


def test_a_friends_job_is_not_moved_without_a_job_of_the_users() -> None:
    items = _items("en")
    items[0] = MemoryItem.create("u", "User's buddy Earl drives for Swift", "people", kind=Kind.FACT,
                                 key="fact:buddy/earl/works_at")
    order, _ = own_before_others("where does he work?", items, np.array([0, 1, 2]), np.array([0.3, 0.2, 0.1]))
    assert order.tolist() == [0, 1, 2]
