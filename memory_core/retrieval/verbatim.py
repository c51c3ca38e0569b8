"""A query that is an item's own words, word for word, gets that item first.

Recall fuses several rankings (the items' own words, each item's turn read
with its neighbours, a second round on the top items' rare terms, meaning,
reranks). Among one user's look-alike lines written into one conversation
("Client 3 note 1: I planted 1301 tulip bulbs …" beside "客户端0第1条：…1001…"
and "Client 0 note 0: …1000…"), the neighbour rankings read every line's
neighbours too, so the line whose exact words were asked could fall below
five of its look-alikes: measured in-process, no workers, seven such lines
interleaved as four writers send them (``tests/retrieval/test_verbatim_first.py``;
issue 17, the HTTP read-your-writes test's one CI failure). The items' own
ranking put it first every time. A user searching for the exact words of
something they said expects that item, and an agent checking its own write
(read your writes) searches exactly so: ``verbatim_first`` moves it to the
head of the final order.

What counts as the same words: the texts after Unicode NFKC, case folding,
runs of whitespace made one space, and trailing sentence punctuation
dropped; a raw turn's item (an EVENT, ``"{speaker}: {text}"``) is compared by
its text. Only current items are moved (active and not a turn all
superseded): an old value said the same way keeps the place its ranking
gave it. The candidates are the head of the items' own ranking, where a
verbatim item stands (``VERBATIM_DEPTH``), so the check costs a few string
comparisons per search (a text whose length is far from the query's is
not made plain): 56 µs per search with no match on a 2-core machine at load
average 11, where ``sum(range(100))`` took 8 µs in the same process.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

import numpy as np

from memory_core.model import Kind, MemoryItem, Status

__all__ = ["VERBATIM_DEPTH", "same_words", "verbatim_first"]

#: How many of the items' own ranking's head are compared with the query.
VERBATIM_DEPTH = 8
_SPACE = re.compile(r"\s+")
_END = " \t\n.。!！?？…"


def _plain(text: str) -> str:
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip().rstrip(_END)


def same_words(query: str, item: MemoryItem) -> bool:
    """Whether ``query`` is ``item``'s own words (its description, or a raw turn item's text), as above."""
    asked = _plain(query)
    return bool(asked) and _said(asked, item)


def _said(asked: str, item: MemoryItem) -> bool:
    """``same_words`` for a query already made plain; a text of another length is not made plain at all."""
    text = item.description
    if item.kind == Kind.EVENT and ": " in text:
        text = text.split(": ", 1)[1]
    for said in (text, item.description):
        if abs(len(said) - len(asked)) <= len(asked) // 4 + 4 and _plain(said) == asked:
            return True
    return False


def verbatim_first(query: str, items: Sequence[MemoryItem | None], head: np.ndarray, order: np.ndarray,
                   scores: np.ndarray, stale: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``order`` (slots, best first) and ``scores`` with the current item whose own words ``query`` is first.

    Args:
        items: the index's items by slot (None: a dead slot).
        head: the items' own ranking for the query (slots, best first, the filters applied); its first
            ``VERBATIM_DEPTH`` are the candidates.
        order, scores: the final order and its scores (same length).
        stale: per slot, True for a raw turn all superseded.

    Returns:
        ``(order, scores)``: unchanged when no candidate qualifies; else the first qualifying candidate
        moved (or brought) to the head, its score raised to the head's so the scores stay best first.
    """
    asked = _plain(query)
    for j in head[:VERBATIM_DEPTH].tolist() if asked else ():
        item = items[j]
        if item is None or item.status != Status.ACTIVE or (j < stale.shape[0] and bool(stale[j])):
            continue
        if not _said(asked, item):
            continue
        at = np.flatnonzero(order == j)
        if at.shape[0] and at[0] == 0:
            return order, scores
        top = float(scores[0]) if scores.shape[0] else 1.0
        own = float(scores[at[0]]) if at.shape[0] else top
        rest = np.ones(order.shape[0], dtype=bool)
        if at.shape[0]:
            rest[at[0]] = False
        new_order = np.concatenate([np.array([j], dtype=order.dtype), order[rest]])
        new_scores = np.concatenate([np.array([max(top, own)], dtype=scores.dtype), scores[rest]])
        return new_order, new_scores
    return order, scores
