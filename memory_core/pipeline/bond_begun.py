"""A relationship begun without a name never replaces a partner already named (issue 14: the write path stays true
under change).

"脱单了", "有对象了", "I'm seeing someone now", "I have a new boyfriend" are read by a weak cue of the partner slot
(``slots.yaml``, form ``dating``): said after "I'm single" or a breakup, they end that state; said first, they stay
in the user's own words. Said while a partner is named ("my girlfriend is Maya"), they say nothing new about her,
and replacing "User's girlfriend is Maya" by "User is in a relationship" would lose the name: ``bond_kept`` drops
such a candidate (and the own-words statement standing in for it), and the turn stays as an event.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memory_core.pipeline.slot_hit import render_form
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.types import Candidate

__all__ = ["bond_kept", "unnamed_bond"]

#: What an active partner item says when it is no partner: single, broken up, divorced (either language).
_NO_PARTNER = re.compile(r"\bsingle\b|no\s+longer\s+with|\bdivorced\b|\bseparated\b|单身|分开|分手|离婚")


def unnamed_bond(cand: Candidate) -> bool:
    """True when ``cand`` is the user's partner slot said begun with no name ("User is in a relationship")."""
    if cand.is_event or cand.polarity <= 0 or cand.key.split("@", 1)[0] != "fact:partner":
        return False
    attr = next((a for a in lexicon().attributes if a.id == "partner"), None)
    if attr is None:
        return False
    return any(cand.claim == render_form(attr, "dating_novalue", lang, "")[1] for lang in ("en", "zh"))


def bond_kept(cands: list[Candidate], rows: Callable[[tuple[str, ...]], list[tuple[str, str, str]]]
              ) -> list[Candidate]:
    """``cands`` without an unnamed beginning (``unnamed_bond``) when the user has a partner named and active.

    Args:
        cands: the turn's candidates.
        rows: ``rows(prefixes)`` -> the user's active ``(id, key, description)`` rows (read only when the turn
            holds an unnamed beginning).
    """
    begun = [c for c in cands if unnamed_bond(c)]
    if not begun:
        return cands
    found = rows(("fact:partner",))
    held = {key for _, key, description in found if not _NO_PARTNER.search(description)}
    dropped = {id(c) for c in begun if c.key in held}
    keys = {c.key for c in begun if id(c) in dropped}  # the clause in own words stands in for it: it goes too
    return [c for c in cands if id(c) not in dropped and not (c.instead_of and c.instead_of in keys)]
