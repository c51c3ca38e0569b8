"""An allergy corrected by naming the right allergen after the wrong one ("not X, it was Y", 不是X，是Y) supersedes
the wrong allergy with the right one, in English and Chinese; the stored allergy is the fact, not the request said
with it (memory_core/pipeline/correction.py, the request split of memory_core/pipeline/clauses.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.correction import read_correction


@pytest.mark.parametrize(("text", "pair"), [
    ("actually I'm not allergic to peanuts, it was cashews. my bad", ("cashews", "peanuts")),
    ("I'm not allergic to peanuts, it's cashews", ("cashews", "peanuts")),
    ("I meant cashews not peanuts", ("cashews", "peanuts")),
    ("说错了，不是花生，是腰果过敏", ("腰果", "花生")),
    ("I do not like it, it is too sweet", None),
])
def test_the_pair_of_a_correction(text: str, pair: tuple[str, str] | None) -> None:
    assert read_correction(text) == pair


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["I'm allergic to peanuts, pls remember when recommending snacks",
      "actually I'm not allergic to peanuts, it was cashews. my bad"], "allergic to peanuts", "allergic to cashews"),
    (["我对花生过敏", "说错了，不是花生，是腰果过敏"], "对花生过敏", "腰果"),
])
def test_a_corrected_allergy_is_superseded_by_the_right_one(texts: list[str], old: str, new: str) -> None:
    items = planned_items(texts, timedelta(days=30))
    active = [d for s, _, d in items if s == "active"]
    assert any(new in d for d in active), items
    assert not any(old in d and "not" not in d for d in active), items


def test_the_allergy_item_is_the_fact_not_the_request() -> None:
    items = planned_items(["I'm allergic to shellfish, please remember that when suggesting restaurants"],
                          timedelta(minutes=1))
    assert ("active", "fact:allergy:shellfish", "User is allergic to shellfish") in items, items


def test_denying_another_allergen_keeps_the_first() -> None:
    items = planned_items(["I'm allergic to peanuts", "I'm not allergic to shellfish though"], timedelta(days=30))
    assert any(s == "active" and "allergic to peanuts" in d for s, _, d in items), items
