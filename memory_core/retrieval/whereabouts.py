"""Whereabouts questions: "where am I this week?" / "我这周在哪？" is answered by a current stay before the home.

A question asking where the user *is* (not where they live, work or come
from) names neither the trip nor the home: its words meet neither memory. It
searches the stay categories' members (``categories.yaml`` entries flagged
``stay: true``: trip, hotel, conference, 出差, 酒店 …) and, at half weight,
the words of where someone lives, so a user with no trip gets the home; and a
stay that holds at the asked time (an event the user said whose validity
window covers it: "this week", else the last days before the reference time)
is put first, as a temporary state answers "where am I" before a lasting one
(DESIGN invariant 9: a temporary state never replaces a lasting one, and is
still what is current while it lasts).
"""

from __future__ import annotations

import functools
import re

import numpy as np

from memory_core.model import Kind, MemoryItem, Trust
from memory_core.shipped_yaml import load_shipped
from memory_core.text.tokenize import tokenize

__all__ = ["NOW_SPAN_S", "asks_whereabouts", "holding_stays_first", "whereabouts_terms"]

#: With no time cue ("where am I right now?"), a stay counts as current when it holds within this many seconds
#: before the reference time (the user's latest memory).
NOW_SPAN_S = 3 * 86400.0

#: Short spans ("住哪" with one asks the stay: "我这几天住哪？"); "now" words ask the stay with "在哪" only
#: ("我现在在哪？"; "我现在住在哪个城市？" asks the home).
_ZH_WHEN = "这周|这星期|这礼拜|本周|这几天|这两天|今天|今晚|明天|后天|下周|这个周末|这周末|最近几天"
_ZH_NOW = "现在|目前|此刻|这会儿"
_WHEREABOUTS = re.compile(
    r"\bwhere\s+(?:am\s+I|will\s+I\s+be|I'?ll\s+be|I'?m\s+at)\b(?!\s+(?:from|working|living|employed|based|"
    r"studying|registered|in\s+my\b))|\bwhere\s+(?:am\s+I|will\s+I\s+be)\s+staying\b"
    rf"|我(?:{_ZH_WHEN}|{_ZH_NOW})?(?:人)?在哪(?:里|儿)?(?=[呢啊呀吗嘛]|[？?。！!，,]|\s|$)|我(?:{_ZH_WHEN})住(?:在)?哪",
    re.IGNORECASE)
#: Words of where someone lives, searched at half weight (the home answers when no stay does).
_HOME_WORDS = ("live", "lives", "living", "based", "住", "住在", "定居", "家在")


def asks_whereabouts(query: str) -> bool:
    """True when ``query`` asks where the user is ("where am I this week?", "我现在在哪？", "我这几天住哪？").

    A verb after "where am I" asks something else ("where am I working?"), as does "在哪" followed by one
    ("我在哪工作？").
    """
    return _WHEREABOUTS.search(query) is not None


@functools.lru_cache(maxsize=1)
def whereabouts_terms() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the stay categories' member terms, the home words' terms) a whereabouts question searches; cached."""
    raw = load_shipped("data", "categories.yaml")
    stays = dict.fromkeys(t for entry in raw if isinstance(entry, dict) and entry.get("stay")
                          for m in entry.get("members", ()) for t in tokenize(str(m)))
    home = dict.fromkeys(t for w in _HOME_WORDS for t in tokenize(w))
    return tuple(stays), tuple(home)


def _holds(item: MemoryItem | None, since: float, until: float) -> bool:
    """True for a stay the user said (an event with an end) whose validity overlaps [since, until)."""
    if item is None or item.kind != Kind.EVENT or item.valid_until is None or item.trust != Trust.USER:
        return False
    start = (item.valid_from or item.created_at).timestamp()
    return start < until and item.valid_until.timestamp() > since


def holding_stays_first(items: list[MemoryItem | None], order: np.ndarray, scores: np.ndarray,
                        window: tuple[float, float]) -> tuple[np.ndarray, np.ndarray]:
    """``order`` (slots, best first) and their ``scores`` with the stays holding in ``window`` (epoch s) moved to
    the front, each group's order kept."""
    holding = np.array([_holds(items[j], *window) for j in order.tolist()], dtype=bool)
    if not holding.any() or holding.all():
        return order, scores
    resort = np.concatenate([np.flatnonzero(holding), np.flatnonzero(~holding)])
    return order[resort], scores[resort]
