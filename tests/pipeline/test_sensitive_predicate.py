"""A masked health value keeps the words saying what kind of fact it is (EN and ZH)."""

from __future__ import annotations

import pytest

from memory_core.pipeline.sensitive_detect import mask
from memory_core.shown import shown_text


@pytest.mark.parametrize(("text", "shown"), [
    ("User is allergic to penicillin", "User is allergic to [health]"),
    ("User takes metformin every day", "User takes [health] every day"),
    ("User no longer takes metformin", "User no longer takes [health]"),
    ("用户对青霉素过敏", "用户对[health]过敏"),
    ("用户每天吃二甲双胍", "用户每天吃[health]"),
    ("用户确诊了抑郁症", "用户确诊了[health]"),
    # the condition after "diagnosed with" is the value: it was left in clear when the finding stopped at the verb
    ("User was diagnosed with diabetes", "User was diagnosed with [health]"),
    ("I was just diagnosed with type 2 diabetes last year", "I was just diagnosed with [health] last year"),
    ("用户被诊断出糖尿病", "用户被诊断出[health]"),
    # a clause after the allergen list, its subject a name or a noun, is no allergen: its words stay in clear
    ("User is allergic to shellfish, Sarah keeps reminding the in-laws", "User is allergic to [health], Sarah keeps "
     "reminding the in-laws"),
    ("User is allergic to cats, my wife has two though", "User is allergic to [health], my wife has two though"),
    ("User is allergic to peanuts, tree nuts and latex", "User is allergic to [health]"),
])
def test_health_value_masked_predicate_kept(text: str, shown: str) -> None:
    assert mask(text) == shown
    assert shown_text(text) == shown
    assert shown_text(text, reveal=True) == text


def test_other_categories_and_bare_values_are_masked_whole() -> None:
    assert "sk-" not in mask("my api key is sk-abcdefghijklmnopqrstuvwx1234")
    assert mask("User has diabetes") == "User has [health]"
    assert mask("用户有糖尿病").endswith("[health]")


@pytest.mark.parametrize(("text", "shown"), [
    # an allergy: the allergen is the value in both languages; the allergy word and who has it stay readable
    ("Our daughter has a bad walnut allergy", "Our daughter has a bad [health] allergy"),
    ("Grandpa is allergic to aspirin and ibuprofen", "Grandpa is allergic to [health]"),
    ("He is allergic to latex and his boss knows", "He is allergic to [health] and his boss knows"),
    ("女儿对核桃过敏", "女儿对[health]过敏"),
    ("爷爷对阿司匹林特别过敏", "爷爷对[health]特别过敏"),
    ("我老公芒果过敏，别买", "我老公[health]过敏，别买"),
    ("外婆对头孢类抗生素严重过敏", "外婆对[health]严重过敏"),
])
def test_an_allergen_is_masked_the_same_way_in_both_languages(text: str, shown: str) -> None:
    assert mask(text) == shown
    assert shown_text(text, reveal=True) == text


@pytest.mark.parametrize("text", ["我过敏了", "最近老是过敏", "I have allergies"])
def test_an_allergy_with_no_allergen_named_hides_nothing(text: str) -> None:
    assert mask(text) == text


@pytest.mark.parametrize(("text", "shown"), [
    ("体检查出来是轻度贫血", "体检查出来是[health]"),
    ("去年查出有轻度贫血", "去年查出有[health]"),
])
def test_what_a_checkup_found_keeps_its_predicate(text: str, shown: str) -> None:
    assert mask(text) == shown
