"""A recall result's score is its final ranking score: non-increasing down the list, on every path of ``recall``.

The reranks after fusion move items without touching their fused score (a past question's old values first, the
current value before its old turn); a user saw 0.275, 0.093, 0.058, 0.118, 0.062. English and Chinese.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.model import MemoryItem
from memory_core.retrieval.index import RecallResult
from memory_core.retrieval.ranked_scores import ranked_scores

TURNS = [("2025-01-02T09:00:00Z", "I live in Toronto."),
         ("2025-01-10T09:00:00Z", "My Toronto apartment is on Queen Street."),
         ("2025-02-03T09:00:00Z", "我住在多伦多。"),
         ("2025-03-01T09:00:00Z", "Finally moved out west, Vancouver is home now!"),
         ("2025-03-09T09:00:00Z", "我现在住温哥华。"),
         ("2025-03-15T09:00:00Z", "My apartment in Vancouver has a view of the mountains."),
         ("2025-04-01T09:00:00Z", "I've cut out coffee completely."),
         ("2025-05-02T09:00:00Z", "OK I caved, drinking coffee again.")]


def _result(score: float, n: int) -> RecallResult:
    item = MemoryItem(id=f"i{n}", user_id="u", description=f"item {n}", theme="places",
                      created_at=datetime(2025, 1, 1, tzinfo=UTC))
    return RecallResult(item, score, score, n, [])


def test_a_moved_result_takes_the_score_before_it_and_nothing_moves() -> None:
    shown = ranked_scores([_result(s, n) for n, s in enumerate([0.275, 0.093, 0.058, 0.118, 0.062], 1)])
    assert [r.item.id for r in shown] == ["i1", "i2", "i3", "i4", "i5"]
    assert [r.score for r in shown] == [0.275, 0.093, 0.058, 0.058, 0.058]
    assert [r.rank for r in shown] == [1, 2, 3, 4, 5]


def test_an_unscored_result_a_gate_added_ranks_as_the_one_after_it() -> None:
    shown = ranked_scores([_result(s, n) for n, s in enumerate([0.5, 0.0, 0.3, 0.2, 0.0], 1)])
    assert [r.score for r in shown] == [0.5, 0.3, 0.3, 0.2, 0.0]


@pytest.mark.parametrize("query", ["where did Kai live in January 2025?", "2025年1月他住在哪里？",
                                   "where's Kai living at the moment?", "Kai 住哪？", "does kai drink coffee?",
                                   "他喝咖啡吗？"])
def test_embedded_search_and_recall_scores_never_rise_down_the_list(mem: EmbeddedMemory, query: str) -> None:
    for ts, text in TURNS:
        mem.add([{"role": "user", "content": text, "timestamp": ts}], user_id="kai")
    for results in (mem.search(query, user_id="kai", k=5), mem.recall(query, user_id="kai", k=5)["results"]):
        scores = [r["score"] for r in results]
        assert results and scores == sorted(scores, reverse=True), (query, scores)
        assert [r["rank"] for r in results] == list(range(1, len(results) + 1))
