"""A stance said again in the other language is the same statement (issue 13: "I quit drinking", then 我戒酒了).

A like or a stop keyed by its canonical object (``pref:alcohol``: "drinking" and 酒 are one thing) holds its
stance whatever language it was said in. Said once in English and again in Chinese (or the reverse), with the
same stance, the second saying is a hit on the first: neither a second item that supersedes it nor a text
spliced from both languages ("User quit drinking；用户不再喝酒"). ``said_across`` tells it.
"""

from __future__ import annotations

from memory_core.model import MemoryItem
from memory_core.pipeline.agreement import description_polarity
from memory_core.pipeline.types import Candidate
from memory_core.text.script import has_han

__all__ = ["said_across"]


def said_across(cand: Candidate, item: MemoryItem) -> bool:
    """True when ``item`` already holds what ``cand`` says, said in the other language.

    Both must be under the same ``pref:<object>`` key (the key names the object in every language), the
    candidate not a mention of the turn (``restate_only``), one text in Chinese and the other not, and both
    with the same stance (a stop and a stop, a like and a like): "User quit drinking" and "用户不再喝酒".
    A favourite (``pref:favourite:…``, one value at a time) is left to the value's own agreement.
    """
    key = str(item.key or "")
    if not cand.key or key != cand.key or not key.startswith("pref:") or key.startswith("pref:favourite:"):
        return False
    if cand.restate_only or has_han(cand.description) == has_han(item.description):
        return False
    return description_polarity(item.description) == (-1 if cand.polarity < 0 else 1)
