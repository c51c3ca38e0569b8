"""Reciprocal rank fusion: the arithmetic on a small case."""

from __future__ import annotations

import numpy as np
import pytest

from memory_core.retrieval.fusion import ranking, rrf_scores


def test_rrf_sums_weighted_reciprocal_ranks():
    a = np.array([2, 0, 1])  # doc 2 first, doc 0 second, doc 1 third
    b = np.array([0, 3])
    fused = rrf_scores(4, [(a, 1.0), (b, 2.0)], k=10)
    assert fused[0] == pytest.approx(1 / 12 + 2 / 11)
    assert fused[1] == pytest.approx(1 / 13)
    assert fused[2] == pytest.approx(1 / 11)
    assert fused[3] == pytest.approx(2 / 12)
    assert int(np.argmax(fused)) == 0  # second in one list, first in the other beats one first place


def test_rrf_ignores_empty_rankings_and_zero_weights():
    fused = rrf_scores(3, [(np.array([1]), 0.0), (np.empty(0, dtype=np.int64), 1.0)], k=60)
    assert not fused.any()
    with pytest.raises(ValueError):
        rrf_scores(3, [], k=0)


def test_ranking_orders_by_score_then_position():
    idx = np.array([4, 7, 9, 11])
    scores = np.array([1.0, 3.0, 3.0, 2.0])
    assert ranking(idx, scores, 3).tolist() == [7, 9, 11]
