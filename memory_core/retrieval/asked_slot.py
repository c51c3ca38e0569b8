"""A question about an attribute the user has a slot for: the turn that only shares the attribute's word weighs less.

"我在哪上班？" asks the job; the user's job item ("小周在招商银行工作", key
``fact:works_at…``, indexed with its question words 上班/工作/work …) answers
it. A raw turn that meets the question only through one of those words
("每天上班前都要来一杯美式": 上班 as a time of day) says nothing of the
attribute, yet a raw turn is found by several rankings (its own words, its
window, the second round) and outranked the item. ``off_slot_factors`` weighs
such a turn ``OFF_SLOT_FACTOR`` when the short list holds an active curated
item of the user's own asked slot and no curated item of that slot was made
from the turn: every query term the turn holds is one of the asked slot's
question words (a turn holding another query word, a value, a name, keeps its
weight). The slot key says what is asked (``pipeline.slots``), as in
``rerank.asked_stale``; a term-match that does not carry the query's sense is
the "keyword noise" of lexical retrieval (Manning et al., Introduction to
Information Retrieval, 2008, §9 on query–document term mismatch).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from memory_core.model import Kind, MemoryItem, Status
from memory_core.retrieval.turn_shape import key_subject

__all__ = ["OFF_SLOT_FACTOR", "off_slot_factors"]

#: Score factor of a raw turn meeting an attribute question only through the attribute's question words.
OFF_SLOT_FACTOR = 0.5


def off_slot_factors(items: Sequence[MemoryItem | None], docs: np.ndarray, terms: frozenset[str],
                     slot_words: Callable[[str], frozenset[str]], made_from: Callable[[int], list[int]],
                     holds: Callable[[str, np.ndarray], np.ndarray]) -> np.ndarray | None:
    """Shape (len(docs),) factors (``OFF_SLOT_FACTOR`` or 1) of the short list ``docs``; None when none applies.

    Args:
        items: the index's items by slot.
        docs: the short list's slots, best first.
        terms: the query's index terms.
        slot_words: a slot key's question words as index terms (``rerank._slot_words``).
        made_from: the slots of the curated items made from an event slot's turns (any status).
        holds: which of some slots' items hold an index term (shape like the slots, bool): one call per term.
    """
    asked_keys: set[str] = set()
    ask_words: set[str] = set()
    for j in docs.tolist():
        item = items[j]
        if item is None or item.kind == Kind.EVENT or item.status != Status.ACTIVE or not item.key \
                or key_subject(item.key) != "":
            continue
        words = slot_words(item.key) & terms
        if words:
            asked_keys.add(item.key)
            ask_words |= words
    if not asked_keys:
        return None
    events = [n for n, j in enumerate(docs.tolist()) if (item := items[j]) is not None and item.kind == Kind.EVENT
              and not any((made := items[c]) is not None and made.key in asked_keys for c in made_from(j))]
    if not events:
        return None
    slots = docs[np.array(events, dtype=np.int64)]
    other = np.zeros(slots.shape[0], dtype=bool)  # holds a query term beyond the asked slot's words
    asked = np.zeros(slots.shape[0], dtype=bool)  # holds one of them
    for term in terms:
        found = np.asarray(holds(term, slots), dtype=bool)
        if term in ask_words:
            asked |= found
        else:
            other |= found
    off = asked & ~other
    if not off.any():
        return None
    out = np.ones(docs.shape[0])
    out[np.array(events, dtype=np.int64)[off]] = OFF_SLOT_FACTOR
    return out
