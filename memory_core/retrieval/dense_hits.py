"""The dense ranking of one query: its floor when no word matched, and the nearest memories when none passes it.

When no word of the query is in any of the user's memories (lexical coverage 0),
the dense ranking keeps only items at least ``HybridSettings.dense_floor_unmatched``
similar: a question about nothing the user said should not bring the nearest
noise. But the small multilingual model places some paraphrases and one-word
questions in the other language below that floor ("how does she commute?" →
"Nora takes the 7:40 train to work every day" is 0.098, "船" → "I bought a kayak"
0.054, "recommend a weekend activity" → "I like skiing" 0.063, against 0.079 for
"what's the weather tomorrow?" over the same memory): no absolute floor tells
them from noise (ops/bench/RESULTS.md, issue 14, pass of 2026-12-03). An empty
answer then leaves the agent with no memory at all, where the user's nearest
memories, weakly related as they may be, are what a person would think of.

So when nothing passes the floor, the ``dense_fallback_most`` nearest memories
at least ``dense_fallback_floor`` similar are kept, and only those within
``dense_fallback_margin`` of the best (a relative floor: one memory that stands
out is shown alone). Their fused score is the dense ranking's alone, below any
hit a word or the floor found in another recall.
"""

from __future__ import annotations

import numpy as np

from memory_core.retrieval.dense import DenseIndex
from memory_core.retrieval.stages import HybridSettings

__all__ = ["dense_hits"]


def dense_hits(dense: DenseIndex, vector: np.ndarray, settings: HybridSettings, coverage: float,
               alive: np.ndarray, mask: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """Slots of the dense ranking for ``vector``, best first (int64), and their cosines (float32).

    Args:
        dense: the user's vectors.
        vector: shape (dim,) unit query vector.
        settings: ``dense_depth``, ``dense_floor_unmatched``, the ``dense_fallback_*`` fields, ``reply_context``,
            ``answered_context``.
        coverage: the query's lexical coverage (0..1, ``lexical_coverage``); the floor applies at 0 only.
        alive: shape (n_slots,) bool: slots holding an item.
        mask: shape (n_slots,) bool filter, or None.
    """
    floor = settings.dense_floor_unmatched if not coverage else 0.0
    slots, sims = dense.ranked_scored(vector, settings.dense_depth, alive, mask, floor, settings.reply_context,
                                       settings.answered_context)
    if slots.shape[0] or not floor or not settings.dense_fallback_most:
        return slots, sims
    slots, sims = dense.ranked_scored(vector, settings.dense_fallback_most, alive, mask,
                                      settings.dense_fallback_floor, settings.reply_context,
                                      settings.answered_context)
    if not slots.shape[0]:
        return slots, sims
    near = sims >= sims[0] - settings.dense_fallback_margin
    return slots[near], sims[near]
