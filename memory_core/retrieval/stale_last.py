"""A raw turn whose every fact was superseded comes after the current results (invariant 9).

The turn "I like spicy food, especially Sichuan hot pot" stays in the episodic record after
"I don't like spicy food anymore" superseded the preference it gave. Its score is lowered
(``HybridSettings.superseded_event_factor``), but a question whose words it holds ("What food should
I cook for her tonight?") still ranked it above current facts of weaker match, where an agent reads
the old preference as a plain memory. Such a turn is evidence of what held once: a question about
the present sees it only after every current result of the short list; one that asks about the past
(superseded items allowed by its filters, ``past_question.past_filters``) keeps the fused order.

Opt-in (``HybridSettings.stale_turns_last``): where a mechanical fact of the turn was superseded by
another statement while the turn itself is the only item holding what a question asks (LoCoMo's
"when did …" questions), moving it last lost the evidence (LoCoMo dev R@10 0.789 → 0.778).
"""

from __future__ import annotations

import numpy as np

from memory_core.model import Status
from memory_core.retrieval.index import RecallFilters

__all__ = ["past_allowed", "stale_last"]


def past_allowed(filters: RecallFilters | None) -> bool:
    """True when ``filters`` name the superseded status (a question about the past, ``past_filters``)."""
    return filters is not None and filters.statuses is not None and Status.SUPERSEDED in filters.statuses


def stale_last(order: np.ndarray, scores: np.ndarray, stale: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``order`` (slots, best first) and its ``scores`` with the ``stale`` ones moved after the rest, each
    group in its own order.

    Args:
        order: shape (n,) slots, best first.
        scores: shape (n,) their scores.
        stale: shape (n,) bool: events every fact of whose source turns was superseded.
    """
    if not stale.any() or stale.all():
        return order, scores
    moved = np.concatenate([np.flatnonzero(~stale), np.flatnonzero(stale)])
    return order[moved], scores[moved]
