"""A list question's members, one turn each (retrieval/member_spread.py), and the ``list_only`` kind of places
(data/categories.yaml)."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import pytest
from _jo_index import jo_index, top_turns

from memory_core.retrieval import list_question
from memory_core.retrieval.categories import category_terms, kind_terms
from memory_core.retrieval.list_question import asked_phrase
from memory_core.retrieval.member_spread import member_firsts
from memory_core.retrieval.recall import HybridIndex
from memory_core.text.tokenize import tokenize

T0 = datetime(2024, 5, 1, tzinfo=UTC)


def _ranked(postings: dict[str, list[int]]) -> object:
    """A stand-in lexical ranking: slots holding any of the terms, by how many they hold, then by slot."""
    def ranked(terms: list[str]) -> np.ndarray:
        hits: dict[int, int] = {}
        for t in terms:
            for j in postings.get(t, []):
                hits[j] = hits.get(j, 0) + 1
        return np.asarray(sorted(hits, key=lambda j: (-hits[j], j)), dtype=np.int64)
    return ranked


def test_the_best_slot_of_each_member_once_in_the_joint_order() -> None:
    ranked = _ranked({"paint": [0, 1, 2, 3, 4], "potteri": [0, 5], "swim": [9], "camp": [7], "knit": []})
    kinds = ["paint", "potteri", "swim", "camp", "knit"]
    joint = ranked(kinds)  # type: ignore[operator]
    assert joint.tolist()[:3] == [0, 1, 2]  # the slot naming two members, then painting's others
    assert member_firsts(kinds, ranked, joint).tolist() == [0, 7, 9]  # type: ignore[arg-type]


def test_one_member_or_no_hit_adds_nothing() -> None:
    ranked = _ranked({"paint": [3, 1]})
    assert member_firsts(["paint"], ranked, ranked(["paint"])).shape == (0,)  # type: ignore[arg-type,operator]
    empty = np.empty(0, dtype=np.int64)
    assert member_firsts(["swim", "camp"], ranked, empty).shape == (0,)  # type: ignore[arg-type]
    # one member said, in two turns (a service started, then stopped): its first turn is not lifted again
    assert member_firsts(["paint", "swim"], ranked, ranked(["paint", "swim"])).shape == (0,)  # type: ignore[arg-type,operator]


def _index(lines: list[tuple[str, str]]) -> HybridIndex:
    return jo_index(lines)


def _top(index: HybridIndex, query: str, k: int = 5) -> list[str]:
    return top_turns(index, query, k)


# four members said in pairs, turn after turn; swimming and camping once each, in passing, in longer turns
EN = [
    ("s1-1", "Painting and pottery are my favourite ways to unwind."),
    ("s1-2", "Baking and knitting fill my quiet evenings."),
    ("s2-1", "Pottery class and baking class are both on Tuesdays now."),
    ("s2-2", "Knitting and painting, the two things I never get tired of."),
    ("s3-1", "Painting and baking with the kids on rainy days."),
    ("s3-2", "Knitting and pottery again this weekend, I love it."),
    ("s4-1", "Long day at the office, so after dinner I'm heading to the pool for swimming with my nephew."),
    ("s5-1", "The tent survived the thunderstorm, honestly the most memorable camping trip we have ever had."),
    ("s6-1", "The weather was lovely yesterday."),
]
ZH = [
    ("s1-1", "画画和陶艺是我最喜欢的放松方式。"),
    ("s1-2", "烘焙和园艺占满了我安静的晚上。"),
    ("s2-1", "陶艺课和烘焙课现在都在周二。"),
    ("s2-2", "园艺和画画，这两样我永远不会腻。"),
    ("s3-1", "下雨天和孩子们一起画画和烘焙。"),
    ("s3-2", "这个周末又是园艺和陶艺，太喜欢了。"),
    ("s4-1", "上班累了一天，晚饭后我带外甥去游泳馆游泳了！"),
    ("s5-1", "帐篷居然扛住了雷雨，这是我们印象最深的一次露营。"),
    ("s6-1", "昨天天气很好。"),
]


@pytest.mark.parametrize(("lines", "query"), [
    (EN, "What activities does Jo do?"),
    (ZH, "Jo平时都有哪些爱好？"),
])
def test_members_said_once_reach_the_top_five_beside_members_said_in_pairs(lines: list[tuple[str, str]],
                                                                          query: str) -> None:
    assert {"s4-1", "s5-1"} <= set(_top(_index(lines), query))


@pytest.mark.parametrize("query", ["What activities does Jo do?", "Jo平时都有哪些爱好？"])
def test_a_list_question_ranks_each_member_s_best_slot_beside_the_joint_ranking(query: str) -> None:
    said = {"paint": [0, 1, 2, 3], "画画": [0, 1, 2, 3], "potteri": [0, 1, 4], "陶艺": [0, 1, 4],
            "swim": [8], "游泳": [8], "camp": [9], "露营": [9]}
    ranked = _ranked(said)
    pairs = list_question.member_rankings(query, tokenize(query), ranked, 0.75)  # type: ignore[arg-type]
    (joint, w_joint), (firsts, w_firsts) = pairs[:2]
    assert (w_joint, w_firsts) == (0.75 * list_question.KIND_FACTOR, 0.75)
    assert joint.tolist()[:2] == [0, 1] and firsts.tolist() == [0, 8, 9]
    for one_fact in ("Does Jo have a hobby?", "Jo有爱好吗？"):  # no list: one ranking of the members
        assert len(list_question.member_rankings(one_fact, tokenize(one_fact), ranked, 0.75)) == 1  # type: ignore[arg-type]


def test_places_is_a_kind_a_list_question_asks_but_no_member_search_alone() -> None:
    for query in ("Which places has Jo been to?", "What locations has she visited?", "她去过哪些地方？"):
        phrase, head = asked_phrase(query)
        found = set(kind_terms(tokenize(phrase), head))
        assert {"london", "california", "uk"} <= found or {"london", "california"} <= found, query
    for query in ("Where is the place I had sushi?", "我们约的地方在哪？"):  # a place of one fact: no city search
        assert "london" not in category_terms(tokenize(query))


@pytest.mark.parametrize(("lines", "query", "places"), [
    ([("s1-1", "Last week I went to a conference in London, it was magical!"),
      ("s1-2", "The conference talks were long but the conference food was great."),
      ("s2-1", "I had a chat with a fan in California last month."),
      ("s3-1", "The weather was lovely yesterday.")],
     "Which geographical locations has Jo been to?", {"s1-1", "s2-1"}),
    ([("s1-1", "上周我去了伦敦开会，太神奇了！"),
      ("s1-2", "会议很长，不过会议的饭很好吃。"),
      ("s2-1", "上个月我在加州和一个书迷聊天。"),
      ("s3-1", "昨天天气很好。")],
     "Jo去过哪些地方？", {"s1-1", "s2-1"}),
])
def test_places_asked_as_a_list_find_the_named_places(lines: list[tuple[str, str]], query: str,
                                                      places: set[str]) -> None:
    assert places <= set(_top(_index(lines), query, k=2))
