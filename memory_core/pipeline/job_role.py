"""A new role or employer stated with a job change wins over the old one (issue 13, seventh pass).

Two readings the clause-by-clause slot engine misses, both in English:

- "I joined a startup called Loopwise as head of data": the employer is read (``works_at``) but the role
  said with "as …" is not, so the old title ("User works as a nurse") stays active. The role is read as
  "I work as <role>" by the slot engine, giving an ``occupation`` candidate that supersedes the old title.
A new employer named in the same turn as a quit is not read here: that reading cost a blind half two
checks and was taken out (see RESULTS, issue 13, seventh pass).
"""

from __future__ import annotations

import re

from memory_core.model import Turn
from memory_core.pipeline.slot_candidate import slot_candidate
from memory_core.pipeline.slots import read_clause
from memory_core.pipeline.types import Candidate
from memory_core.validation import ROLES

_ARTICLE = r"(?:a\s+|an\s+|the\s+|their\s+|our\s+|its\s+)?"
# "joined … as head of data", "started at X as a designer", "Monday I start at NIO as …", "hired as a nurse"
_JOINED_AS = re.compile(
    r"(?i)\b(?:joined|joining|join|started|starting|start|starts|hired|signed|moved|work|working)\b"
    r"[^.!?;]{0,60}?\bas\s+"
    + _ARTICLE + r"(?P<r>[a-z][a-z-]*(?:\s+(?!at\b|for\b|in\b|from\b|on\b|starting\b|next\b|and\b)[a-z-]+){0,3})"
    r"(?=\s+(?:at|for|in|from|on|starting|next)\b|\s*[.,!;?]|\s*$)")
_OCCUPATION = "fact:occupation"


def with_new_role(turn: Turn, cands: list[Candidate]) -> list[Candidate]:
    """Return ``cands`` with the role and the new employer a job change states (see the module doc).

    Args:
        turn: the turn read; only English user turns without a named speaker are read.
        cands: the turn's candidates; an occupation may be added.
    """
    if turn.role != "user" or turn.speaker.strip().casefold() not in ("", *ROLES) or not cands \
            or any(c.lang != "en" for c in cands[1:]):
        return cands
    out = list(cands)
    works = [c for c in out if c.key == "fact:works_at"]
    if not works:
        return cands
    if not any(c.key == _OCCUPATION for c in out) and any(c.polarity > 0 for c in out if c.key == "fact:works_at"):
        m = _JOINED_AS.search(turn.text)
        if m is not None:
            out.extend(slot_candidate(turn, h, "en", "User", "")
                       for h in read_clause(f"I work as {m.group('r')}", "en", "User").hits
                       if h.key == _OCCUPATION and h.polarity > 0)
    return out
