"""A new role or employer stated with a job change wins over the old one (issue 13, seventh pass).

Two readings the clause-by-clause slot engine misses, both in English:

- "I joined a startup called Loopwise as head of data": the employer is read (``works_at``) but the role
  said with "as …" is not, so the old title ("User works as a nurse") stays active. The role is read as
  "I work as <role>" by the slot engine, giving an ``occupation`` candidate that supersedes the old title.
- "I quit my job at the hospital. Starting next week as a data analyst at Shopify.": the quit gives a
  negative ``works_at`` ("User no longer has a job") and the new employer is lost. A new employer named in
  the same turn ("as <role> at <Org>", "starting at <Org>", "joining <Org>") replaces the negative
  candidate by "User works at <Org>": what holds after the turn is the new job, and the old one still
  goes to the history.
"""

from __future__ import annotations

import re

from memory_core.model import Turn
from memory_core.pipeline.extract import MechanicalExtractor
from memory_core.pipeline.slots import read_clause
from memory_core.pipeline.types import Candidate
from memory_core.validation import ROLES

_ARTICLE = r"(?:a\s+|an\s+|the\s+|their\s+|our\s+|its\s+)?"
# "joined … as head of data", "started at X as a designer", "hired as a nurse"
_JOINED_AS = re.compile(
    r"(?i)\b(?:joined|joining|join|started|starting|hired|signed|moved|work|working)\b[^.!?;]{0,60}?\bas\s+"
    + _ARTICLE + r"(?P<r>[a-z][a-z-]*(?:\s+(?!at\b|for\b|in\b|from\b|on\b|starting\b|next\b|and\b)[a-z-]+){0,3})"
    r"(?=\s+(?:at|for|in|from|on|starting|next)\b|\s*[.,!;?]|\s*$)")
_ORG = r"(?P<o>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,3})"
# the new employer said after a quit: "as a data analyst at Shopify", "starting at Shopify", "joining Shopify"
_NEW_AT = re.compile(r"\bas\s+" + _ARTICLE + r"[a-z][a-z -]{1,40}?\s+at\s+" + _ORG
                     + r"|(?i:\b(?:starting|start|started|joining|joined|moving\s+to|going\s+to\s+work)\b)"
                     r"[^.!?;]{0,30}?\b(?:at\s+)?" + _ORG.replace("?P<o>", "?P<o2>"))
_OCCUPATION = "fact:occupation"


def with_new_role(turn: Turn, cands: list[Candidate]) -> list[Candidate]:
    """Return ``cands`` with the role and the new employer a job change states (see the module doc).

    Args:
        turn: the turn read; only English user turns without a named speaker are read.
        cands: the turn's candidates; a negative ``fact:works_at`` may be replaced, an occupation added.
    """
    if turn.role != "user" or turn.speaker.strip().casefold() not in ("", *ROLES) or not cands \
            or any(c.lang != "en" for c in cands[1:]):
        return cands
    out = list(cands)
    works = [c for c in out if c.key == "fact:works_at"]
    if not works:
        return cands
    if any(c.polarity < 0 for c in works):
        quit_at = max(turn.text.casefold().find(w) for w in ("quit", "left", "leaving", "resign"))
        m = _NEW_AT.search(turn.text, max(quit_at, 0) + 1) if quit_at >= 0 else None
        if m is not None:
            found = [h for h in read_clause(f"I work at {m.group('o') or m.group('o2')}", "en", "User").hits
                     if h.key == "fact:works_at" and h.polarity > 0]
            if found:
                new = MechanicalExtractor._slot_candidate(turn, found[0], "en", "User", "")
                out = [new if (c.key == "fact:works_at" and c.polarity < 0) else c for c in out]
    if not any(c.key == _OCCUPATION for c in out) and any(c.polarity > 0 for c in out if c.key == "fact:works_at"):
        m = _JOINED_AS.search(turn.text)
        if m is not None:
            out.extend(MechanicalExtractor._slot_candidate(turn, h, "en", "User", "")
                       for h in read_clause(f"I work as {m.group('r')}", "en", "User").hits
                       if h.key == _OCCUPATION and h.polarity > 0)
    return out
