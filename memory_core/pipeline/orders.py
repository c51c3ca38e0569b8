"""An order to the assistant about how it talks is no statement of the user's (issue 13, new-user trials).

"don't lecture me", "stop nagging me about sleep", "quit preaching at me", "别跟我讲大道理", "少跟我说教": a clause
with no subject of its own, read in the first person, became a fact ("User doesn't lecture them", "User quit
preaching at them") that later answers questions about the user. It only says how this reply should sound;
the turn's event keeps it. ``order_to_assistant`` is true for such a clause: an opener or none, a stop
(don't, stop, 别, 少), a verb of the manner of talking (lecture, judge, nag, 讲大道理, 说教) and its object (me,
at me, 我). The words are data (``data/orders.yaml``); an order that states a lasting wish ("don't call me
Robert", "别给我推荐香菜") names no listed verb and is read by its own rules.
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["order_to_assistant"]


def _any(words: list[str]) -> str:
    """An alternation of ``words``, longest first, a space in one matching any run of spaces."""
    return "|".join(r"\s+".join(re.escape(part) for part in str(w).split())
                    for w in sorted(words, key=lambda w: -len(str(w))))


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    """The whole-clause pattern of an order per language, built from ``data/orders.yaml``."""
    data = load_shipped("data", "orders.yaml")
    en, zh = data["en"], data["zh"]
    return {
        "en": re.compile(
            rf"(?i)^\W*(?:(?:{_any(en['openers'])})[\s,!.]+)*(?:{_any(en['stops'])})\s+(?:{_any(en['verbs'])})"
            r"(?:\s+(?:at|to|down\s+to))?\s+(?:me|us)\b(?:\s+(?:about|over|for|on|with)\b[^,;.!?]*)?"
            r"(?:\s+(?:please|pls|ok(?:ay)?|again|anymore|any\s+more|man|dude|bro))*\W*$"),
        "zh": re.compile(
            rf"^\W*(?:(?:{_any(zh['openers'])})[，,\s]*)*(?:{_any(zh['stops'])})(?:再)?(?:跟|给|对|和|冲)?(?:我|我们)?"
            rf"(?:讲|说|谈|上|灌|打)?(?:{_any(zh['things'])})(?:了|啦|行吗|好吗|好不好|行不行|可以吗)?\W*$"),
    }


def order_to_assistant(clause: str, lang: str) -> bool:
    """True when ``clause`` (one clause, "en" or "zh") is an order to the assistant about how it talks.

    "don't lecture me" and "少跟我说教" are; "I don't lecture my kids", "don't call me Robert" and "别给我推荐香菜"
    are not.
    """
    pattern = _patterns().get(lang)
    return pattern is not None and pattern.match(clause.strip()) is not None
