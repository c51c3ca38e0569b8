"""Whether a raw turn says more of what a query asks than the items made from it.

A long turn ("…my best friend Zhou Wei is moving to Shenzhen. Oh and I
started running…", "…和室友老张吃了烧烤，他下个月去新加坡…") often yields one
curated item ("User runs every morning") while the rest of what it says
lives only in the turn. Two rules of ``rerank`` let such an item stand for its
turn: the curated item takes the turn's place (``Diverse._diverse``), and a
turn whose items were all superseded weighs ``superseded_event_factor``
(``Reranks.asked_stale``). Both are right when the query asks what the item
says, and wrong when the query names something only the turn holds: the
turn then disappears behind a hobby fact.

``says_beyond`` tells the two apart: the turn holds a query term written as
a name (a capitalised word after the first, "老张"/"小林"/"阿强") that none of
its stand-in items hold. Only names count: a rare common word ("养", "开")
held by the old turn and not by its item is how a question about an attribute
meets the turn that said the old value, and there the current item must still
stand first (measured: five behaviour cases regressed with any word in at
most two documents counting). A Chinese full name ("周伟") is not recognised.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np

from memory_core.retrieval.live_bm25 import LiveBM25
from memory_core.text.tokenize import tokenize

__all__ = ["name_terms", "says_beyond"]

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
    """True when slot ``turn`` holds a name of the query that no slot of ``stand_ins`` holds.

    Args:
        lexical: the user's item BM25 (documents are slots).
        asked: the query's index terms.
        turn: the raw turn's slot.
        stand_ins: the slots of the items that would stand for it (curated, or superseded).
        names: query terms written as names (``name_terms``).

    Returns:
        False when the turn holds no asked name beyond its items (the item may stand for it).
    """
    if not names:
        return False
    others = np.array(sorted(set(stand_ins)), dtype=np.int64)
    one = np.array([turn], dtype=np.int64)
    for term in sorted(names.intersection(asked)):
        if lexical.scores_of([term], one)[0] <= 0:
            continue
        if others.shape[0] and (lexical.scores_of([term], others) > 0).any():
            continue
        return True
    return False
