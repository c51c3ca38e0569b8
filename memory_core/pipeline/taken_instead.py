"""What a stop names as taken up in its place: "gave up the gym for bouldering", "quit running for yoga".

A stop said with what replaced it states two things: the old activity ended, and the new one holds. The
cessation rules (``memory_core.pipeline.cessation``) read the first; when the old activity was never stored (a gym
said only by its brand, "I'm at Anytime Fitness 5 days a week") the stop ends nothing, and the clause, kept only
as the record of an end, would be lost with what it says holds now. ``taken_instead(clause, lang)`` names the
activity taken up, so the clause is kept as a statement of its own. Only an activity counts: a word ending in
-ing ("for running") or a sport or exercise of ``data/categories.yaml`` ("for yoga"); "gave up sugar for Lent",
"quit my job for my kids", "traded my car for cash" name a reason or a price, not an activity. Chinese says the
new thing with a switch ("不去健身房了，改练攀岩"), which the switch rules read already.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import yaml

__all__ = ["taken_instead"]

_CATEGORIES = Path(__file__).resolve().parent.parent / "data" / "categories.yaml"
#: the category names whose members are activities one takes up
_ACTIVITY_CATEGORIES = frozenset({"sport", "exercise", "martial art"})
_EN_FOR = re.compile(r"\b(?:gave\s+up|given\s+up|giving\s+up|quit|quitting|ditched|dropped|swapped|traded)\s+"
                     r"(?:(?:the|my|our|a)\s+)?[\w'-]+(?:\s+[\w'-]+){0,3}?\s+for\s+(?:(?:some|more)\s+)?"
                     r"(?P<y>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)", re.IGNORECASE)
#: -ing words that are no activity one takes up ("for nothing", "for the morning")
_NOT_ACTIVITY = frozenset({"nothing", "something", "everything", "anything", "morning", "evening", "being", "thing",
                           "clothing", "housing", "funding", "wedding", "building", "painting", "meeting", "ceiling"})


@functools.lru_cache(maxsize=1)
def _activities() -> frozenset[str]:
    """Lower-case English members of the activity categories."""
    try:
        rows = yaml.safe_load(_CATEGORIES.read_text(encoding="utf-8")) or []
    except (OSError, yaml.YAMLError):  # pragma: no cover - shipped data
        return frozenset()
    out: set[str] = set()
    for row in rows:
        names = {str(n).casefold() for n in row.get("names") or ()}
        if names & _ACTIVITY_CATEGORIES:
            out.update(str(m).casefold() for m in row.get("members") or () if str(m).isascii())
    return frozenset(out)


def taken_instead(clause: str, lang: str) -> str:
    """The activity an English stop names as taken up in its place ("bouldering"), else "".

    Args:
        clause: one first-person clause.
        lang: "en" or "zh" (Chinese: always "", see the module docstring).

    Returns:
        The activity as said, lower-case: "bouldering" for "I gave up the gym for bouldering!", "yoga" for
        "quit running for yoga"; "" for "gave up sugar for Lent" or when the clause names no such stop.
    """
    if lang != "en":
        return ""
    m = _EN_FOR.search(clause)
    if m is None:
        return ""
    words = m.group("y").casefold().split()
    for said in (" ".join(words), words[0]):
        if said in _activities():
            return said
    head = words[0]
    if head.endswith("ing") and len(head) > 5 and head not in _NOT_ACTIVITY:
        return head
    return ""
