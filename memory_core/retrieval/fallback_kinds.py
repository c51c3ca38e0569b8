"""General words asked by, never said: searched for their everyday members when nothing else was found, or in
the place of the question's words that ask for them (a commute).

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

A kind marked ``compete`` is asked in words that name something else ("how does she get to work?", 他怎么去上班？):
searched as they are, "work" and 上班 find the job and the employer, never the way there, and the members joined
only an empty answer. So the terms of a name of several words and of what an ``asked`` pattern matched are taken
out of the question and the kind's members put in their place (``compete_tokens``): the way to work competes with
the rest of the question in every ranking. A name of one word ("commute", 通勤) is kept: it names the kind
itself, and a memory saying it is about the way to work. ``asked`` patterns are searched in the question's text,
for question words the tokenizer drops (怎么去上班 is the terms 去 上班, which "他明天去上班吗？" holds as well).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from memory_core.retrieval.idioms import plain_query
from memory_core.retrieval.live_bm25 import LiveBM25
from memory_core.retrieval.recall_terms import query_tokens
from memory_core.shipped_yaml import load_shipped
from memory_core.text.tokenize import tokenize

__all__ = ["FallbackKind", "compete_tokens", "fallback_rankings", "fallback_terms", "load_fallback_kinds"]


@dataclass(frozen=True, slots=True)
class FallbackKind:
    """One general word of ``fallback_kinds.yaml``.

    Attributes:
        names: its names as index-term tuples (a name of several terms must be a run of the query's terms).
        members: its members' index terms, in the file's order.
        asked: question patterns (compiled regular expressions, case-insensitive) searched in the question's text
            as written, whitespace removed.
        compete: its members replace the words that ask for it (``compete_tokens``), not only fill an empty answer.
    """

    names: tuple[tuple[str, ...], ...]
    members: tuple[str, ...]
    asked: tuple[re.Pattern[str], ...] = ()
    compete: bool = False

    def asking_terms(self, tokens: Sequence[str], query: str = "") -> list[tuple[str, ...]] | None:
        """The term runs of ``tokens`` (a tokenized query) that name the kind: each name held as a run and the
        terms (``idioms.plain_query``, ``query_tokens``) of the text each ``asked`` pattern matches in ``query``;
        None when it names the kind in no way."""
        joined = f" {' '.join(tokens)} "
        found = [name for name in self.names if f" {' '.join(name)} " in joined]
        if self.asked:
            text = "".join(query.split())
            found += [tuple(query_tokens(plain_query(m.group(0)))) for p in self.asked if (m := p.search(text))]
        return found or None


@functools.lru_cache(maxsize=1)
def load_fallback_kinds() -> tuple[FallbackKind, ...]:
    """The shipped general words (``FallbackKind``), cached.

    Raises:
        ValueError: the data file is malformed (an entry without names or members).
        re.error: an ``asked`` pattern is no regular expression.
    """
    out = []
    for entry in load_shipped("data", "fallback_kinds.yaml"):
        if not isinstance(entry, dict) or not entry.get("names") or not entry.get("members"):
            raise ValueError(f"fallback_kinds.yaml: each entry needs names and members; got {entry!r}")
        names = tuple(t for t in (tuple(tokenize(str(n))) for n in entry["names"]) if t)
        members = tuple(dict.fromkeys(t for m in entry["members"] for t in tokenize(str(m))))
        asked = tuple(re.compile(str(a), re.IGNORECASE) for a in entry.get("asked") or ())
        out.append(FallbackKind(names, members, asked, bool(entry.get("compete", False))))
    return tuple(out)


def fallback_terms(tokens: Sequence[str], query: str = "") -> list[str]:
    """The member terms of the general words ``tokens`` (a tokenized query) or ``query`` (its text) name, not
    already asked; stable order.

    A name of several terms ("line of work") must appear as a run of ``tokens``. [] when none is named.
    """
    asked = set(tokens)
    out: dict[str, None] = {}
    for kind in load_fallback_kinds():
        if kind.asking_terms(tokens, query) is not None:
            out.update((t, None) for t in kind.members if t not in asked)
    return list(out)


def compete_tokens(tokens: Sequence[str], query: str) -> list[str]:
    """``tokens`` (the query's index terms) with the words asking for a ``compete`` kind replaced by its members.

    The terms of a name of several words and of the text an ``asked`` pattern matched are dropped; a name of one
    word is kept (it names the kind itself). "How does he get to work?" (get, work) becomes the commute's
    members; 他怎么去上班？ (去, 上班 and the job words ``idioms.plain_query`` adds) the same; "how does Tom
    commute?" keeps tom and commut beside them. ``tokens`` unchanged (a new list) when the query names no
    ``compete`` kind.
    """
    out = list(tokens)
    for kind in load_fallback_kinds():
        runs = kind.asking_terms(tokens, query) if kind.compete else None
        if runs is None:
            continue
        dropped = {t for run in runs if len(run) > 1 or run not in kind.names for t in run}
        out = [t for t in out if t not in dropped]
        out += [t for t in kind.members if t not in out]
    return out


def fallback_rankings(tokens: Sequence[str], rankings: Sequence[tuple[np.ndarray, float]], lexical: LiveBM25,
                      depth: int, mask: np.ndarray | None, weight: float,
                      query: str = "") -> list[tuple[np.ndarray, float]]:
    """[(ranking of the named general words' members, ``weight``)] when every ranking of ``rankings`` is empty.

    Args:
        tokens: the query's index terms; ``query`` its text (for the kinds' ``asked`` patterns).
        rankings: the (slots, RRF weight) rankings made so far for the query (any embedder).
        lexical: the items' BM25 index; ``depth`` and ``mask`` as the search's (``LiveBM25.ranked``).
        weight: its RRF weight (``HybridSettings.w_category``; 0 turns it off).

    Returns:
        [] when some ranking found an item, the weight is 0, the query names no general word or no item holds
        a member; else one ranking.
    """
    if not weight or any(r.shape[0] for r, _ in rankings):
        return []
    members = fallback_terms(tokens, query)
    found = lexical.ranked(members, depth, mask) if members else np.empty(0, np.int64)
    return [(found, weight)] if found.shape[0] else []
