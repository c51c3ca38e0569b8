"""A relative moving in with the user, or back out, ends where they lived before (trial 17 finding 5).

"我妈搬来跟我们住了", "Mum moved in with us" (``fact:lives_with:<relative>``) makes "User's mum lives in Chengdu"
(``fact:mom/lives_in``) untrue: she lives with the user now. "my mum moved back to Chengdu", "我妈搬回成都了"
(``fact:mom/lives_in``) in turn ends "User lives with their mum". The two keys name the relative differently (the
word said for ``lives_with``, the one-person label of ``text.relations.person_label`` for a relative's slot), so
the match is made by that label in both directions. Another speaker's statements keep their own qualifier.

One person said with two words is one person living with the user (``same_housemate``): "I live with my roommate"
(``fact:lives_with:roommate``) is ended by "室友搬走了" (``fact:lives_with:室友``), and "I live with my partner" by
"my girlfriend moved out". The keys are matched when the new statement is read (no stored key is rewritten), so
a store written before a word was added to the lexicon still matches.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.types import Candidate
from memory_core.text.relations import person_label, relation_names

__all__ = ["household_moves", "same_housemate", "same_person"]

_WITH = "fact:lives_with:"
_HOME = re.compile(r"fact:(?P<rel>[^/@:]+)/lives_in")


def _add_ends(cand: Candidate, keys: list[str]) -> None:
    cand.ends = tuple(dict.fromkeys((*cand.ends, *keys)))


def household_moves(cands: list[Candidate], rows: Callable[[tuple[str, ...]], list[tuple[str, str, str]]]) -> None:
    """Add to a relative's move in ends their home, and to a relative's new home ends their living with the user.

    Args:
        cands: the turn's candidates, changed in place (``ends`` grows).
        rows: the user's active rows under key prefixes as ``(id, key, description)``; read once, only when a
            candidate states a relative's home (to find the ``lives_with`` keys said of that relative).
    """
    homes: list[tuple[Candidate, str, str]] = []
    for cand in cands:
        if cand.is_event or cand.polarity < 0:
            continue
        plain, at, qualifier = cand.key.partition("@")
        suffix = f"@{qualifier}" if at else ""
        if plain.startswith(_WITH):
            said = plain[len(_WITH):]
            label = person_label(said)
            names = dict.fromkeys((label, said, *(person_label(n) for n in relation_names(label))))
            _add_ends(cand, [f"fact:{name}/lives_in{suffix}" for name in names])
        elif (m := _HOME.fullmatch(plain)) is not None:
            homes.append((cand, person_label(m.group("rel")), suffix))
    if not homes:
        return
    stored = [key for _, key, _ in rows((_WITH,))]
    for cand, label, suffix in homes:
        _add_ends(cand, [key for key in stored if (key.endswith(suffix) if suffix else "@" not in key)
                         and person_label(key.partition("@")[0][len(_WITH):]) == label])


def _gender(label: str) -> str:
    known = lexicon().gender
    return known.get(label) or next((known[n] for n in relation_names(label) if n in known), "")


def same_person(said: str, stored: str, ended: bool) -> bool:
    """True when the ``lives_with`` labels ``said`` and ``stored`` name one person of the user's home.

    Two names of one relation (``relations.yaml`` groups, in either language: "roommate" and "室友") are one person;
    for a move out (``ended``), so are two partner words of no contrary gender (``slots.yaml``
    ``partner_relations``, ``relation_gender``: "partner" and "girlfriend", 对象 and 男朋友; not "girlfriend"
    and "boyfriend").
    """
    if said == stored:
        return False  # one key: the statement meets it as said
    said, stored = person_label(said), person_label(stored)
    if said == stored or stored in relation_names(said):
        return True
    partners = lexicon().partners
    if not (ended and said in partners and stored in partners):
        return False
    genders = {_gender(said), _gender(stored)} - {""}
    return len(genders) <= 1


def same_housemate(cands: list[Candidate], rows: Callable[[tuple[str, ...]], list[tuple[str, str, str]]]) -> None:
    """Add to a ``lives_with`` statement ends the same person's stored ``lives_with`` under another word.

    Args:
        cands: the turn's candidates, changed in place (``ends`` grows).
        rows: the user's active rows under key prefixes as ``(id, key, description)``; read once, only when a
            candidate is a ``lives_with`` statement.
    """
    said = [c for c in cands if not c.is_event and c.key.startswith(_WITH)]
    if not said:
        return
    stored = [key for _, key, _ in rows((_WITH,))]
    for cand in said:
        plain, at, qualifier = cand.key.partition("@")
        label = plain[len(_WITH):]
        _add_ends(cand, [key for key in stored if key.partition("@")[1:] == (at, qualifier)
                         and same_person(label, key.partition("@")[0][len(_WITH):], cand.polarity < 0)])
