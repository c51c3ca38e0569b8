"""Whether a raw turn says more of what a query asks than the items made from it.

A long turn ("…my best friend Zhou Wei is moving to Shenzhen. Oh and I
started running…", "…和室友老张吃了烧烤，他下个月去新加坡…") often yields one
curated item ("User runs every morning") while the rest of what it says
lives only in the turn. Two rules of ``rerank`` let such an item stand for its
turn: the curated item takes the turn's place (``Reranks._diverse``), and a
turn whose items were all superseded weighs ``superseded_event_factor``
(``Reranks.asked_stale``). Both are right when the query asks what the item
says, and wrong when the query names something only the turn holds: the
turn then disappears behind a hobby fact.

``says_beyond`` tells the two apart: the turn holds a *telling* query term
that none of its stand-in items hold. A term is telling when it is rare in
the user's index (in at most ``RARE_DF`` live documents: a proper name, a
place, a drug, a word said once) or when the query writes it as a name (a
capitalised word after the first, "老张"/"小林"/"阿强"). Common words ("live",
"work", "住") are never telling, so "where do I live?" still gets the current
fact, not the old turn.

Source of the idea: BM25's own inverse document frequency (Robertson &
Zaragoza 2009, "The Probabilistic Relevance Framework"): a term in few
documents carries the query.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np

from memory_core.retrieval.live_bm25 import LiveBM25
from memory_core.text.tokenize import tokenize

__all__ = ["RARE_DF", "name_terms", "says_beyond"]

#: A query term held by at most this many live documents is telling (a name, a place, a word said once).
RARE_DF = 2
_LATIN_NAME = re.compile(r"(?<=[A-Za-z,;:]\s)([A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+)*)")
_HAN_NICKNAME = re.compile(r"[老小阿][\u4e00-\u9fff]")


def name_terms(query: str, lexicon: frozenset[str]) -> frozenset[str]:
    """Index terms of the words ``query`` writes as names: capitalised words after the first, 老X/小X/阿X.

    "where is Zhou Wei moving?" → {"zhou", "wei"}; "where is 老张 going?" → {"老张"} (as the
    lexicon cuts it); "Where do I live?" → {} ("I" and the first word are not names).
    """
    found = [m.group(1) for m in _LATIN_NAME.finditer(query) if m.group(1) != "I"]
    found += [m.group(0) for m in _HAN_NICKNAME.finditer(query)]
    if not found:
        return frozenset()
    return frozenset(t for text in found for t in tokenize(text, lexicon))


def says_beyond(lexical: LiveBM25, asked: Iterable[str], turn: int, stand_ins: Iterable[int],
                names: frozenset[str] = frozenset()) -> bool:
    """True when slot ``turn`` holds a telling query term that no slot of ``stand_ins`` holds.

    Args:
        lexical: the user's item BM25 (documents are slots).
        asked: the query's index terms.
        turn: the raw turn's slot.
        stand_ins: the slots of the items that would stand for it (curated, or superseded).
        names: query terms written as names (``name_terms``): telling however common.

    Returns:
        False when the turn holds no telling term beyond its items (the item may stand for it).
    """
    others = np.array(sorted(set(stand_ins)), dtype=np.int64)
    one = np.array([turn], dtype=np.int64)
    for term in sorted(set(asked)):
        if lexical.scores_of([term], one)[0] <= 0:
            continue
        if others.shape[0] and (lexical.scores_of([term], others) > 0).any():
            continue
        if term in names or lexical.candidates([term])[0].shape[0] <= RARE_DF:
            return True
    return False
