"""A list question asking for a kind's members does not take an allergy to one of them for a member
(retrieval/not_members.py, list_question.member_rankings): "what pets does she have?" over "allergic to cats"."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import numpy as np

from memory_core.model import Kind, MemoryItem
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.not_members import kind_members_only
from memory_core.retrieval.stages import HYBRID_PRESETS

T0 = datetime(2025, 6, 2, tzinfo=UTC)
ON = replace(HYBRID_PRESETS["hybrid"], dense=False)


def _item(text: str, key: str | None = None, kind: Kind = Kind.FACT) -> MemoryItem:
    return MemoryItem.create("u", text, "identity", kind=kind, at=T0, valid_from=T0, key=key)


def test_allergy_items_and_turns_leave_the_kind_ranking_in_order() -> None:
    items = [_item("User is allergic to cats", "fact:allergy:cats"), _item("User has a cat named Luna", "fact:pet:cat"),
             _item("user: I'm allergic to dogs", kind=Kind.EVENT), None,
             _item("用户乳糖不耐受", "fact:intolerance:lactose"), _item("user: we got a kitten", kind=Kind.EVENT)]
    kept = kind_members_only(np.array([0, 1, 2, 3, 4, 5], dtype=np.int64), items)
    assert kept.tolist() == [1, 3, 5]
    assert kind_members_only(np.array([], dtype=np.int64), items).shape == (0,)


def test_a_pets_list_question_does_not_bring_the_allergy_but_a_cat_question_does() -> None:
    """The allergy shares the member "cat" with the question's kind; it is no pet, but "does she have a cat?"
    (no list of a kind) still finds it by its own word."""
    items = [_item("User is allergic to cats", "fact:allergy:cats"), _item("User lives in Denver", "fact:lives_in"),
             _item("User likes jazz", "pref:jazz")]
    index = HybridIndex.build(items, [], window=0)
    assert [r.item.description for r in index.search("what pets does she have?", k=3, settings=ON)] == []
    found = [r.item.description for r in index.search("Does she have a cat?", k=3, settings=ON)]
    assert found[:1] == ["User is allergic to cats"], found
