"""Whether a raw turn's curated items say what the turn says (recall's "one result per source" rule).

A curated item below ``rerank.CURATED_CONFIDENCE`` (a free-form like, the
looser "I'm a …" reading) does not take its raw turn's place in recall,
because such a turn usually says more than the item. When the turn says
nothing more — "我喜欢吃辣" and the preference "用户喜欢吃辣", or "Hi, I'm
Alex. I love basketball" and its name and like items together — showing the
raw turn instead of the curated memory only shows the user's words twice
over (issue 13, "prefer the curated item, keep the turn as its provenance").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence

import numpy as np

from memory_core.model import Kind, MemoryItem, Status
from memory_core.text.tokenize import tokenize

__all__ = ["COVER_SHARE", "LOOSE_CONFIDENCE", "covered_by", "covering_item"]

#: Share of the turn's distinct terms (after stopwords, stemmed) the items must hold together.
COVER_SHARE = 0.75
#: The least sure curated item that may stand for a turn it covers (the "I'm a …" rule reads 0.6).
LOOSE_CONFIDENCE = 0.6

_SPEAKER = re.compile(r"^[^:：\n]{1,40}[:：]\s*")


def covered_by(turn_text: str, item_texts: Iterable[str], lexicon: frozenset[str] = frozenset()) -> bool:
    """True when ``item_texts`` hold at least ``COVER_SHARE`` of the terms of ``turn_text``.

    Args:
        turn_text: the raw turn's item text ("speaker: words"; the speaker is left out).
        item_texts: descriptions of the curated items the turn produced.
        lexicon: the user's lexicon for Chinese segmentation (``tokenize``'s argument).

    Returns:
        False for a turn without terms (emoji aside, nothing to compare).
    """
    terms = set(tokenize(_SPEAKER.sub("", turn_text, count=1), lexicon))
    if not terms:
        return False
    said: set[str] = set()
    for text in item_texts:
        said.update(tokenize(text, lexicon))
    return len(terms & said) >= COVER_SHARE * len(terms)


def covering_item(event: MemoryItem, items: Sequence[MemoryItem | None], slots_by_turn: Mapping[str, Iterable[int]],
                  mask: np.ndarray | None, ranks: Mapping[int, int], may_show: Callable[[int], bool],
                  lexicon: frozenset[str] = frozenset()) -> int | None:
    """The slot of the curated item that stands for ``event`` when its less sure items cover it.

    Args:
        event: a raw-turn (event) item.
        items: the index's items by slot (None: a removed slot).
        slots_by_turn: turn id -> slots of the items made from it.
        mask: the recall's filter mask over slots (None: every slot allowed).
        ranks: slot -> position in this recall's short list (unranked slots go last).
        may_show: whether a covering item may stand for the turn (a name statement only when a
            name is asked).

    Returns:
        The best-ranked active curated item of at least ``LOOSE_CONFIDENCE`` made from the event's
        turns alone, when together those items hold ``COVER_SHARE`` of the turn's terms; else None.
        An item that other turns also said (a restatement's merge) keeps recall's partial rule: it
        follows the turns it has not shown yet.
    """
    loose = [c for t in event.source for c in slots_by_turn.get(t, ())
             if (item := items[c]) is not None and item.kind != Kind.EVENT and item.status == Status.ACTIVE
             and item.confidence >= LOOSE_CONFIDENCE and (mask is None or mask[c])
             and set(item.source) <= set(event.source)]  # made from this turn alone: no restatement's merge
    if not loose or not covered_by(event.description, [items[c].description for c in loose],  # type: ignore[union-attr]
                                   lexicon):
        return None
    shown = [c for c in loose if may_show(c)]
    return min(shown, key=lambda c: (ranks.get(c, len(ranks)), c)) if shown else None
