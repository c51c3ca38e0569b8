"""A list question's members, one turn each: the best turn of every member of the asked kind, as one more ranking.

A list question asking for the members of a kind is answered by one turn per member, each in passing: "heading
to the pool for a swim", "the tent survived the storm, what a camping trip", "first pottery lesson tonight".
Ranked as one BM25 query of every member (``list_question.member_rankings``), the turns naming the member said
most often, or two members at once, fill the top of that ranking, and a member said once falls below where the
fusion feels it: the question wants each different member once before any member twice. ``member_firsts`` is the
best turn of each member the user's memories hold, in the order the one-query ranking gives them, fused beside it
(at ``w_category``) as the diversity half of maximal marginal relevance (Carbonell and Goldstein, SIGIR 1998),
with "names a member already shown" as the redundancy.

Measured on LoCoMo dev, lexical, split by conversation (ops/bench/RESULTS.md, issue 14): the one-query ranking
itself reordered round by round over the members lost on the untouched part (multi-hop R@10 0.480 → 0.467) and
raising its weight lost single-hop questions of list shape; this ranking beside it gained on both parts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

__all__ = ["member_firsts"]


def member_firsts(kinds: Sequence[str], ranked: Callable[[list[str]], np.ndarray], joint: np.ndarray) -> np.ndarray:
    """The best slot of each member term in ``kinds``, each once, in the order ``joint`` ranks them.

    Args:
        kinds: the member terms of the kinds a list question asks for (``categories.kind_terms``).
        ranked: the lexical ranking of a list of terms (best first, at the search's depth and filters).
        joint: ``ranked(list(kinds))``, shape (n,) int64: the one-query ranking of every member.

    Returns:
        Shape (m,) int64, m <= n, slots of ``joint`` only; empty when ``kinds`` holds fewer than two terms or the
        memories hold fewer than two members' best slots (a lone member's best slot already leads ``joint``, and
        lifting it again would only push it past a later turn about the same thing).
    """
    if len(kinds) < 2 or not joint.shape[0]:
        return np.empty(0, dtype=np.int64)
    place = {j: n for n, j in enumerate(joint.tolist())}
    firsts = {next((j for j in ranked([term]).tolist() if j in place), -1) for term in kinds} - {-1}
    if len(firsts) < 2:  # one member said: nothing to spread over, and its best turn leads ``joint`` already
        return np.empty(0, dtype=np.int64)
    return np.asarray(sorted(firsts, key=place.__getitem__), dtype=np.int64)
