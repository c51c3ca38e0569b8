"""Dense hits written in the other language than the query: words cannot find them, so meaning weighs in full.

The dense ranking's weight falls as the query's words are found in the
memory (``stages.HybridSettings.w_dense_miss``: full when nothing matched,
``w_dense`` alone once the best lexical item holds ``miss_below`` of the
query's idf mass). That is right for memories in the query's language: a
memory that answers in the same words is found by BM25 as well. A memory
in the other language shares no word with the query by construction
("Who is my favourite singer?" and "我最喜欢的歌手是周杰伦"): whatever the
query's words matched ("favourite" in "my favourite dish") says nothing
about it, and the weight taken from the dense ranking for those matches
leaves it below them. So when meaning ranks other-language memories above
every memory in the query's language, those leading hits also form one more
ranking with the weight the coverage took away: they weigh as the dense
ranking weighs when no word matched. Hits below ``dense_floor_unmatched``
do not (the same test as for a query that matched nothing), nor do
other-language hits that meaning itself ranks below a memory in the query's
language (there, the words that matched may well be right).

A text's language is read from its share of CJK characters (``centering.cjk_share``,
the split the language centering of the vectors uses): above one half, Chinese.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from memory_core.embedding.centering import cjk_share
from memory_core.model import MemoryItem

__all__ = ["other_language_hits", "reads_chinese"]


def reads_chinese(text: str) -> bool:
    """True when more than half of ``text``'s non-space characters are CJK (``centering.cjk_share``): the split of
    a query or a memory into Chinese and English that the other-language stages use."""
    return cjk_share(text) > 0.5


def other_language_hits(query: str, slots: np.ndarray, sims: np.ndarray, items: Sequence[MemoryItem | None],
                        floor: float) -> np.ndarray:
    """The dense hits ``slots`` ranks above every hit in the query's language: in the other language, >= ``floor``.

    Args:
        query: the query text.
        slots: shape (n,) int64 dense ranking; sims: shape (n,) their cosines.
        items: the index's items by slot (None for a dead slot).
        floor: least cosine a hit needs (``HybridSettings.dense_floor_unmatched``).

    Returns:
        Shape (m,) int64, the first m of ``slots`` (m = 0 when the best hit is in the query's language).
    """
    if not slots.shape[0]:
        return slots
    zh = reads_chinese(query)
    lead = 0
    for j, s in zip(slots.tolist(), sims.tolist(), strict=True):
        item = items[j]
        if s < floor or item is None or reads_chinese(item.description) == zh:
            break
        lead += 1
    return slots[:lead]
