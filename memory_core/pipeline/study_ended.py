"""A course of study ended ends what described it: the stage of study and a student's title (issue 13).

"I dropped out of UCL", "graduated from Rutgers", "读完了MBA", "退学了" end the user's school (``fact:school``,
negative); the stage said beside it ("User is doing a MBA", "用户目前研二") and an occupation that names a student
("User works as a student", "用户的职业是研究生") stayed active, so "am I still studying?" was answered with both.
``study_gone`` adds those keys to the end's ``ends``, as ``people.job_gone`` adds the title to a job's end.
Another person's school ("my son left Lincoln Elementary") and a school begun are left alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memory_core.pipeline.types import Candidate

__all__ = ["study_gone"]

Rows = Callable[[tuple[str, ...]], list[tuple[str, str, str]]]

_SCHOOL = "fact:school"
_STAGE = ("fact:study_stage", "gist:study_stage")
_OCCUPATION = "fact:occupation"
#: An occupation that is being a student, in either language.
_STUDENT = re.compile(r"(?i:\b(?:student|undergrad(?:uate)?|postgrad(?:uate)?|grad\s+student|phd\s+candidate)\b)|"
                      r"学生|本科生|研究生|博士生|硕士生|大学生")


def study_gone(cands: list[Candidate], rows: Rows) -> None:
    """Add to each end of the user's own school in ``cands`` the stage of study and a student's occupation.

    Args:
        cands: one turn's candidates, changed in place (``Candidate.ends``); only a negative ``fact:school`` (the
            user's, with or without a speaker qualifier after "@") is extended, and none when the turn also
            states a school or a stage of study (a new course begun).
        rows: ``prefixes -> [(id, key, description)]`` of the user's active statements; read only when such an end
            is said, for an occupation that names a student.
    """
    gone = [c for c in cands if not c.is_event and c.polarity < 0 and c.key.partition("@")[0] == _SCHOOL]
    if not gone or any(not c.is_event and c.polarity > 0 and c.key.partition("@")[0] in (_SCHOOL, *_STAGE)
                       for c in cands):
        return  # "graduated from Rutgers, starting my master's at NYU": a new course is said, the stage is its own
    students = [key for _, key, text in rows((_OCCUPATION,))
                if key.partition("@")[0] == _OCCUPATION and _STUDENT.search(text)]
    for cand in gone:
        qualifier = cand.key.partition("@")[2]
        suffix = f"@{qualifier}" if qualifier else ""
        ends = [key + suffix for key in _STAGE] + [k for k in students if k.partition("@")[2] == qualifier]
        cand.ends = tuple(dict.fromkeys((*cand.ends, *ends)))
