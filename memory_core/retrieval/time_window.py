"""A question's time window matched in each item's own local time, and ranked alone when nothing else matched.

- ``inside``: an item kept with its turn's UTC offset (``local_time``) is
  inside "on January 6" when its local date is January 6: a turn made at
  01:00 +08:00 on the 6th (17:00 UTC on the 5th) is. Items without an
  offset compare in UTC, as before. Only items within ±14 h of the window's
  edges are looked at one by one.
- ``window_ranking``: "what did I do on January 6?" holds no content word a
  memory shares ("do", "January 6" are a stopword and the cue), so no
  lexical ranking found anything and recall returned nothing although the
  day's turns were stored. When the content rankings are empty, the items
  inside the window are ranked by time (latest first) so the day's memories
  are what comes back. A query with any content match is left alone.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import numpy as np

from memory_core.local_time import MAX_OFFSET_S, offset_of
from memory_core.retrieval.idioms import plain_query
from memory_core.text.timecues import parse_time_cue
from memory_core.text.tokenize import tokenize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from memory_core.retrieval.item_table import ItemTable

__all__ = ["ACTIVITY_WORDS", "asks_only_period", "inside", "only_time_asked", "window_ranking"]

#: At most this many items of a window are ranked (a "last year" window holds a year of turns).
MAX_WINDOW_ITEMS = 200


def inside(table: ItemTable, docs: np.ndarray, window: tuple[float, float]) -> np.ndarray:
    """Shape (len(docs),) bool: each doc's time, in its own local time when it has an offset, is in ``window``.

    Args:
        table: the index's item table (``times`` in epoch seconds, ``items``).
        docs: slot numbers.
        window: [start, end) in epoch seconds, as ``timecues`` gives it.
    """
    times = table.times[docs]
    start, end = window
    hit = (times >= start) & (times < end)
    near = (times >= start - MAX_OFFSET_S) & (times < end + MAX_OFFSET_S)
    items = table.items
    for n in np.flatnonzero(near).tolist():
        item = items[int(docs[n])]
        minutes = offset_of(item.meta) if item is not None else 0
        if minutes:
            at = float(times[n]) + minutes * 60
            hit[n] = start <= at < end
    return hit


def window_ranking(table: ItemTable, window: tuple[float, float], alive: np.ndarray,
                   mask: np.ndarray | None) -> np.ndarray:
    """Slots of the live (and filtered) items inside ``window``, latest first, at most ``MAX_WINDOW_ITEMS``.

    Args:
        table: the index's item table.
        window: [start, end) epoch seconds.
        alive: shape (n_slots,) bool, the live slots.
        mask: shape (n_slots,) bool filter, or None.
    """
    n = alive.shape[0]
    times = table.times[:n]
    near = alive & (times >= window[0] - MAX_OFFSET_S) & (times < window[1] + MAX_OFFSET_S)
    if mask is not None:
        near &= mask[:n]
    docs = np.flatnonzero(near)
    if not docs.shape[0]:
        return docs
    docs = docs[inside(table, docs, window)]
    order = np.argsort(-table.times[docs], kind="stable")
    return docs[order][:MAX_WINDOW_ITEMS]


#: Words of "what did I do / what happened / anything new / how did it go" questions that name no content
#: ("做了什么", "干了啥", "有啥新鲜事", "过得怎么样"), as index terms ("anything" is "anyth").
ACTIVITY_WORDS = frozenset({"do", "happen", "go", "up", "went", "anyth", "someth", "new", "news", "tell",
                            "做", "干", "干嘛", "嘛", "啥", "发生", "事", "事情", "事儿", "过", "哪些", "忙", "新鲜",
                            "新鲜事", "过得", "情况", "份"})


def only_time_asked(query: str, cue_text: str, ranked_terms: Callable[[list[str]], bool],
                    lexicon: frozenset[str] = frozenset()) -> bool:
    """True when ``query`` without its time cue (``cue_text``) asks nothing a memory holds.

    Args:
        query: the raw query.
        cue_text: the words the time cue was read from (``TimeCue.text``).
        ranked_terms: whether any live item holds one of the given terms.
        lexicon: the user's Chinese names (as the index tokenizes with).
    """
    rest = query.lower().replace(cue_text, " ") if cue_text else query.lower()
    content = [t for t in tokenize(plain_query(rest), lexicon) if t not in ACTIVITY_WORDS]
    return not content or not ranked_terms(content)


def asks_only_period(query: str) -> bool:
    """True when ``query`` names a bounded period (a day, a month, last week, 上个月 …; no "before <event>") and
    nothing else a memory could hold: "How was last month?", "上个月怎么样？", "十月份我都干嘛了？".

    Such a question is answered by what is dated in the period, whatever its words
    (``lifecycle.broad.recall_with_summaries`` keeps the period's summaries that share no word with it).
    """
    cue = parse_time_cue(query, datetime.now(UTC))
    if cue is None or cue.anchor or cue.since is None or cue.until is None:
        return False
    rest = query.lower().replace(cue.text, " ") if cue.text else query.lower()
    return not [t for t in tokenize(plain_query(rest)) if t not in ACTIVITY_WORDS]
