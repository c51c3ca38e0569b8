"""A move to a company is a job change, not a new home (issue 13).

"my brother Tom moved to Meta, left Google", "I moved to Meta", 我哥搬去了字节 were read by the home cues ("moved
to", 搬去) and stored "User's brother Tom lives in Meta", "用户住在字节". A home is a place; an organisation the
data lists (``data/org_names.yaml``: Meta, 字节, Google …) that is no place is where one works. ``moved_to_org``
reads such a home statement, the user's or another person's, as the same person's employer ("… works at Meta",
"…在字节工作"); when the turn already gives that person an employer, the home reading is dropped.
"""

from __future__ import annotations

import dataclasses
import re

from memory_core.pipeline.org_names import names_of
from memory_core.pipeline.types import Candidate
from memory_core.pipeline.value_class import is_place

__all__ = ["moved_to_org"]

_EN = re.compile(r"^(?P<s>.*?)\blives in (?P<v>.+)$")
_ZH = re.compile(r"^(?P<s>.*?)住在(?P<v>.+)$")


def moved_to_org(cands: list[Candidate]) -> list[Candidate]:
    """Return ``cands`` with each positive home statement naming an organisation read as an employer.

    Args:
        cands: one turn's candidates, in order; only positive ``fact:lives_in`` / ``fact:<person>/lives_in``
            statements are looked at.

    Returns:
        A new list, in order: such a statement re-keyed ``…works_at`` and said as the slot says an employer
        (theme "work"), or left out when the same key already has a positive statement in the turn.
    """
    works = {c.key for c in cands if c.key.endswith("works_at") and c.polarity > 0}
    out: list[Candidate] = []
    for cand in cands:
        job = _as_job(cand)
        if job is None:
            out.append(cand)
        elif job.key not in works:
            out.append(job)
    return out


def _as_job(cand: Candidate) -> Candidate | None:
    """``cand`` said as an employer when it is a positive home statement naming a listed organisation, else None."""
    if cand.polarity <= 0 or not (cand.key == "fact:lives_in" or cand.key.endswith("/lives_in")):
        return None
    zh = cand.lang == "zh"
    found = (_ZH if zh else _EN).match(cand.description)
    if found is None:
        return None
    value = found.group("v").strip().rstrip("。.")
    if not names_of(value) or is_place(value, cand.lang):
        return None
    subject = found.group("s")
    said = f"{subject}在{value}工作" if zh else f"{subject}works at {value}"
    claim = f"在{value}工作" if zh else f"works at {value}"
    return dataclasses.replace(cand, key=cand.key[:-len("lives_in")] + "works_at", description=said, claim=claim,
                               theme="work", evidence=claim, value=value, aliases=tuple(names_of(value)),
                               notes=[*cand.notes, f"a move to {value}, an organisation: an employer, not a home"])
