"""A correction that moves a fact to another person keeps that person's fact beside the user's negation (issue 13:
memory_core/pipeline/person_cleft.py, correction_person.moved_to_other)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.person_cleft import person_cleft


@pytest.mark.parametrize(("text", "plain"), [
    ("no, it's my husband who's allergic to shrimp, not me",
     "no, my husband is allergic to shrimp, I'm not allergic to shrimp"),
    ("I'm not allergic to shrimp, my husband is", "I'm not allergic to shrimp, my husband is allergic to shrimp"),
    ("not me, my husband is the one allergic to shrimp", "not me, my husband is allergic to shrimp"),
    ("it's my sister who lives in Leeds", "my sister lives in Leeds"),
    ("我不对虾过敏，是我老公对虾过敏", "我不对虾过敏，我老公对虾过敏"),
    ("不是我，是我老公对虾过敏", "不是我，我老公对虾过敏"),
])
def test_a_fact_given_to_another_person_is_read_as_theirs(text: str, plain: str) -> None:
    assert person_cleft(text) == plain


@pytest.mark.parametrize("text", ["是我的问题", "it's my turn to cook", "I'm not sure, my husband is out"])
def test_no_person_cleft_is_left_as_said(text: str) -> None:
    assert person_cleft(text) == text


@pytest.mark.parametrize(("texts", "theirs", "mine"), [
    (["我对虾过敏", "不对，你记错了，我不对虾过敏，是我老公对虾过敏"], "fact:husband/allergy:shellfish",
     "fact:allergy:shellfish"),
    (["I'm allergic to shrimp", "no, it's my husband who's allergic to shrimp, not me"],
     "fact:husband/allergy:shellfish", "fact:allergy:shellfish"),
    (["不对，你记错了，我住杭州不是上海，而且我不对虾过敏，是我老公对虾过敏"], "fact:husband/allergy:shellfish",
     "fact:allergy:shellfish"),
])
def test_the_other_persons_fact_and_the_users_negation_are_both_kept(texts: list[str], theirs: str, mine: str) -> None:
    items = planned_items(texts, timedelta(days=4))
    active = [(key, text) for status, key, text in items if status == "active"]
    assert any(key == theirs for key, _ in active), active
    own = [text for key, text in active if key == mine]
    assert own and all("不过敏" in text or "not allergic" in text for text in own), active
