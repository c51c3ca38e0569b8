"""A named person's single value said with the relation word of the other language ends the one said before
("My friend Kevin lives in Hangzhou" … "Kevin搬到深圳了"; "我朋友阿明住在成都" … "阿明 moved to Chongqing").

A person the user names is keyed under the relation word and the name (``fact:friend/kevin/lives_in``); a
later turn naming the person again is read in its own language (``named_kin.kin_named_turn``), so the new
value came under ``fact:朋友/kevin/lives_in`` and never met the old one: both stayed active. The name says who
the person is, whatever the language of the relation word: ``named_across`` adds to what the new statement
ends the same name's value of the same attribute under the other names of the relation (``data/relations.yaml``)
or under no relation (``fact:person/kevin/…``, ``named_other``), for the same speaker and only for an
attribute that holds one value at a time (``data/slots.yaml`` ``single``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.types import Candidate
from memory_core.text.relations import relation_names

__all__ = ["named_across"]

_KEY = re.compile(r"fact:(?P<rel>[^/@:]+)/(?P<name>[^/@:]+)/(?P<attr>[a-z_]+)(?P<q>@.*)?")
_NO_RELATION = "person"


def _same_person(rel: str, other: str) -> bool:
    """True when relation words ``rel`` and ``other`` (key forms) may name one named person."""
    if rel == other:
        return False  # the same key: the resolver already meets it
    if _NO_RELATION in (rel, other):
        return True
    return other.replace("_", " ") in relation_names(rel) or other in relation_names(rel)


def named_across(cands: list[Candidate], rows: Callable[[tuple[str, ...]], list[tuple[str, str, str]]]) -> None:
    """Add to the ``ends`` of each statement of a named person's single value the keys of that person's value
    of the same attribute stored under another name of the relation (module docstring). In place.

    Args:
        cands: the turn's candidates.
        rows: gives the user's active rows under key prefixes as ``(id, key, description)``; called once, and
            only when a candidate states a named person's single value.
    """
    single = {a.id for a in lexicon().attributes if a.single}
    wanted = [
        (cand, m)
        for cand in cands
        if not cand.is_event
        and cand.polarity > 0
        and (m := _KEY.fullmatch(cand.key)) is not None
        and m.group("attr") in single
    ]
    if not wanted:
        return
    stored = [key for _, key, _ in rows(("fact:",))]
    for cand, new in wanted:
        ends = [
            key
            for key in stored
            if (old := _KEY.fullmatch(key)) is not None
            and old.group("name").casefold() == new.group("name").casefold()
            and old.group("attr") == new.group("attr")
            and old.group("q") == new.group("q")
            and _same_person(new.group("rel"), old.group("rel"))
        ]
        if ends:
            cand.ends = tuple(dict.fromkeys((*cand.ends, *ends)))
