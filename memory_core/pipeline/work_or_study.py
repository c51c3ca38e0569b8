"""One place one started at is one fact: an employer or a school, never both.

"I started at Google last month" reads under two cues of the lexicon: an employer's ("started at X",
``works_at``) and a school's (``school``), so one turn filed Google both as the user's employer and as a
school. When one turn gives the same value to both attributes, one reading is kept: the school when
the value names a school ("the University of Toronto", 北京大学) or the turn speaks of study and not of
work ("reading law", 读研), else the employer (most places one "starts at" are employers).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_core.pipeline.types import Candidate

__all__ = ["one_of_work_or_study", "value_of"]

_WORK_KEY, _SCHOOL_KEY = "fact:works_at", "fact:school"
#: A value that names a school itself.
_SCHOOL_NAME = re.compile(r"\b(?:universit(?:y|ies)|college|school|academy|institute|polytechnic|conservatoire|"
                          r"conservatory|uni)\b|大学|学院|中学|小学|高中|初中|学校|研究生院", re.IGNORECASE)
#: Words of study in the turn ("reading law", "first year of my degree", 读研).
_STUDY = re.compile(r"\b(?:stud(?:y|ies|ying)|student|reading|majoring|major|degree|phd|bsc|msc|ba|ma|mba|"
                    r"master'?s|bachelor'?s|freshman|sophomore|semester|lectures?|classes|coursework|"
                    r"undergrad\w*|first\s+year|second\s+year|final\s+year)\b|读书|上学|念书|读研|读博|本科|"
                    r"研究生|博士|专业|学期|上课", re.IGNORECASE)
#: Words of work in the turn ("the onboarding", "my team", 上班).
_WORK = re.compile(r"\b(?:job|work(?:ing)?|team|role|position|colleagues?|coworkers?|boss|manager|office|salary|"
                   r"onboarding|hired|employer|company|firm|shift|clients?|as\s+(?:a|an)\s+\w+)\b|上班|工作|入职|"
                   r"同事|老板|公司|职位|岗位", re.IGNORECASE)
_EN_VALUE = re.compile(r"(?:^|\s)(?:works|studies)\s+at\s+(?:the\s+)?(?P<v>.+?)(?:\s+as\s+.+)?$", re.IGNORECASE)
_ZH_VALUE = re.compile(r"在(?P<v>[^在]+?)(?:工作|读书)")


def value_of(cand: Candidate) -> str:
    """The place a ``works_at`` or ``school`` reading names, casefolded without "the" ("" when not found)."""
    m = _EN_VALUE.search(cand.claim) or _ZH_VALUE.search(cand.claim)
    return m.group("v").strip().casefold() if m else ""


def one_of_work_or_study(text: str, cands: Sequence[Candidate]) -> list[Candidate]:
    """Return ``cands`` with one reading kept where the turn ``text`` gave one place to both ``works_at`` and
    ``school`` (module docstring); every other candidate passes unchanged, in order.

    Args:
        text: the turn's text (what its study and work words are read from).
        cands: the turn's candidates.
    """
    work = {_place(c): c for c in cands if _attribute(c.key) == _WORK_KEY and c.polarity >= 0}
    school = {_place(c): c for c in cands if _attribute(c.key) == _SCHOOL_KEY and c.polarity >= 0}
    both = [v for v in work if v[2] and v in school]
    if not both:
        return list(cands)
    studies = bool(_STUDY.search(text)) and not _WORK.search(text)
    drop = {id(school[v]) if not (_SCHOOL_NAME.search(v[2]) or studies) else id(work[v]) for v in both}
    return [c for c in cands if id(c) not in drop]


def _attribute(key: str) -> str:
    """The user's key of the attribute ``key`` holds, whoever it is said of: "fact:son/school@mia" -> "fact:school"."""
    plain = key.partition("@")[0]
    person, slash, attr = plain.removeprefix("fact:").rpartition("/")
    return f"fact:{attr}" if slash and person else plain


def _place(cand: Candidate) -> tuple[str, str, str]:
    """(whose, which speaker, the place) of a ``works_at`` or ``school`` reading: "My son Leo started at Westfield
    Academy" reads both of the son, and one is kept as for the user's own."""
    plain, _, qualifier = cand.key.partition("@")
    person = plain.removeprefix("fact:").rpartition("/")[0]
    return person, qualifier, value_of(cand)
