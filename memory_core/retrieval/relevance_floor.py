"""A relevance floor: recall may return fewer than k items, rather than fill k with what the question barely touches.

Fused scores (``hybrid``) are sums of reciprocal ranks times boosts, so every ranked item has some score: a
question about something never said ("Husk head chef Charleston" of a founder in Brooklyn) still filled its k with
whatever shared one word with it. ``HybridSettings.floor_ratio`` drops the results scoring below that share of the
best result's score, ``floor_score`` those below that absolute score (both 0: off, the default: a question in the
other language than its memory is answered by the lighter gloss ranking alone, whose scores a floor cut first). The
best result is never dropped by the ratio; an absolute floor above it leaves nothing.
"""

from __future__ import annotations

import numpy as np

__all__ = ["above_floor"]


def above_floor(order: np.ndarray, scores: np.ndarray, ratio: float, least: float) -> tuple[np.ndarray, np.ndarray]:
    """``order`` (shape (n,) slots) and ``scores`` (shape (n,), same order) without the results below the floor.

    Args:
        order: the results' slots, in the order they are returned.
        scores: their final scores (unitless, >= 0).
        ratio: keep a result scoring at least ``ratio`` times the best score (0 <= ratio < 1).
        least: keep a result scoring at least this (>= 0).

    Returns:
        The kept results, order kept.
    """
    if not scores.shape[0] or (ratio <= 0 and least <= 0):
        return order, scores
    floor = max(least, ratio * float(scores.max()))
    kept = scores >= floor
    return order[kept], scores[kept]
