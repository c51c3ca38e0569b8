"""A when-question is answered by the turn that says when: "When did she go camping?" meets "we went camping last week".

Asked when something happened ("When did …", "How long ago …", 什么时候, 哪天, 几号 …), the
turn that tells of it usually places it in time in its own words ("yesterday", "two weeks ago",
"last Saturday", 上周末, 三天前, 5月3日), and the session date then dates it; later turns that
mention the same thing again ("the camping trip was great") rarely do. ``when_factors`` gives a raw
turn (an event item) of the short list that says no time ``factor``, when the query asks when; curated
items keep their weight (their text is rewritten and may have left the time word out, their dates are
their own). A factor, never a filter. The words of both sides are data (``data/time_said.yaml``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

import numpy as np

from memory_core.model import Kind, MemoryItem
from memory_core.shipped_yaml import load_shipped

__all__ = ["asks_when", "says_time", "when_factors"]


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(the when-question pattern, the said-time pattern), compiled once.

    Raises:
        ValueError: the data file lacks ``ask`` or ``said``.
    """
    raw = load_shipped("data", "time_said.yaml")
    if not isinstance(raw, dict) or not raw.get("ask") or not raw.get("said"):
        raise ValueError("time_said.yaml needs ask and said")
    join = lambda ps: re.compile("|".join(f"(?:{p})" for p in ps), re.IGNORECASE)  # noqa: E731
    return join(raw["ask"]), join(raw["said"])


def asks_when(query: str) -> bool:
    """True when ``query`` asks when something happened or will ("When did …", "how long ago", 什么时候, 哪天)."""
    return _patterns()[0].search(query) is not None


@functools.lru_cache(maxsize=8192)
def says_time(text: str) -> bool:
    """True when ``text`` places what it tells in time ("yesterday", "3 weeks ago", "last May", 上周, 三天前).

    Kept per text: a raw turn's text never changes, and the same turns reach many short lists.
    """
    return _patterns()[1].search(text) is not None


def when_factors(query: str, items: Sequence[MemoryItem | None], docs: np.ndarray, factor: float) -> np.ndarray | None:
    """Shape (len(docs),) ``factor`` for each raw turn that says no time, when ``query`` asks when; else None.

    Args:
        query: the question. items: the table's items by slot. docs: the short list's slots.
        factor: 0 < x <= 1, the weight of a turn that does not say when (1: off).
    """
    if factor == 1 or not asks_when(query):
        return None
    out = np.ones(docs.shape[0])
    for n, j in enumerate(docs.tolist()):
        item = items[j]
        if item is not None and item.kind == Kind.EVENT and not says_time(item.description):
            out[n] = factor
    return out if (out < 1).any() else None
