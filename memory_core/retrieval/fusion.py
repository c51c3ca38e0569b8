"""Reciprocal rank fusion of several rankings over one index.

Reciprocal rank fusion (Cormack, Clarke & Büttcher, "Reciprocal Rank Fusion
outperforms Condorcet and individual Rank Learning Methods", SIGIR 2009)
scores a document by the sum, over the rankings that hold it, of::

    w_s / (k + rank_s(d))        rank counted from 1

It needs no score calibration between retrievers (BM25 over items and BM25
over turn windows have unrelated scales), and a document ranked well by
several signals beats one ranked first by a single signal. ``k`` damps the
head of each list: the paper uses 60; short per-user lists do better with a
smaller value (the presets in ``stages`` pick 20). The per-signal weight
``w_s`` is the "weighted RRF" variant; every weight 1.0 is plain RRF.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from memory_core.retrieval.bm25 import top_k_indices

__all__ = ["ranking", "rrf_scores"]


def ranking(idx: np.ndarray, scores: np.ndarray, depth: int) -> np.ndarray:
    """Order candidates by score (best first, ties to the lower position) and keep ``depth``.

    Args:
        idx: shape (m,) int64 document positions.
        scores: shape (m,) float64 scores of those documents.
        depth: how many to keep (>= 1).

    Returns:
        Shape (min(m, depth),) int64 document positions, best first.
    """
    return idx[top_k_indices(scores, depth)]


def rrf_scores(n_docs: int, rankings: Sequence[tuple[np.ndarray, float]], k: float = 60.0) -> np.ndarray:
    """Fuse rankings by weighted reciprocal rank.

    Args:
        n_docs: number of documents in the index.
        rankings: (positions best first, weight) per signal; a position appears
            at most once per ranking. Empty rankings and zero weights add nothing.
        k: the RRF constant (> 0).

    Returns:
        Shape (n_docs,) float64 fused scores; 0.0 for documents in no ranking.

    Raises:
        ValueError: ``k`` is not positive.
    """
    if not k > 0:
        raise ValueError(f"the RRF constant k must be above 0; got {k!r}")
    fused = np.zeros(n_docs)
    for order, weight in rankings:
        if weight and order.shape[0]:
            fused[order] += weight / (k + np.arange(1, order.shape[0] + 1, dtype=np.float64))
    return fused
