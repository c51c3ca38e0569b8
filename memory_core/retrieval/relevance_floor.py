"""A relevance floor: recall may return fewer than k items, rather than fill k with what the question barely touches.

Fused scores (``hybrid``) are sums of reciprocal ranks times boosts, so every ranked item has some score: a
question about something never said ("Husk head chef Charleston" of a founder in Brooklyn) still filled its k with
whatever shared one word with it. ``HybridSettings.floor_ratio`` drops the results scoring below that share of the
best score, ``floor_score`` those below that absolute score (both 0: off, the default).

A question in the other language than its memory is answered by the lighter gloss ranking alone, far below the
best own-language score, so one floor over every result cut those answers first. With ``scripts`` given, each
result is judged against the best score among the results of its own script (Chinese or not, as
``other_language.reads_chinese``): the best Chinese result is kept beside the best English one. The best result
of each script is never dropped by the ratio; an absolute floor above it leaves nothing of that script.
"""

from __future__ import annotations

import numpy as np

__all__ = ["above_floor"]


def above_floor(order: np.ndarray, scores: np.ndarray, ratio: float, least: float,
                scripts: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``order`` (shape (n,) slots) and ``scores`` (shape (n,), same order) without the results below the floor.

    Args:
        order: the results' slots, in the order they are returned.
        scores: their final scores (unitless, >= 0).
        ratio: keep a result scoring at least ``ratio`` times the best score (0 <= ratio < 1): the best of all
            results, or with ``scripts`` the best of the results of its own script.
        least: keep a result scoring at least this (>= 0).
        scripts: shape (n,) bool, True for a result written in Chinese; None: one floor for all.

    Returns:
        The kept results, order kept.
    """
    if not scores.shape[0] or (ratio <= 0 and least <= 0):
        return order, scores
    if scripts is None:
        best = np.full(scores.shape, float(scores.max()))
    else:
        zh = scripts.astype(bool)
        best = np.where(zh, scores[zh].max(initial=0.0), scores[~zh].max(initial=0.0))
    kept = scores >= np.maximum(least, ratio * best)
    return order[kept], scores[kept]
