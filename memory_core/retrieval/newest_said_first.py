"""Of two results about the same thing, the one said later comes first (issue 13/14: the current value first).

The user says a thing, and later says it again changed: "每天一杯奶茶续命" then, weeks on, "奶茶戒了";
"My mom lives in Harbin" then "mom moved to Sanya last winter"; "网易云年度报告出来了" then "换QQ音乐了". When
no slot key links the two (the first turn made no item, or the two items took different keys) nothing marks
the first as superseded, and the older one, matching the question's words better, was read first.

``newest_said_first`` reads the short list of a question about the present: a result said later than a result
ranked above it, when both hold a rare word of the user's memory (``shares``: the thing they are both about,
奶茶, "Sanya", 网易云, held by few of the user's items), moves right above the first such older result. Both
are kept (the older is history); only the order changes, and only among the first ``reach`` results, so the
set recalled is the same. A later result that only asks or supposes ("what if we adopted a golden?",
"如果真给 early retirement package …": ``turn_shape``), a turn the write path made no lasting item of (a plan, a
trip), a fact of someone else put before the user's own, a superseded item, a summary and what an assistant or a
tool said never move: they do not state the present (``states_now``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from datetime import datetime

import numpy as np

from memory_core.model import Kind, MemoryItem, Status, Trust
from memory_core.retrieval.live_bm25 import LiveBM25
from memory_core.retrieval.turn_shape import hypothetical, key_subject, only_question
from memory_core.shipped_yaml import load_shipped
from memory_core.text.tokenize import tokenize

__all__ = ["NOW_REACH", "RARE_LEAST", "newest_said_first", "rare_words_shared", "states_now"]

#: A word held by at most this many live items is rare: what a few statements are about, not how the user talks.
#: A count, not a share of the memory: 10 % of a long conversation's 700 items is every content word it has.
RARE_LEAST = 3
#: Only the first this many results are reordered: the short list read first, so which results a longer list
#: holds never changes (LoCoMo dev, 2 conversations, lexical: reach k = 20 R@10 0.800 -> 0.796, reach 5 0.800).
NOW_REACH = 5
@functools.cache
def _subject() -> frozenset[str]:
    """The words naming the user themself ("User", 用户): never what two items are about
    (``data/newest_said_first.yaml``). Read on first use: tokenizing at import loaded the segmenter (and its cache
    folder) in every command, even one refused before it reads anything."""
    return frozenset(t for w in load_shipped("data", "newest_said_first.yaml")["subject_words"] for t in tokenize(w))


def _when(item: MemoryItem) -> datetime:
    return item.valid_from or item.created_at


def states_now(item: MemoryItem | None, lasting: Callable[[MemoryItem], bool]) -> bool:
    """True when ``item`` may stand for the present before an older result: an active statement of the user
    (trust user) that holds for good. A curated item with no end (``valid_until``: a trip, a temporary state
    ends); a raw turn that is no bare question or supposition and from which the write path made a lasting
    curated item (``lasting(item)``): "thinking of moving to Berlin", "这周在北京出差" made none, and tell of a
    plan or a stay, not of how things are now. Never a summary.
    """
    if item is None or item.status != Status.ACTIVE or item.kind == Kind.SUMMARY or item.trust != Trust.USER:
        return False
    if item.kind == Kind.EVENT:
        return not (only_question(item.description, item.speaker) or hypothetical(item.description, item.speaker)) \
            and lasting(item)
    return item.valid_until is None


def _same_person(older: MemoryItem, newer: MemoryItem) -> bool:
    """False when the two name different speakers, or ``newer`` is a fact of someone else (its slot key
    names a relation, ``turn_shape.key_subject``) and ``older`` is not a fact of that same person: "User's kid
    studies at Little Acorns" says nothing new of "User studies at Boston University"."""
    if older.speaker and newer.speaker and older.speaker != newer.speaker:
        return False  # another speaker of the conversation (LoCoMo's two friends) says their own things
    whose = key_subject(newer.key or "")
    return not whose or key_subject(older.key or "") == whose


def newest_said_first(items: Sequence[MemoryItem | None], order: np.ndarray, scores: np.ndarray, reach: int,
                      shares: Callable[[int, int], bool],
                      lasting: Callable[[MemoryItem], bool]) -> tuple[np.ndarray, np.ndarray]:
    """``order`` (slots into ``items``, best first) and ``scores`` with each result that states the present
    (``states_now``, ``lasting`` as there) moved right before the first result ranked above it that was said
    earlier (``valid_from``, else ``created_at``; from another turn), of the same person (``_same_person``), and
    shares a rare word with it (``shares(slot_a, slot_b)``); unchanged when there is none. A moved result takes
    the score of the one it now precedes, so scores stay in rank order.

    Only the first ``reach`` results are read and reordered; the rest keep their places.

    Raises nothing; shapes: ``order`` and ``scores`` of the same length, returned so.
    """
    slots = order.tolist()
    n = min(reach, len(slots))
    if n < 2:
        return order, scores
    positions = list(range(len(slots)))
    for b in range(1, n):
        item = items[slots[b]]
        if not states_now(item, lasting):
            continue
        assert item is not None  # states_now
        at = positions.index(b)
        for m, p in enumerate(positions[:at]):
            other = items[slots[p]]
            if other is not None and _when(other) < _when(item) and not set(other.source) & set(item.source) \
                    and _same_person(other, item) and shares(slots[p], slots[b]):
                positions.remove(b)
                positions.insert(m, b)
                break
    if positions == list(range(len(slots))):
        return order, scores
    ranked = sorted((float(scores[p]) for p in positions), reverse=True)
    return order[np.array(positions, dtype=np.int64)], np.array(ranked)


def rare_words_shared(lexical: LiveBM25, lexicon: frozenset[str],
                      items: Sequence[MemoryItem | None]) -> Callable[[int, int], bool]:
    """A ``shares`` test for ``newest_said_first``: True when the items in two slots hold a common index term
    held by at most ``RARE_LEAST`` live items whatever the memory's size, the speaker's name and the words
    naming the user (``_subject``) left out. Memoises each slot's terms.
    """
    terms: dict[int, set[str]] = {}

    def words(slot: int) -> set[str]:
        found = terms.get(slot)
        if found is None:
            item = items[slot]
            found = set() if item is None else set(tokenize(item.description, lexicon)) - _subject()
            if item is not None and item.speaker:
                found -= set(tokenize(item.speaker, lexicon))
            terms[slot] = found
        return found

    def shares(a: int, b: int) -> bool:
        return any(lexical.df_of(t) <= RARE_LEAST for t in words(a) & words(b))

    return shares
