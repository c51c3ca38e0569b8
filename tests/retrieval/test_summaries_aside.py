"""Summaries are scored but not counted in BM25's statistics: a recap changes no specific question's scores."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from memory_core.model import Kind, MemoryItem
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.index import RecallFilters
from memory_core.retrieval.live_bm25 import LiveBM25

COUNTED = [["dog", "rex", "park"], ["cello", "teacher", "strict"], ["rex", "loves", "park", "park"],
           ["咪咪", "晒", "太阳"], ["同事", "吃素"], ["我", "吃素", "三年"]]
ASIDE = [["talked", "about", "dog", "rex", "park", "cello"], ["聊", "了", "同事", "吃素", "咪咪", "我", "吃素"]]
QUERIES = [["rex", "park"], ["cello"], ["同事", "吃素"], ["吃素"], ["咪咪", "太阳"], ["talked", "rex"]]


def _scores(index: LiveBM25, query: list[str], slots: list[int]) -> np.ndarray:
    return index.get_scores(query)[slots]


@pytest.mark.parametrize("query", QUERIES)
def test_counted_documents_score_as_in_an_index_without_the_documents_set_aside(query: list[str]) -> None:
    n = len(COUNTED)
    aside = list(range(n, n + len(ASIDE)))
    with_aside = LiveBM25.build(COUNTED + ASIDE, aside)
    without = LiveBM25.build([*COUNTED, *([None] * len(ASIDE))])
    counted = list(range(n))
    assert np.array_equal(_scores(with_aside, query, counted), _scores(without, query, counted))
    assert with_aside.avgdl == without.avgdl
    # counted in the statistics, the recap would change them (the loss this guards against)
    plain = LiveBM25.build(COUNTED + ASIDE)
    if any(t in ASIDE[0] + ASIDE[1] for t in query):
        assert not np.array_equal(_scores(plain, query, counted), _scores(without, query, counted))


def test_a_document_set_aside_is_found_by_its_own_words_even_those_only_it_holds() -> None:
    n = len(COUNTED)
    index = LiveBM25.build(COUNTED + ASIDE, [n, n + 1])
    assert index.get_scores(["talked"])[n] > 0  # only the recap holds it
    assert index.get_scores(["聊"])[n + 1] > 0
    assert list(index.ranked(["talked", "cello"], 1)) == [n]


def test_step_by_step_equals_built_fresh_with_documents_set_aside() -> None:
    n = len(COUNTED)
    index = LiveBM25()
    index.set_docs(dict(enumerate(COUNTED)))
    index.set_docs({n: ASIDE[0], n + 1: ASIDE[1]}, aside=[n, n + 1])
    index.set_docs({0: ["dog", "rex", "walks"], n + 1: ["聊", "咪咪"]}, aside=[n + 1])  # replaced, kept aside
    index.set_docs({n: None})  # a summary removed
    index.set_docs({n + 2: ["cello", "talked"]}, aside=[n + 2])
    index.set_docs({1: ["cello", "lessons"]})  # a counted document replaced
    final = [["dog", "rex", "walks"], ["cello", "lessons"], *COUNTED[2:], None, ["聊", "咪咪"], ["cello", "talked"]]
    fresh = LiveBM25.build(final, [n + 1, n + 2])
    for query in [*QUERIES, ["lessons", "talked"]]:
        assert np.array_equal(index.get_scores(query), fresh.get_scores(query))
    new_of = index.compact()
    assert new_of[n] == -1
    for query in QUERIES:
        assert np.array_equal(index.get_scores(query)[new_of[new_of >= 0]],
                              fresh.get_scores(query)[np.flatnonzero(new_of >= 0)])
    assert int(index.aside.sum()) == 2


def test_only_documents_set_aside_are_counted_when_no_other_has_a_term() -> None:
    index = LiveBM25.build([["talked", "about", "rex"], ["聊", "了", "咪咪"]], [0, 1])
    assert index.avgdl == 3.0
    assert index.get_scores(["rex"])[0] > 0


T0 = datetime(2025, 3, 1, tzinfo=UTC)


def _items(lang: str, with_summary: bool) -> list[MemoryItem]:
    if lang == "en":
        texts = [("User is vegetarian", Kind.FACT), ("My colleague Ann is vegetarian too", Kind.EVENT),
                 ("User plays the cello", Kind.FACT), ("We walked Rex in the park", Kind.EVENT)]
        recap = "Talked about: User is vegetarian; my colleague Ann is vegetarian too; the cello"
    else:
        texts = [("用户吃素", Kind.FACT), ("我同事小王也吃素", Kind.EVENT), ("用户会拉大提琴", Kind.FACT),
                 ("我们在公园遛了旺财", Kind.EVENT)]
        recap = "聊了：用户吃素；我同事小王也吃素；大提琴"
    items = [MemoryItem.create("u1", text, "life", kind=kind, at=T0 + timedelta(hours=n), id=f"i{n}")
             for n, (text, kind) in enumerate(texts)]
    if with_summary:
        items.append(MemoryItem.create("u1", recap, "summary", kind=Kind.SUMMARY, at=T0 + timedelta(days=2),
                                       id="s1"))
    return items


@pytest.mark.parametrize(("lang", "query"), [("en", "Is my colleague vegetarian?"), ("en", "what do I eat"),
                                             ("zh", "我同事吃素吗？"), ("zh", "我吃素吗")])
def test_a_summary_in_the_index_leaves_a_specific_questions_results_as_they_were(lang: str, query: str) -> None:
    specific = RecallFilters(kinds=[k for k in Kind if k != Kind.SUMMARY])
    now = T0 + timedelta(days=3)
    before = HybridIndex.build(_items(lang, False)).search(query, k=4, filters=specific, now=now)
    after = HybridIndex.build(_items(lang, True)).search(query, k=4, filters=specific, now=now)
    assert before, query
    assert [(r.item.id, r.score, r.bm25) for r in after] == [(r.item.id, r.score, r.bm25) for r in before]
    broad = HybridIndex.build(_items(lang, True)).search(query, k=5, now=now)
    assert "s1" in [r.item.id for r in broad]  # the summary is still found when summaries are asked for
