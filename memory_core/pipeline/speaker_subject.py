"""One subject for every statement of a named speaker's own turn, whatever rule made it (issue 13, pass 25).

A turn file may name the user (``"speaker": "Tom"``): the extractor then keys the user's statements
``…@tom`` and opens them on "Tom". A rule that builds its candidate on its own ("the vegetarian thing didn't
stick" -> ``diet_end``: "User is no longer vegetarian", ``fact:diet``) may drop the name, and the two forms of
one slot would stay active side by side. ``as_speakers`` runs once on a turn's candidates, after every rule
that makes them, and puts the name back: the key (and the keys it ends, probes or reverses) gets the speaker's
qualifier, and a description opening on "User" / "用户" opens on the name.
"""

from __future__ import annotations

import dataclasses
import re

from memory_core.model import Turn
from memory_core.pipeline.own_words import speaker_qualifier
from memory_core.pipeline.types import Candidate

__all__ = ["as_speakers"]

# the subject an unnamed statement opens on: "User", "User's", "用户", "用户的"
_UNNAMED = re.compile(r"^(?:User(?=\b)|用户)")


def _qualified(key: str, qualifier: str) -> str:
    if not key or key.startswith("event:") or "@" in key:
        return key
    return key + qualifier


def as_speakers(turn: Turn, cands: list[Candidate]) -> list[Candidate]:
    """Return ``cands`` with each statement of a named user's turn keyed and worded as that speaker's.

    Args:
        turn: the turn the candidates come from; only a user-role turn whose ``speaker`` is a name (not a
            role) changes anything.
        cands: the turn's candidates. Events, keys already qualified (``…@tom``, the speaker's or another
            person's) and keys ending with another ``@`` are left as they are.

    Returns:
        A new list; a changed candidate is a copy (the others are the same objects).
    """
    name = turn.speaker.strip()
    qualifier = speaker_qualifier(name)
    if turn.role != "user" or not qualifier:
        return cands
    out: list[Candidate] = []
    for cand in cands:
        if cand.is_event or not cand.key or "@" in cand.key:
            out.append(cand)
            continue
        out.append(
            dataclasses.replace(
                cand,
                key=_qualified(cand.key, qualifier),
                speaker=name,
                description=_UNNAMED.sub(lambda _: name, cand.description, count=1),
                ends=tuple(_qualified(k, qualifier) for k in cand.ends),
                probes=tuple(_qualified(k, qualifier) for k in cand.probes),
                reverses=tuple(_qualified(k, qualifier) for k in cand.reverses),
                alike=tuple(_qualified(k, qualifier) for k in cand.alike),
                instead_of=_qualified(cand.instead_of, qualifier),
                held_before=_qualified(cand.held_before, qualifier),
            )
        )
    return out
