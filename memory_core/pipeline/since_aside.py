"""A past said only of when or how a present state began: "I'm allergic to penicillin, found out as a kid".

The clause markers of the past (``slots.yaml``: "as a kid", "back when", 小时候 …) make a clause say
nothing about the present. When the past is said only in a trailing aside that tells how the user
learned of the state or since when it holds ("found out as a kid", "diagnosed back when I was 20",
"ever since I was a kid"), the main statement still holds now and is read on its own. The aside must
be subjectless or a "since …" clause: "I lived in Leeds, as a kid" has no such aside and stays past.
"""

from __future__ import annotations

import re

__all__ = ["before_since_aside"]

#: A trailing aside after a comma or dash telling how the user learned of a state, or since when it holds.
_ASIDE_EN = re.compile(
    r"\s*(?:,|;|\s-+|\s—)\s*(?:(?:and|which|i|we)\s+)?(?:(?:only|first|just)\s+)?"
    r"(?:found\s+(?:it\s+)?out|discovered|diagnosed|got\s+diagnosed|was\s+diagnosed|learned|learnt|realized|realised"
    r"|figured\s+(?:it\s+)?out|(?:ever\s+)?since|had\s+it\s+since|been\s+(?:like\s+)?that\s+since)\b.*$",
    re.IGNORECASE)


def before_since_aside(clause: str, lang: str) -> str:
    """Return the main statement of ``clause`` when its only past lies in a since/learned-of aside, else "".

    Args:
        clause: one clause as ``split_clauses`` yields it (apostrophes straightened).
        lang: "en" or "zh"; Chinese asides ("小时候就这样") are split into clauses of their own already.

    Returns:
        The clause before the aside, stripped ("I'm allergic to penicillin btw"), or "" when the clause
        has no such aside.
    """
    if lang != "en":
        return ""
    m = _ASIDE_EN.search(clause)
    if m is None or m.start() == 0:
        return ""
    return clause[:m.start()].strip()
