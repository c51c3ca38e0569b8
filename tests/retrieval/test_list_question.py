"""List questions: recognised in English and Chinese, their top results spread over sessions."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import pytest
from _jo_index import sessions_of

from memory_core.model import MemoryItem, Turn
from memory_core.retrieval import list_question
from memory_core.retrieval.list_question import asks_list
from memory_core.retrieval.recall import HybridIndex
from memory_core.retrieval.stages import RETRIEVERS

T0 = datetime(2024, 5, 1, tzinfo=UTC)


@pytest.mark.parametrize("query", [
    "What activities does Priya take part in?",
    "Which places has Tom visited?",
    "Which towns has Tomás visited?",
    "What Asian countries has Ingrid been to?",
    "What books has she read?",
    "Where has Priya fished?",
    "What does Priya do to unwind?",
    "What do her kids like?",
    "How many times has she been to the beach?",
    "What are her hobbies?",
    "What sports do I play?",
    "Do Priya and Tomás both dance?",
    "她都去过哪些地方？",
    "我平时都有什么爱好？",
    "他养过哪几只宠物？",
    "我们去过几次海边？",
    "她周末都做些什么？",
    "What are Tomás's favorite soups?",  # favourites in the plural
    "What are her favourite books to read?",
    "她最喜欢哪些书？",
    "他最爱哪几部电影？",
])
def test_a_question_for_the_members_of_a_set_is_a_list_question(query: str) -> None:
    assert asks_list(query)


@pytest.mark.parametrize("query", [
    "Where do I live?",
    "What car do I drive?",
    "What is Ingrid's profession?",
    "What did Ingrid study?",
    "Which bank do I use?",
    "When is her birthday?",
    "What does she do for a living now",
    "我住在哪个城市？",
    "她现在在哪上班？",
    "我开什么车？",
    "What is her favorite book?",  # one favourite
    "What are his favourite sports team?",
    "她最喜欢哪本书？",
])
def test_a_question_for_one_fact_is_not(query: str) -> None:
    assert not asks_list(query)


def _sessions(lines: list[tuple[str, str]]) -> tuple[list[MemoryItem], list[Turn]]:
    return sessions_of(lines, speaker="Priya")


# one session talks about pottery at length; each other session names one more activity once
LINES = [(f"s1-{n}", f"Pottery is our family activity, part {n}: the kids made bowls in the pottery class.")
         for n in range(1, 11)] + [
    ("s2-1", "Went camping by the lake last weekend."),
    ("s3-1", "We did some painting at the museum."),
    ("s4-1", "Swimming lessons started this summer."),
    ("s5-1", "The weather was nice yesterday."),
]


def _sessions_of(index: HybridIndex, query: str, k: int = 8) -> list[str]:
    return [t.split("-")[0] for r in index.search(query, k=k, settings=RETRIEVERS["lexical"]) for t in r.turn_ids]


def test_a_list_question_reaches_more_sessions_and_a_one_fact_question_keeps_its_order(
        monkeypatch: pytest.MonkeyPatch) -> None:
    items, turns = _sessions(LINES)
    index = HybridIndex.build(items, turns, window=0)
    listed, one_fact = "What activities does Priya do with her family?", "What is Priya's favourite pottery activity?"
    spread, before = _sessions_of(index, listed), _sessions_of(index, one_fact)
    assert spread[:list_question.KEEP_FIRST] == ["s1"] * list_question.KEEP_FIRST  # the first results stay
    assert {"s2", "s3", "s4"} <= set(spread)  # then the best turn of other sessions before more of pottery
    monkeypatch.setattr(list_question, "SESSION_FACTOR", 1.0)
    monkeypatch.setattr(list_question, "LIST_SHORTLIST", 4)
    assert len(set(_sessions_of(index, listed))) < len(set(spread))  # without the spread: pottery's turns first
    assert _sessions_of(index, one_fact) == before  # a question for one fact: ranked as without it


def test_a_chinese_list_question_reaches_more_sessions() -> None:
    pottery = [(f"s1-{n}", f"陶艺是我们全家最喜欢的活动，第{n}次陶艺课孩子们做了碗。") for n in range(1, 11)]
    items, turns = _sessions([
        *pottery,
        ("s2-1", "周末全家去湖边露营了。"),
        ("s3-1", "我们带孩子去博物馆画画。"),
        ("s4-1", "今年夏天全家开始学游泳。"),
    ])
    index = HybridIndex.build(items, turns, window=0)
    assert {"s2", "s3", "s4"} <= set(_sessions_of(index, "她和家人都做过哪些活动？"))


class _Spreader(list_question.ListQuestions):
    """The session spread alone, over turns "<session>-<n>" in order."""

    def __init__(self, turn_ids: list[str]) -> None:
        self._turn_pos = {t: n for n, t in enumerate(turn_ids)}
        self._turn_session = [t.split("-")[0] for t in turn_ids]


def _said(text: str, *turn_ids: str) -> MemoryItem:
    item = MemoryItem.create("u1", text, "moments", kind="event", turn_id=turn_ids[0], at=T0)
    item.source = list(turn_ids)
    return item


@pytest.mark.parametrize("query", ["What activities does Jo do?", "Jo平时都有哪些爱好？"])
def test_an_item_said_in_several_sessions_claims_none_of_them(query: str) -> None:
    turns = ["s1-1", "s1-2", "s2-1", "s3-1", "s4-1", "s5-1", "s6-1", "s7-1", "s8-1"]
    items: list[MemoryItem | None] = [
        _said("Jo loves painting", "s1-1", "s2-1", "s3-1"),  # merged from three sessions
        *(_said(f"filler {n}", f"s{n}-1") for n in (4, 5, 6, 7)),
        _said("Jo swam twenty laps at the pool", "s1-2"),  # one turn of session s1, in passing
        _said("Jo went to the market", "s8-1"),
    ]
    order, scores = np.arange(7), np.array([7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.9])
    spread_order, _ = _Spreader(turns)._spread(query, items, order, scores)
    assert spread_order.tolist()[5] == 5  # swimming keeps its place: no better item of s1 alone
    items[0] = _said("Jo loves painting", "s1-1")  # said in s1 only: swimming is its session's second
    spread_order, _ = _Spreader(turns)._spread(query, items, order, scores)
    assert spread_order.tolist()[5:] == [6, 5]
