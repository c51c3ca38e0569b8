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
(``turn_shape.key_subject``, ``names.key_attribute``); no guess from the text.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from memory_core.model import Kind, MemoryItem, Status
from memory_core.retrieval.names import key_attribute
from memory_core.retrieval.turn_shape import asks_about_user, key_subject
from memory_core.text.relations import names_relation

__all__ = ["own_before_others"]


def own_before_others(query: str, items: Sequence[MemoryItem | None], order: np.ndarray,
                      scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``order`` (slots, best first) and ``scores`` with other people's slot items after the user's own items of the
    same attribute, when ``query`` asks about the user and names none of those people; else unchanged.

    A moved item's score becomes at most the score of the item it now follows, so scores stay in rank order.
    """
    if not asks_about_user(query):
        return order, scores
    slots = order.tolist()
    whose: list[tuple[str, str] | None] = []
    for j in slots:
        item = items[j]
        subject = key_subject(item.key) if item is not None and item.kind != Kind.EVENT else None
        attribute = key_attribute(item.key) if subject is not None and item is not None else None
        whose.append((subject, attribute) if subject is not None and attribute else None)
    folded = query.casefold()
    if any(w is not None and w[0] and names_relation(folded, w[0]) for w in whose):
        return order, scores  # "what diet is my husband on?" asks about him
    own_last: dict[str, int] = {}
    for n, w in enumerate(whose):
        if w is not None and not w[0] and (it := items[slots[n]]) is not None and it.status == Status.ACTIVE:
            own_last[w[1]] = n
    moves = [n for n, w in enumerate(whose) if w is not None and w[0] and own_last.get(w[1], -1) > n]
    if not moves:
        return order, scores
    positions = list(range(len(slots)))
    values = scores.tolist()
    for n in reversed(moves):  # the later ones first, so each earlier index is still where it was
        target = own_last[whose[n][1]]  # type: ignore[index]
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
