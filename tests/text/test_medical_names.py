"""A medicine or condition named in one language and asked in the other (data/medical_names.yaml).

The names of one drug (brand, generic, Chinese) are one thing to recall's expansion and to the rule that
shows a sensitive item only when the question names its value (pipeline/sensitive.asks_for_item); an
everyday word in a health value lends it no other names.
"""

from __future__ import annotations

from memory_core.pipeline.sensitive import asks_for_item
from memory_core.pipeline.sensitive_detect import asked_categories
from memory_core.retrieval.categories import category_terms
from memory_core.text.synonyms import other_names, synonym_aliases
from memory_core.text.tokenize import tokenize


def test_a_drug_said_by_one_name_has_its_other_names():
    assert {"来士普", "escitalopram"} <= set(other_names("takes Lexapro"))
    assert {"levothyroxine", "euthyrox"} <= set(other_names("用户每天早上吃一片优甲乐"))
    assert other_names("lives with her sister") == ("lives with her sister",)


def test_a_question_naming_the_drug_in_the_other_language_asks_for_the_item():
    assert asks_for_item("她吃来士普多久了？", "User takes Lexapro")
    assert asks_for_item("Is she on levothyroxine?", "用户每天早上吃一片优甲乐")
    assert not asks_for_item("Is she on sertraline?", "User takes Lexapro")


def test_drug_and_condition_names_are_one_term_and_expand_to_the_other_language():
    for text, word in (("用户有甲减", "甲减"), ("在吃度洛西汀呢", "度洛西汀"), ("我有立普妥", "立普妥")):
        assert word in tokenize(text), text
    assert ("优甲乐",) in synonym_aliases()["euthyrox"]
    assert ("hypothyroid",) in synonym_aliases()["甲减"]


def test_a_chronic_illness_question_searches_the_conditions_people_name():
    assert "甲减" in category_terms(tokenize("她有什么慢性病？"))
    assert "diabet" in category_terms(tokenize("Does she have any chronic illness?"))


def test_health_insurance_is_not_a_question_about_the_body():
    for query in ("Which health insurance do I have?", "我买的什么健康险？", "what's on my health plan?"):
        assert "health" not in asked_categories(query), query
        assert "asthma" not in category_terms(tokenize(query)), query
    for query in ("how is her health?", "她身体健康吗？", "any medical conditions?"):
        assert "health" in asked_categories(query), query
