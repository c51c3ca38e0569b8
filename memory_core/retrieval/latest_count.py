""""How many … now?": the newest result giving a number for the thing asked comes first (issue 14, trial 38).

A count changes by events nobody restates as a fact ("家里有两百多只羊", months later "羊卖了一百一十只，留了九十来只"):
the first turn made a curated item, the later one stayed a raw turn, and both match "他家现在有多少只羊？"; the item
matched more of the question's words and came first, so the old count was read as the current one.

``latest_count_first`` moves, for a question about the present (``stale_last.asks_present``) that asks a quantity
(``asks_count``: 多少, 几只, "how many", "how much"), the newest result that names a thing the question names
(one of its own terms, the quantity words aside) and a number in one clause right before the first older such result.
Every other result keeps its place; a question about the past keeps the fused order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

import numpy as np

from memory_core.model import MemoryItem
from memory_core.retrieval.stale_last import asks_present
from memory_core.text.tokenize import tokenize

__all__ = ["asks_count", "latest_count_first"]

_COUNT_QUESTION = re.compile(r"多少|几[只个头条匹口家间辆台套本岁年次]|\bhow\s+(?:many|much)\b", re.IGNORECASE)
#: A number in digits, or Chinese numerals before a measure word (两百多只, 九十来只, 十几头: not the 一 of 一看, 一直),
#: or an English number word.
_NUMBER = re.compile(r"\d|[零一二两三四五六七八九十百千万几]+[多来余]?[只个头条匹口家间辆台套本岁年次块元位]|"
                     r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|"
                     r"sixty|seventy|eighty|ninety|hundred|thousand|dozen)\b", re.IGNORECASE)
#: Clause ends, English and Chinese: the number must count the thing in its own clause.
_CLAUSE = re.compile(r"[,.;:!?，。；：！？、\n]")
#: The question's words that ask the quantity or the time, not the thing counted.
_NOT_THINGS = frozenset({"多少", "几", "现在", "目前", "如今", "now", "current", "currentli", "mani", "much",
                         "still", "还"})


def asks_count(query: str) -> bool:
    """True when ``query`` asks a quantity: 多少, 几 with a measure word (几只, 几个), "how many", "how much"."""
    return bool(_COUNT_QUESTION.search(query))


def _counts(text: str, things: set[str]) -> bool:
    """True when a clause of ``text`` names one of ``things`` (index terms) and holds a number."""
    return any(_NUMBER.search(clause) and things & set(tokenize(clause)) for clause in _CLAUSE.split(text))


def _when(item: MemoryItem) -> datetime:
    return item.valid_from or item.created_at


def latest_count_first(query: str, items: Sequence[MemoryItem | None], order: np.ndarray,
                       scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``order`` (shape (n,) slots into ``items``, best first) and ``scores`` with the newest result counting the
    asked thing moved right before the first older one (module docstring); unchanged for any other question, or
    when the newest such result already leads them. The moved result takes the score of the one it now precedes,
    so scores stay in rank order.
    """
    if not order.shape[0] or not asks_count(query) or not asks_present(query):
        return order, scores
    things = set(tokenize(query)) - _NOT_THINGS
    if not things:
        return order, scores
    counting = []
    for n, j in enumerate(order.tolist()):
        item = items[j]
        if item is not None and _counts(item.description, things):
            counting.append(n)
    if len(counting) < 2:
        return order, scores
    newest = max(counting, key=lambda n: _when(items[int(order[n])]))  # type: ignore[arg-type]
    first = counting[0]
    if newest == first:
        return order, scores
    moved = [*range(first), newest, *(n for n in range(first, order.shape[0]) if n != newest)]
    new_scores = scores.copy()
    new_scores[first] = scores[first]
    new_scores[first + 1:newest + 1] = scores[first:newest]
    return order[moved], new_scores
