"""A value the user says held once: "I used to live in Leeds", "我以前在华为上班" (issue 13 §2).

A past clause changes nothing of the present, except that a habitual past
said of a single-valued slot's value ends that value when it is the current
one ("I live in Leeds" … "I used to live in Leeds"). ``without_held_once``
gives the clause with its habitual past taken out, to be read as a
statement; the slot engine turns what it reads there into ended values
(``SlotHit.past_only``), which the resolver lets end only an item naming the
same value (``KeyConflictResolver``).
"""

from __future__ import annotations

import re

__all__ = ["HELD_ONCE_ATTRS", "without_held_once"]

#: A habitual past said of a value, in each language ("used to live", "以前住在", "之前在…上班").
_HELD_ONCE = {"en": re.compile(r"\bused\s+to\s+(?=(?:live|work|be|study|teach)\b)", re.IGNORECASE),
              "zh": re.compile(r"(?<=我)(?:以前|过去|曾经|之前|原来)(?:也|还|一直)?(?=(?:住|在|是|做|当|吃|生活))")}
#: Attributes whose old value "used to" ends (one value at a time, the user's own).
HELD_ONCE_ATTRS = frozenset({"lives_in", "works_at", "school", "occupation", "diet"})


def without_held_once(clause: str, lang: str) -> str:
    """``clause`` with its habitual past taken out ("I used to be a nurse" -> "I am a nurse"); "" when it has none.

    Args:
        clause: one first-person clause, as ``split_clauses`` yields it.
        lang: "en" or "zh".
    """
    m = _HELD_ONCE[lang].search(clause)
    if m is None:
        return ""
    rest = clause[m.end():]
    if lang == "en" and rest[:3].casefold() == "be ":
        return f"{clause[:m.start()]}am {rest[3:]}"
    return clause[:m.start()] + rest
