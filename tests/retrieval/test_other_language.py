"""Dense hits in the other language than the query, ranked above every hit in its own (other_language)."""

from __future__ import annotations

import numpy as np
import pytest

from memory_core.model import MemoryItem
from memory_core.retrieval.other_language import other_language_hits

ITEMS = [MemoryItem.create("u", text, "life") for text in (
    "我最喜欢的歌手是周杰伦", "我们打算去京都度蜜月", "My favourite dish is mapo tofu",
    "I'm saving up for a trip to Iceland")]


def _hits(query: str, order: list[int], sims: list[float], floor: float = 0.15) -> list[int]:
    return other_language_hits(query, np.array(order, dtype=np.int64), np.array(sims, dtype=np.float32),
                               [*ITEMS, None], floor).tolist()


@pytest.mark.parametrize("query, order, lead", [
    ("Who is my favourite singer?", [0, 1, 2, 3], [0, 1]),  # the two Chinese memories lead
    ("我们蜜月去哪里？", [3, 2, 0], [3, 2]),  # the two English memories lead
    ("我们蜜月去哪里？", [1, 3], []),  # meaning itself ranks a Chinese memory first: the words may be right
    ("What dish do I like?", [2, 0], []),
])
def test_only_the_leading_hits_in_the_other_language_count(query, order, lead) -> None:
    assert _hits(query, order, [0.5 - 0.05 * n for n in range(len(order))]) == lead


def test_a_hit_below_the_floor_or_a_dead_slot_ends_the_lead() -> None:
    assert _hits("Who is my favourite singer?", [0, 1], [0.4, 0.1]) == [0]
    assert _hits("Who is my favourite singer?", [0, 4, 1], [0.4, 0.3, 0.3]) == [0]
    assert _hits("我们蜜月去哪里？", [3], [0.12]) == []
    assert _hits("我们蜜月去哪里？", [], []) == []
