"""A relative's own value said in the other language ends the one said before ("我妹妹住在北京" … "my sister
moved to Shenzhen for work").

A name that can only mean one person ("mom", 妈妈) already gives one slot key in both languages
(``text.relations.person_label``). A name that may mean several people keeps its own key: "sister" is 姐姐 or
妹妹, so "my sister lives in Shenzhen" (``fact:sister/lives_in``) never met "用户的妹妹住在北京"
(``fact:妹妹/lives_in``) and both stayed active. ``kin_across`` adds the other language's key to what the new
statement ends, only when that cannot be a second person: the user's statements name the relation by a single
name in the other language (妹妹 alone, never both 姐姐 and 妹妹), and by a single name in the statement's own
language (the new name itself), and the attribute holds one value at a time (home, employer, job, age;
``data/slots.yaml`` ``single``). Another speaker's statements (keys with ``@``) are left alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.types import Candidate
from memory_core.text.relations import relation_names
from memory_core.text.script import has_han

__all__ = ["kin_across"]

_KEY = re.compile(r"fact:(?P<rel>[^/@:]+)/(?P<attr>[a-z_]+)")


def _side(name: str) -> bool:
    """True for a Chinese name of a relation, False for an English one."""
    return has_han(name)


def kin_across(cands: list[Candidate], rows: Callable[[tuple[str, ...]], list[tuple[str, str, str]]]) -> None:
    """Add to the ``ends`` of each statement of a relative's single value the key of the same relative's value
    said in the other language (module docstring). Candidates are changed in place.

    Args:
        cands: the turn's candidates.
        rows: gives the user's active rows under key prefixes as ``(id, key, description)``; called once, and
            only when a candidate states a relative's single value.
    """
    wanted: list[tuple[Candidate, str, str, tuple[str, ...]]] = []
    single = {a.id for a in lexicon().attributes if a.single}
    for cand in cands:
        m = _KEY.fullmatch(cand.key)
        if cand.is_event or cand.polarity < 0 or m is None or m.group("attr") not in single:
            continue
        names = relation_names(m.group("rel"))
        if len(names) > 1:
            wanted.append((cand, m.group("rel"), m.group("attr"), names))
    if not wanted:
        return
    stored = [key for _, key, _ in rows(("fact:",))]
    for cand, rel, attr, names in wanted:
        used = {m.group("rel") for key in stored if (m := _KEY.match(key)) is not None and m.group("rel") in names}
        mine = {n for n in used if _side(n) == _side(rel)} - {rel}
        other = {n for n in used if _side(n) != _side(rel)}
        if mine or len(other) != 1:
            continue  # the relation named two ways: maybe two people
        name = other.pop()
        cand.ends = tuple(dict.fromkeys((*cand.ends, f"fact:{name}/{attr}")))
