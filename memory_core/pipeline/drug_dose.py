"""A drug's item keeps the dose and how often said right after the drug: "takes lisinopril 10mg once a day".

A medication read by its cue is said back by the slot's template ("User takes lisinopril"), which drops the dose
the user gave with it ("I also started lisinopril 10mg once a day"). The dose belongs to its drug: ``with_dose``
puts the dose and frequency said right after the drug's name back after the value in the item's text, so each
drug's item holds its own dose and a later dose of another drug is never read as this one's.
"""

from __future__ import annotations

import re

from memory_core.pipeline.types import Candidate

__all__ = ["dose_after", "with_dose"]

_EN_DOSE = re.compile(
    r"\s*(?P<d>\d+(?:\.\d+)?\s*(?:mg|mcg|µg|ug|iu|units?|ml)\b)?"
    r"(?:\s*,?\s*(?P<f>(?:once|twice|three\s+times|(?:\d|one|two|three)\s+times)\s+(?:a|per)\s+(?:day|week)|daily|"
    r"weekly|every\s+(?:day|morning|night|evening|week|other\s+day)|at\s+night|in\s+the\s+morning))?", re.IGNORECASE)
_ZH_DOSE = re.compile(
    r"\s*(?P<d>\d+(?:\.\d+)?\s*(?:毫克|微克|mg|mcg|单位|毫升))?"
    r"(?:[，,]?\s*(?P<f>(?:一天|每天|每日|一日|一周|每周|一星期)[一两二三四]次|一周一针|每周一针))?")


def dose_after(clause: str, value: str, lang: str) -> str:
    """The dose and frequency said right after ``value`` in ``clause`` ("10mg once a day", "10毫克，一天一次"), else "".

    Args:
        clause: the clause the drug was read from, as said.
        value: the drug as the cue read it ("lisinopril", "恩格列净").
        lang: "en" or "zh".

    Returns:
        The dose then the frequency, joined by a space (English) or "，" (Chinese); "" when neither is said.
    """
    at = clause.casefold().find(value.casefold()) if value else -1
    if at < 0:
        return ""
    m = (_EN_DOSE if lang == "en" else _ZH_DOSE).match(clause, at + len(value))
    if m is None:
        return ""
    parts = [p.strip() for p in (m.group("d"), m.group("f")) if p]
    return (" " if lang == "en" else "，").join(parts)


def with_dose(cand: Candidate, clause: str, value: str, lang: str) -> None:
    """Put the dose said after ``value`` in ``clause`` after the value in ``cand``'s text, in place.

    Only a user's drug taken (positive) whose text ends on the value as the template says it ("User takes
    lisinopril") is changed: a text kept as the clause holds the dose already.
    """
    if cand.polarity <= 0 or not value or not cand.description.endswith(value):
        return
    dose = dose_after(clause, value, lang)
    if not dose:
        return
    sep = " " if lang == "en" else ""
    cand.description = f"{cand.description}{sep}{dose}"
    if cand.claim.endswith(value):
        cand.claim = f"{cand.claim}{sep}{dose}"
        cand.evidence = cand.claim
