"""Reciprocal rank fusion: the arithmetic on a small case."""

from __future__ import annotations

import numpy as np
import pytest

from memory_core.retrieval.fusion import rrf_fuse


def test_rrf_sums_weighted_reciprocal_ranks():
    a = np.array([2, 0, 1])  # doc 2 first, doc 0 second, doc 1 third
    b = np.array([0, 3])
    docs, fused = rrf_fuse([(a, 1.0), (b, 2.0)], k=10)
    assert docs.tolist() == [0, 1, 2, 3]
    assert fused[0] == pytest.approx(1 / 12 + 2 / 11)
    assert fused[1] == pytest.approx(1 / 13)
    assert fused[2] == pytest.approx(1 / 11)
    assert fused[3] == pytest.approx(2 / 12)
    assert int(docs[np.argmax(fused)]) == 0  # second in one list, first in the other beats one first place


def test_rrf_sums_in_ranking_order_like_a_dense_accumulator():
    rng = np.random.default_rng(4)
    rankings = [(rng.permutation(500)[:100], w) for w in (1.0, 0.7, 0.35)]
    dense = np.zeros(500)
    for order, weight in rankings:
        dense[order] += weight / (20.0 + np.arange(1, order.shape[0] + 1, dtype=np.float64))
    docs, fused = rrf_fuse(rankings, k=20.0)
    assert docs.tolist() == np.flatnonzero(dense).tolist()
    assert fused.tolist() == dense[docs].tolist()  # bit for bit


def test_rrf_ignores_empty_rankings_and_zero_weights():
    docs, fused = rrf_fuse([(np.array([1]), 0.0), (np.empty(0, dtype=np.int64), 1.0)], k=60)
    assert docs.shape == fused.shape == (0,)
    with pytest.raises(ValueError):
        rrf_fuse([], k=0)


@pytest.mark.parametrize("n_docs", [None, 500, 100_000])  # sorted positions, a small index's array, no array
def test_rrf_gives_the_same_floats_whichever_way_it_fuses(n_docs):
    rng = np.random.default_rng(9)
    rankings = [(rng.permutation(500)[:120], w) for w in (1.0, 0.0, 0.45)]
    expected = rrf_fuse(rankings, k=20.0)
    docs, fused = rrf_fuse(rankings, k=20.0, n_docs=n_docs)
    assert docs.tolist() == expected[0].tolist() and fused.tolist() == expected[1].tolist()
    with pytest.raises(ValueError):
        rrf_fuse([(np.array([1]), -0.5)], k=20.0, n_docs=n_docs)
