"""A question about "he", "she" or "the user" that names no relation asks about the user, as "I" does."""

from __future__ import annotations

import pytest
from test_turn_window import ON, build, session, slot

from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.turn_shape import asks_in_third_person


@pytest.mark.parametrize("query, third", [
    ("Where does he live now?", True), ("Which city is she based in?", True), ("What does the user eat?", True),
    ("他现在在哪个城市生活？", True), ("用户住在哪里？", True), ("Where do I live?", False),
    ("Where is the shed?", False),
    ("Where is Hebden Bridge?", False), ("我住在哪里？", False),
])
def test_third_person_questions_are_recognised(query: str, third: bool) -> None:
    assert asks_in_third_person(query) is third


WORLDS = {
    "en": (["I live in York these days.", "My brother moved to Berlin, the city he always wanted."],
           ("User lives in York", "fact:lives_in@u", "t1"),
           ("User's brother lives in Berlin, the city he always wanted", "fact:brother/lives_in@u", "t2"),
           "Which city does he live in now?"),
    "zh": (["我现在住在杭州。", "我哥哥搬去了柏林，那是他一直想去的城市。"],
           ("用户住在杭州", "fact:lives_in@u", "t1"),
           ("用户的哥哥住在柏林，那是他一直想去的城市", "fact:哥哥/lives_in@u", "t2"),
           "他现在住在哪个城市？"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_pronoun_question_puts_the_users_own_fact_before_a_relatives(lang: str) -> None:
    texts, home, brother, query = WORLDS[lang]
    events, turns = session(texts)
    index = HybridIndex.build([*events, slot(*home), slot(*brother)], turns, window=0)
    shown = [r.item.description for r in index.search(query, k=5, settings=ON)]
    assert shown[0] == home[0], shown


def test_a_question_naming_the_relation_still_asks_for_the_relative() -> None:
    index, _, _ = build("en")
    shown = [r.item.description for r in index.search("Where does his sister live?", k=5, settings=ON)]
    assert shown[0] == "User's sister lives in Leeds", shown


def test_living_said_another_way_is_searched_as_living() -> None:
    from memory_core.text.synonyms import synonym_aliases
    aliases = synonym_aliases()
    assert {("住",), ("live",)} <= aliases["生活"] and {("住",), ("居住",)} <= aliases["base"]
