"""What of a health finding is its value: the part a mask hides, so the kind of fact stays readable.

A health finding's span often starts with the words that say what kind of
fact it is ("allergic to penicillin", "takes metformin", 用户对青霉素 … 过敏,
每天吃二甲双胍). Masking the whole span left "User is [health]", which does
not say an allergy from a medication; the predicate is not the secret, the
condition or medicine is (seed 001 §8.12.2 masks the value, as "my PIN is
[code]" keeps "my PIN is").
"""

from __future__ import annotations

import re

__all__ = ["value_span"]

_LEAD = re.compile(r"[^\n]{0,40}?\bdiagnosed\s+(?:with|w/)\s+|"  # "User was diagnosed with …"
                   r"(?:(?:is|am|are|was|were|be)\s+)?(?:allergic|intolerant)\s+to\s+|"
                   r"(?:takes?|taking|took|(?:is|am|are)\s+on|diagnosed\s+with|suffers?\s+from)\s+|"
                   r"(?:用户|我|他|她)?对|(?:每天|每日|一直|正在|在)?(?:吃|服用|打)|确诊(?:了|为)?|诊断(?:出|为)(?:了)?|患有|得了",
                   re.IGNORECASE)
_BARE = re.compile(r"(?:过敏|allergic|allerg(?:y|ies)|intolerant)", re.IGNORECASE)


def value_span(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The ``(start, end)`` of a health finding's value inside ``text[start:end]``: past a leading predicate
    ("allergic to ", "takes ", 对, 吃); None when the finding is a predicate alone (过敏), which hides nothing."""
    value = text[start:end]
    if _BARE.fullmatch(value):
        return None
    lead = _LEAD.match(value)
    if lead is not None and lead.end() < len(value):
        return start + lead.end(), end
    return start, end
