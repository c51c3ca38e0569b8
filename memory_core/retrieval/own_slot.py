"""A first-person question puts the user's own slot item before another person's item of the same attribute.

"What diet am I on?" with "用户是生酮" (``fact:diet``) and "用户的老公是素食者"
(``fact:husband/diet``): both hold the asked attribute, the husband's is newer
and was said at more length, and a score factor (``rerank.subject_factors``)
left it first. The question asks about the user ("I", "我", naming no
relation), so the user's own value of that attribute is the answer and the
other person's comes after it: ``own_before_others`` moves each other
person's slot item to just after the last of the user's own active items of
the same attribute in the short list (DESIGN invariant 9's "current first",
applied to whose fact it is). The slot key says the subject and the attribute
(``turn_shape.key_subject``, ``names.key_attribute``); an item no key speaks for (a raw turn, a free-form item, a
``family`` fact) is the person's its text opens on (``opening_person.item_person``: "my coworker Jen met…",
"我老公拿到 offer 了"). When the list holds no current value of the user's for that attribute, another person's item
goes after the first of the user's own words in the list (an own item, or a turn the user said about themselves),
unless the user's value of it ended (superseded): then the user has none, and theirs keeps its place.

A question about where the user lives asked of them in the third person or by their name ("where does Dale
live now?", "他住哪？") is about the user too, unless it names the other person. When the short list holds no
home of the user's own but another person's home ("User's buddy Earl lives in Phoenix"), that home goes after
the first of the user's own words in the list (an own item, or a turn the user said): a friend's or an
ex-employee's city is never the first answer to where the user lives (issue 13).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from memory_core.model import Kind, MemoryItem, Status
from memory_core.retrieval.names import key_attribute
from memory_core.retrieval.opening_person import item_person, person_attributes
from memory_core.retrieval.turn_shape import asks_about_user, asks_in_third_person, key_subject
from memory_core.text.relations import names_person

__all__ = ["own_before_others"]

#: Attributes whose other-person value goes after the user's own words when the list holds no own value.
_HOME_ATTRS = frozenset({"lives_in"})
# a name the question says (a capitalised word after its first): "where does Dale live now?"
_NAME = re.compile(r"(?<=\s)[A-Z][a-z]+")


def _names_them(folded: str, names: list[str], item: MemoryItem, subject: str) -> bool:
    """True when the question names the other person of ``item``: their relation ("buddy"), the name its key
    holds (``fact:buddy/earl/lives_in``) or a name of the question that its text says ("Earl")."""
    if names_person(folded, subject):
        return True
    segments = str(item.key).partition(":")[2].split("@", 1)[0].split("/")[1:-1]
    return any(seg and seg.casefold() in folded for seg in segments) or any(n in item.description for n in names)


def _whose(item: MemoryItem | None) -> tuple[str, str] | None:
    """(subject, attribute) of a slot item by its key (``turn_shape.key_subject``, ``names.key_attribute``); for an
    item no key says whose (a raw turn, a free-form item, a ``family`` fact), (the person its text opens on, "")
    (``opening_person.item_person``: "my coworker Jen met…", "我老公拿到 offer 了"); None when nothing says."""
    if item is None:
        return None
    subject = key_subject(item.key) if item.kind != Kind.EVENT else None
    attribute = key_attribute(item.key) if subject is not None else None
    if subject is None or not attribute or (not subject and attribute in person_attributes()):
        person = item_person(item)
        if person:
            return person, ""
    return (subject, attribute) if subject is not None and attribute else None


def _users_own(item: MemoryItem | None, whose: tuple[str, str] | None) -> bool:
    """True for the user's own active slot item, or a turn the user (not the assistant) said that does not open
    on another person."""
    if item is None or item.status != Status.ACTIVE:
        return False
    if whose is not None:
        return not whose[0]
    return item.kind == Kind.EVENT and bool(item.speaker) and item.speaker != "assistant"


def own_before_others(query: str, items: Sequence[MemoryItem | None], order: np.ndarray,
                      scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``order`` (slots, best first) and ``scores`` with other people's slot items after the user's own items of the
    same attribute, when ``query`` asks about the user and names none of those people; else unchanged.

    A moved item's score becomes at most the score of the item it now follows, so scores stay in rank order.
    """
    names = _NAME.findall(query)
    about_user = asks_about_user(query)
    if not (about_user or asks_in_third_person(query) or names):
        return order, scores
    slots = order.tolist()
    whose = [_whose(items[j]) for j in slots]
    folded = query.casefold()
    if any(w is not None and w[0] and names_person(folded, w[0]) for w in whose):
        return order, scores  # "what diet is my husband on?" asks about him
    own_last: dict[str, int] = {}
    for n, w in enumerate(whose):
        if w is not None and not w[0] and (it := items[slots[n]]) is not None and it.status == Status.ACTIVE:
            own_last[w[1]] = n
    # any attribute for a question about the user; a question by a name or in the third person moves only a home
    # ("Where does Amy work?" names no speaker of this memory: nothing else changes)
    targets = {n: own_last[w[1]] for n, w in enumerate(whose)
               if w is not None and w[0] and (about_user or w[1] in _HOME_ATTRS) and own_last.get(w[1], -1) > n}
    first_own = next((n for n, j in enumerate(slots) if _users_own(items[j], whose[n])), -1)
    # a value of the user's that ended ("User is vegetarian", superseded) leaves the user none: another person's
    # value of that attribute keeps its place (a home excepted: a friend's city is never where the user lives)
    ended = {w[1] for n, w in enumerate(whose)
             if w is not None and not w[0] and (it := items[slots[n]]) is not None and it.status != Status.ACTIVE}
    targets.update({n: first_own for n, w in enumerate(whose)
                    if w is not None and w[0] and w[1] not in own_last and first_own > n
                    and (w[1] in _HOME_ATTRS or (about_user and w[1] not in ended))})
    moves = sorted(n for n in targets
                   if not _names_them(folded, names, items[slots[n]], whose[n][0]))  # type: ignore[arg-type,index]
    if not moves:
        return order, scores
    positions = list(range(len(slots)))
    values = scores.tolist()
    for n in reversed(moves):  # the later ones first, so each earlier index is still where it was
        target = targets[n]
        at = positions.index(target)
        positions.remove(n)
        positions.insert(at, n)  # after the removal, ``at`` is just past the own item
    new_scores: list[float] = []
    for m, n in enumerate(positions):
        value = values[n]
        if m and new_scores[-1] < value:
            value = new_scores[-1]
        new_scores.append(value)
    return order[np.array(positions, dtype=np.int64)], np.array(new_scores)
