"""A shift said in the turn that says the job belongs to the job's statement, not an item of its own.

"我在机场做地勤，一直上夜班" says where one works and the shift one works in one breath. Two items made from one
turn both answer any question the turn's words match ("我做什么工作？" finds the shift through 做), so recall's
k results would say the same turn twice (DESIGN invariant 9: k results, k different things). The turn's event
keeps the shift; a shift said on its own ("长期上夜班", "switched from nights to days") is its own item, and a
later move of shift ends it.
"""

from __future__ import annotations

from memory_core.pipeline.types import Candidate

__all__ = ["without_shift_beside_job"]

_JOB_KEYS = ("fact:works_at", "fact:occupation")


def without_shift_beside_job(cands: list[Candidate]) -> list[Candidate]:
    """``cands`` (one turn's candidates) without its ``fact:work_shift`` candidates when the same turn states the
    same person's employer or occupation; unchanged otherwise.

    Args:
        cands: the statement candidates of one turn, in order.
    Returns:
        a new list; the others' order kept.
    """
    def whose(key: str) -> str:
        return key.partition("@")[2]

    jobs = {whose(c.key) for c in cands if c.key.startswith(_JOB_KEYS) and c.polarity >= 0}
    if not jobs:
        return cands
    return [c for c in cands if not (c.key.startswith("fact:work_shift") and whose(c.key) in jobs)]
