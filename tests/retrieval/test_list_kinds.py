"""A list question naming a kind: the turns naming its members, said once each, reach the top results."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import pytest
from _jo_index import jo_index, top_turns

from memory_core.retrieval import list_question
from memory_core.retrieval.categories import category_terms, kind_terms
from memory_core.retrieval.list_question import asked_phrase, member_rankings
from memory_core.retrieval.recall import HybridIndex
from memory_core.text.tokenize import tokenize

T0 = datetime(2024, 5, 1, tzinfo=UTC)


def _index(lines: list[tuple[str, str]]) -> HybridIndex:
    return jo_index(lines)


def _top(index: HybridIndex, query: str, k: int = 6) -> list[str]:
    return top_turns(index, query, k)


# one session talks about a studio and its kind at length; two other sessions name one member each, in passing
EN = [
    ("s1-1", "Was that building a yoga studio or a martial arts place? The sign looked new!"),
    ("s1-2", "A yoga studio I visit weekly, and the teachers are friendly."),
    ("s1-3", "The mood inside is calm and everyone is welcoming."),
    ("s1-4", "They also run martial arts classes for children on weekends."),
    ("s1-5", "I've lifted weights there as well, it was tough."),
    ("s2-1", "Cheers! I'm doing kickboxing these days and it gives me loads of energy."),
    ("s3-1", "Let's plan more outings with the cousins. I'm heading off to a taekwondo lesson!"),
    ("s4-1", "The weather was lovely yesterday."),
]
ZH = [
    ("s1-1", "那是武术馆还是瑜伽馆？看起来很棒！"),
    ("s1-2", "是我常去的瑜伽馆，老师都很好。"),
    ("s1-3", "那里的气氛很放松，大家都很友善。"),
    ("s1-4", "周末他们也给孩子开武术课。"),
    ("s1-5", "我在那里也做过力量训练，挺累的。"),
    ("s2-1", "谢谢！我现在在练跆拳道，感觉精力充沛。"),
    ("s3-1", "和家人多留些回忆吧。我去打太极了！"),
    ("s4-1", "昨天天气很好。"),
]


@pytest.mark.parametrize(("lines", "query", "members"), [
    (EN, "What martial arts has Jo tried?", {"s2-1", "s3-1"}),
    (ZH, "Jo都练过哪些武术？", {"s2-1", "s3-1"}),
])
def test_the_members_of_an_asked_kind_reach_the_top_six(monkeypatch: pytest.MonkeyPatch,
                                                         lines: list[tuple[str, str]], query: str,
                                                         members: set[str]) -> None:
    index = _index(lines)
    top = _top(index, query)
    assert members <= set(top)
    monkeypatch.setattr(list_question, "KIND_FACTOR", 1.0)  # as a question for one fact weighs them
    assert not members <= set(_top(index, query))  # the studio's session's turns first


def test_a_question_for_one_fact_naming_the_kind_is_ranked_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    index = _index(EN)
    query = "Is the martial arts class on weekends?"
    before = _top(index, query, k=8)
    monkeypatch.setattr(list_question, "KIND_FACTOR", 1.0)
    assert _top(index, query, k=8) == before


def test_kind_terms_are_the_members_of_kinds_not_of_intents() -> None:
    assert {"taekwondo", "kickbox"} <= set(kind_terms(tokenize("What martial arts has Tomás tried?")))
    assert {"跆拳道", "太极"} <= set(kind_terms(tokenize("他都练过哪些武术？")))
    assert {"狗", "乌龟"} <= set(kind_terms(tokenize("她养过哪些宠物？")))
    assert {"dog", "turtl"} <= set(kind_terms(tokenize("what pets 她养过?")))  # mixed
    # a meal's restrictions, a gift's likings, a weekend's days are searched, but are no kinds
    for query in ("What recipes has Priya cooked?", "她生日都收到过哪些礼物？", "What did we do on all the weekends?"):
        assert category_terms(tokenize(query))
        assert kind_terms(tokenize(query)) == []
    assert kind_terms(tokenize("can I have an espresso?")) == []  # a member asking its kind names no kind
    assert kind_terms(tokenize("Where do I live?")) == []


def test_member_rankings_weigh_the_kinds_of_a_list_question_only(monkeypatch: pytest.MonkeyPatch) -> None:
    def ranked(terms: list[str]) -> list[str]:
        return terms

    # the rankings here are the terms searched; each member's best turn is test_member_spread's
    monkeypatch.setattr(list_question, "member_firsts", lambda kinds, rank, joint: np.empty(0, dtype=np.int64))

    def weights(query: str) -> list[float]:
        return [w for _, w in member_rankings(query, tokenize(query), ranked, 0.75)]  # type: ignore[arg-type]

    listed = "What exercises has Ingrid done before dinner?"
    pairs = member_rankings(listed, tokenize(listed), ranked, 0.75)  # type: ignore[arg-type]
    assert [w for _, w in pairs] == [0.75 * list_question.KIND_FACTOR, 0.75]
    assert "yoga" in pairs[0][0] and "allergi" in pairs[1][0]  # the kind's members; the meal's restrictions
    assert weights("她都练过哪些武术？") == [0.75 * list_question.KIND_FACTOR]
    assert weights("Does Ingrid exercise before dinner?") == [0.75]  # a question for one fact
    assert weights("Which sugar-free dessert flavors does Tomás like?") == [0.75]  # flavours asked, not desserts
    assert weights("What specific themes are explored in her new book?") == [0.75]
    assert weights("Where do I live?") == []


@pytest.mark.parametrize(("query", "phrase", "head"), [
    ("What martial arts has Tomás tried?", "martial arts", True),
    ("What STEM+ events has Ingrid attended?", "STEM+ events", True),
    ("What are Ingrid's pastimes?", "pastimes", True),
    ("What are Tomás's favorite soups?", "favorite soups", True),
    ("What kinds of books does she read?", "books", True),
    ("Which sugar-free dessert flavors does Tomás like?", "sugar-free dessert flavors", True),
    ("她养过哪些宠物？", "宠物", False),
    ("他都练过哪几种武术？", "武术", False),
    ("What does Priya do to relax?", "", False),
])
def test_the_asked_phrase_of_a_list_question(query: str, phrase: str, head: bool) -> None:
    assert asked_phrase(query) == (phrase, head)


def test_only_a_kind_heading_the_phrase_counts_with_head() -> None:
    assert kind_terms(tokenize("dairy-free dessert flavors"), head=True) == []
    assert "cake" in kind_terms(tokenize("dairy-free dessert flavors"))
    assert "cake" in kind_terms(tokenize("favorite desserts"), head=True)
    assert "taekwondo" in kind_terms(tokenize("martial arts"), head=True)  # a name of two words ends it
    assert kind_terms(tokenize("martial arts classes"), head=True) == []
