"""How much of a query the best lexical hit holds: the gate and weight of the dense ranking (``hybrid``)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from memory_core.retrieval.live_bm25 import LiveBM25

__all__ = ["lexical_coverage"]


def lexical_coverage(bm25: LiveBM25, tokens: Sequence[str], ranked: np.ndarray) -> float:
    """Share (0..1) of the query's idf mass that the best lexical item holds.

    1.0 when the top item contains every query term; 0.0 when nothing
    matched. A term no memory holds weighs as a term of one document would
    (the most telling kind: "gift" asked of a memory written in Chinese), so
    a query whose content words all miss has a low coverage even when a
    common word matched. ``HybridSettings.dense_gate`` embeds the query only
    when this is below the gate; ``coverage_weighting`` scales the lexical
    rankings by it.
    """
    if not tokens or not ranked.shape[0]:
        return 0.0
    best = ranked[:1]
    n = max(bm25.n_live, 1)
    unseen = max(float(np.log((n - 0.5) / 1.5)), 0.5)  # Okapi idf (as rank_bm25's) of a term in one document
    total = held = 0.0
    for term in set(tokens):
        weight = bm25.idf_of(term) or unseen
        total += weight
        if bm25.scores_of([term], best)[0] > 0:
            held += weight
    return held / total if total else 0.0
