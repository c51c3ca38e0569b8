""""How many … now?": the newest result giving a number for the thing asked comes first (issue 14, trial 38).

A count changes by events nobody restates as a fact ("家里有两百多只羊", months later "羊卖了一百一十只，留了九十来只"):
the first turn made a curated item, the later one stayed a raw turn, and both match "他家现在有多少只羊？"; the item
matched more of the question's words and came first, so the old count was read as the current one.

``latest_count_first`` moves, for a question about the present (``stale_last.asks_present``) that asks a quantity
(``asks_count``: 多少, 几只, "how many", "how much"), the newest result that names a thing the question names
(one of its own terms, the quantity words aside) and a number in one clause right before the first older such result.
Every other result keeps its place; a question about the past keeps the fused order.

Only the user's own counts take part: an assistant's or a tool's turn ("12-hour days at an offsite…"), a clause
about another person the question does not ask about ("my brother just had his fifth", "我老婆她们公司要招到 80
个", "he's got 5 kids now"; "我和老公有两个孩子" and "my wife and I have three cats" stay the user's), a supposition
("if I got a second dog…", 要是再养一只) and a turn about a temporary stay (the write path's ``temporary`` marker:
"at the offsite all week … 12 hour days", 这两周出差…一周练一次) give no current count
(a blind dev batch of counts, d23).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

import numpy as np

from memory_core.model import Kind, MemoryItem
from memory_core.pipeline.slot_questions import marker
from memory_core.retrieval.stale_last import asks_present
from memory_core.text.relations import relation_pattern
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
#: A supposition in the clause: its number is no count the user holds.
_SUPPOSED = re.compile(r"\b(?:if|suppose|supposing|imagine|what\s+if)\b|如果|要是|假如|假设|万一", re.IGNORECASE)
#: A relation said together with the speaker ("我和老公", "my wife and I"): the count is the user's too.
_WITH_ME = re.compile(r"(?:我|咱)(?:和|跟|与)$|\bme\s+and\s+(?:my\s+)?$|^\s*(?:and|&)\s+(?:i|me)\b", re.IGNORECASE)
#: A clause whose subject is another person by a pronoun ("he's got 5 kids now", 她家有三只猫).
_THIRD = re.compile(r"^\s*(?:he|she|they)\b|^\s*(?:他|她)", re.IGNORECASE)
#: Who speaks in a turn that is no statement of the user's.
_NOT_USER = frozenset({"assistant", "tool", "system"})
_NOT_THINGS = frozenset({"多少", "几", "现在", "目前", "如今", "now", "current", "currentli", "mani", "much",
                         "still", "还"})


def asks_count(query: str) -> bool:
    """True when ``query`` asks a quantity: 多少, 几 with a measure word (几只, 几个), "how many", "how much"."""
    return bool(_COUNT_QUESTION.search(query))


def _others(clause: str, query: str) -> bool:
    """True when ``clause`` opens on he, she or they (他, 她), or names a relation ("brother", 老婆) that ``query``
    does not name, other than one said together with the speaker ("我和老公", "my wife and I")."""
    folded, asked = clause.casefold(), query.casefold()
    if _THIRD.search(folded):
        return True
    for m in relation_pattern().finditer(folded):
        if m.group(0) in asked:
            continue
        before, after = folded[max(0, m.start() - 12):m.start()], folded[m.end():m.end() + 8]
        if _WITH_ME.search(before) or _WITH_ME.search(after):
            continue
        return True
    return False


def _counts(text: str, things: set[str], query: str) -> bool:
    """True when a clause of ``text`` names one of ``things`` (index terms) and holds a number, and is neither a
    supposition nor about a person ``query`` does not ask about."""
    return any(_NUMBER.search(clause) and things & set(tokenize(clause)) and not _SUPPOSED.search(clause)
               and not _others(clause, query) for clause in _CLAUSE.split(text))


def _users_word(item: MemoryItem) -> bool:
    """False for a turn the assistant, a tool or the system said, and for a text about a temporary stay."""
    if item.kind == Kind.EVENT and item.speaker in _NOT_USER:
        return False
    folded = item.description.casefold()
    return not (marker("en", "temporary").search(folded) or marker("zh", "temporary").search(folded))


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
        if item is not None and _users_word(item) and _counts(item.description, things, query):
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
