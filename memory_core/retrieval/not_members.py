"""An allergy names a thing without being one of the kind asked for: "what pets does she have?" is not answered
by "User is allergic to cats".

A list question asking for the members of a kind ("what pets does she have?", 她养了哪些宠物？) searches the
members people name (``list_question.member_rankings``: cat, dog, 猫 …) at twice the category weight, and
those terms meet the user's allergy to the animal as readily as the pet itself ("I'm allergic to cats", 我对猫毛
过敏). An allergy or intolerance item (slot attribute ``allergy`` or ``intolerance``, ``pipeline/slots.yaml``)
holds the member as what the user must keep away from, the opposite of having or doing it, so it is left out of
that ranking, and so is a raw turn saying an allergy or intolerance (``ALLERGY_WORDS``; its fact would stand in
for it); it is still found by the question's own words and by the categories whose members are the
restrictions themselves (a meal's ``intent`` entry in ``categories.yaml``), so "what can't she eat?" and "is she
allergic to anything?" keep it. A question for one fact ("does she have a cat?") is not a list of a kind and is
ranked as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from memory_core.model import Kind, MemoryItem
from memory_core.retrieval.names import key_attribute

__all__ = ["ALLERGY_WORDS", "AVERSIONS", "kind_members_only"]

#: Slot attributes whose object is what the user keeps away from, not what they have or do.
AVERSIONS = frozenset({"allergy", "intolerance"})
#: What a raw turn says an allergy or intolerance with (the needles of those slots in ``slots.yaml``).
ALLERGY_WORDS = re.compile(r"allerg|intoleran|过敏|不耐受", re.IGNORECASE)


def _aversion(item: MemoryItem) -> bool:
    """True for an allergy or intolerance item, or a raw turn (an event) that says one."""
    if item.kind == Kind.EVENT:
        return ALLERGY_WORDS.search(item.description) is not None
    return key_attribute(item.key) in AVERSIONS


def kind_members_only(slots: np.ndarray, items: Sequence[MemoryItem | None]) -> np.ndarray:
    """``slots`` (shape (n,) int64, a ranking, order kept) without the allergy and intolerance items and turns.

    Args:
        slots: a ranking of index slots by the members of the kind a list question asks for.
        items: the index's items by slot (None for a dead slot, kept: the fusion skips it as before).

    Returns:
        Shape (m,) int64, m <= n.
    """
    if not slots.shape[0]:
        return slots
    kept = [j for j in slots.tolist() if (item := items[j]) is None or not _aversion(item)]
    return slots if len(kept) == slots.shape[0] else np.asarray(kept, dtype=np.int64)
