"""An English cleft read as the plain statement it stresses (issue 13).

People stress the value they correct by fronting it: "actually it's crab I'm allergic to, not shrimp",
"it's Leeds I live in, not York", "it's green tea I like". The slot rules and the correction reader
("X, not Y") expect the value after its verb, as in "I'm allergic to crab, not shrimp"; read as said, the
fronted value is lost and the rest of the clause ("crab I'm allergic to") becomes an item's value.
``uncleft`` moves the value back after the predicate for a closed set of predicates (allergic / intolerant /
sensitive to, live in, work at or for, like, love, hate, prefer), only when the clause ends right after
the predicate (a comma, a stop, "not …" or the end), so "it's the dog I'm worried about" and "it's a
place I love to visit" stay as they are.
"""

from __future__ import annotations

import re

__all__ = ["uncleft"]

_CLEFT = re.compile(
    r"\b(?:it's|it\s+is|it\s+was)\s+(?P<x>(?:(?:a|an|the|my)\s+)?[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,2}?)"
    r"\s+(?:that\s+|which\s+|who\s+)?(?P<s>i'm|i\s+am|im|i)\s+"
    r"(?P<p>(?:allergic|intolerant|sensitive)\s+to|(?:live|living)\s+in|(?:work|working)\s+(?:at|for)|"
    r"like|love|hate|prefer)(?=\s*(?:[,.;!?]|$)|\s+not\b)",
    re.IGNORECASE)


def uncleft(text: str) -> str:
    """``text`` with each English cleft on a known predicate read as its plain statement (module docstring).

    "Actually it's crab I'm allergic to, not shrimp." -> "Actually I'm allergic to crab, not shrimp."; text
    without one is returned as it is. Units: characters in, characters out.
    """
    if "it" not in text.casefold():
        return text
    return _CLEFT.sub(lambda m: f"{m.group('s')} {m.group('p')} {m.group('x')}", text)
