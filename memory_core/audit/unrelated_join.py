"""A stored text joined from two turns whose statements share no topic ("用户养了一只hamster；Mochi 去世了…").

An own-words item grows by details joined after its first statement ("A；B", "A; B":
``changed_value.with_statement``). A detail speaks of what the first statement names; a joined statement that
shares no topic term with it (``gist.topic``: no word, name or known object in common) is another turn's
statement spliced onto the item (new-user trial 36, finding 1: a move, a job change or a pet's death kept inside
the old item, which stayed active). ``unrelated_joins`` finds them for ``gulfstream check``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from memory_core.model import Kind, MemoryItem
from memory_core.pipeline.gist import topic
from memory_core.text.script import lang_of

__all__ = ["UnrelatedJoin", "unrelated_joins"]

# the joints ``with_statement`` puts between an item's statements (``first_said``)
_JOINT = re.compile(r"；|;\s")


@dataclass(frozen=True, slots=True)
class UnrelatedJoin:
    """One item whose text joins a statement sharing no topic with its first one.

    Attributes:
        item: the item.
        first: its first statement, as stored.
        joined: the first joined statement that shares no topic term with ``first``.
    """

    item: MemoryItem
    first: str
    joined: str


def unrelated_joins(items: Iterable[MemoryItem]) -> list[UnrelatedJoin]:
    """The items (events passed over) of more than one source turn whose text joins a statement that shares no
    topic term (``gist.topic``'s terms and strong terms; the subject "User"/"用户" or the item's speaker is none)
    with the first statement; one entry per item, at its first such statement."""
    found: list[UnrelatedJoin] = []
    for item in items:
        if item.kind == Kind.EVENT or len(item.source) < 2:
            continue
        parts = [p.strip() for p in _JOINT.split(item.description) if p.strip()]
        if len(parts) < 2:
            continue
        lang = lang_of(parts[0])
        subject = item.speaker.strip() or ("用户" if lang == "zh" else "User")
        first = topic(parts[0], lang, subject)
        words = first.terms | first.strong
        for part in parts[1:]:
            said = topic(part, lang_of(part), subject)
            if words and said.terms and not (said.terms | said.strong) & words:
                found.append(UnrelatedJoin(item, parts[0], part))
                break
    return found
