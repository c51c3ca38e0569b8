"""The score a recall result shows is its final ranking score: never above the score of a result ranked before it.

Fusion gives each item a score, and the reranks after it then move items without touching that score: a
current value before an old turn that outscored it (``diverse.Diverse._diverse``), the user's own slot before
another person's (``own_slot``), the asked attribute first (``asked_slot``), a past question's superseded items
or its period's first (``past_question.past_first``). A user then saw 0.275, 0.093, 0.058, 0.118, 0.062: an
order that contradicts the scores beside it, and a context block (which orders by score) that contradicted the
ranking. ``ranked_scores`` lowers each score to at most the one before it (a running minimum), so the scores
are non-increasing in rank order and a threshold on them keeps a prefix of the ranking. An item the search did
not score (0.0: a restriction or health item a gate added, ``recall_shown``) first takes the score of the
scored result ranked right after it, so it does not pull every later score down to 0.
"""

from __future__ import annotations

from collections.abc import Sequence

from memory_core.retrieval.index import RecallResult

__all__ = ["ranked_scores"]


def ranked_scores(results: Sequence[RecallResult]) -> list[RecallResult]:
    """``results`` (best first) with ``score`` lowered where needed to be non-increasing and ranks 1..n.

    A result the reranks moved below one of lower fused score takes that score (a tie: its place is its rank); an
    unscored one (0.0) placed before scored ones takes the next scored result's score first. Nothing is
    reordered or dropped. The results are changed in place and returned as a list.
    """
    out = list(results)
    after = 0.0
    for r in reversed(out):  # an unscored result ranks as the scored one after it
        if r.score > 0.0:
            after = r.score
        else:
            r.score = after
    ceiling = float("inf")
    for n, r in enumerate(out, 1):
        ceiling = min(ceiling, r.score)
        r.score, r.rank = ceiling, n
    return out
