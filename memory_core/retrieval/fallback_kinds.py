"""General words asked by, never said: searched for their everyday members only when nothing else was found.

People ask "what's her occupation?" or 她通勤要多久？ and say "I'm a pharmacist" or
我每天坐地铁去公司: no word of the question is in the memory, in either
language, and without an embedder recall answers nothing. The general words
and their members are listed in ``memory_core/data/fallback_kinds.yaml``.

They are not categories of ``categories.yaml`` (searched beside the question's own words): as such, the
members of a job or a commute came before the item the question's own words found (a job question about a
relative, a car question meeting "drives"), and at the semantic embedder the dense ranking finds these items by
meaning already. So the members are one more lexical ranking only when every ranking so far found nothing:
nothing the question says, nor its aliases, glosses, categories or dense neighbours. It can then turn an empty
answer into one, and never reorders an answer.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np

from memory_core.retrieval.live_bm25 import LiveBM25
from memory_core.shipped_yaml import load_shipped
from memory_core.text.tokenize import tokenize

__all__ = ["fallback_rankings", "fallback_terms", "load_fallback_kinds"]


@functools.lru_cache(maxsize=1)
def load_fallback_kinds() -> tuple[tuple[tuple[tuple[str, ...], ...], tuple[str, ...]], ...]:
    """The shipped general words: (their names as index-term tuples, their members' index terms), cached.

    Raises:
        ValueError: the data file is malformed (an entry without names or members).
    """
    out = []
    for entry in load_shipped("data", "fallback_kinds.yaml"):
        if not isinstance(entry, dict) or not entry.get("names") or not entry.get("members"):
            raise ValueError(f"fallback_kinds.yaml: each entry needs names and members; got {entry!r}")
        names = tuple(t for t in (tuple(tokenize(str(n))) for n in entry["names"]) if t)
        members = tuple(dict.fromkeys(t for m in entry["members"] for t in tokenize(str(m))))
        out.append((names, members))
    return tuple(out)


def fallback_terms(tokens: Sequence[str]) -> list[str]:
    """The member terms of the general words ``tokens`` (a tokenized query) name, not already asked; stable order.

    A name of several terms ("line of work") must appear as a run of ``tokens``. [] when none is named.
    """
    joined = f" {' '.join(tokens)} "
    asked = set(tokens)
    out: dict[str, None] = {}
    for names, members in load_fallback_kinds():
        if any(f" {' '.join(name)} " in joined for name in names):
            out.update((t, None) for t in members if t not in asked)
    return list(out)


def fallback_rankings(tokens: Sequence[str], rankings: Sequence[tuple[np.ndarray, float]], lexical: LiveBM25,
                      depth: int, mask: np.ndarray | None, weight: float) -> list[tuple[np.ndarray, float]]:
    """[(ranking of the named general words' members, ``weight``)] when every ranking of ``rankings`` is empty.

    Args:
        tokens: the query's index terms.
        rankings: the (slots, RRF weight) rankings made so far for the query (any embedder).
        lexical: the items' BM25 index; ``depth`` and ``mask`` as the search's (``LiveBM25.ranked``).
        weight: its RRF weight (``HybridSettings.w_category``; 0 turns it off).

    Returns:
        [] when some ranking found an item, the weight is 0, the query names no general word or no item holds
        a member; else one ranking.
    """
    if not weight or any(r.shape[0] for r, _ in rankings):
        return []
    members = fallback_terms(tokens)
    found = lexical.ranked(members, depth, mask) if members else np.empty(0, np.int64)
    return [(found, weight)] if found.shape[0] else []
