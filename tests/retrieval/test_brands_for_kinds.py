"""A brand or make said for its kind is found by the kind (``data/categories.yaml``), both languages; the new
everyday glosses link both ways; an in-law is their own relation, not the son or mother their name holds."""

from __future__ import annotations

import pytest

from memory_core.retrieval.asked_person import named_people, person_terms
from memory_core.retrieval.categories import category_terms
from memory_core.retrieval.glosses import gloss_terms
from memory_core.text.tokenize import tokenize


@pytest.mark.parametrize(("query", "member"), [
    ("Does he still use chewing tobacco?", "copenhagen"), ("Does he still use chewing tobacco?", "dip"),
    ("What e-bike does she ride?", "台铃"), ("他骑什么电动车？", "雅迪"), ("他骑什么电动车？", "niu"),
    ("Where do they park the RV?", "winnebago"), ("他们的房车停哪？", "airstream"),
    ("What food delivery app does she use?", "饿了么"), ("她用哪个外卖平台？", "doordash"),
    ("Which courier does he ship with?", "极兔"), ("他用什么快递？", "fedex"),
    ("What engine is his game made in?", "godot"), ("她喜欢喝什么奶茶？", "霸王茶姬"),
    ("What milk tea does she like?", "喜茶"), ("他的网店开在哪个平台？", "shopify"),
])
def test_a_kind_searches_its_brands(query: str, member: str) -> None:
    assert tokenize(member)[-1] in category_terms(tokenize(query))


def test_a_brand_is_kept_whole_and_names_no_other_thing() -> None:
    assert "天猫" in tokenize("我在天猫上买的") and "霸王茶姬" in tokenize("现在更喜欢霸王茶姬")
    tea = category_terms(tokenize("她喜欢喝什么奶茶？"))
    assert "阿姨" not in tea and "猫" not in category_terms(tokenize("她的网店在哪个电商平台？"))


@pytest.mark.parametrize(("word", "other"), [
    ("房车", "rv"), ("motorhome", "房车"), ("嚼烟", "chew"), ("chewing tobacco", "嚼烟"), ("转岗", "transfer"),
    ("transferred", "转岗"),
])
def test_the_glosses_link_both_ways(word: str, other: str) -> None:
    glossed = gloss_terms(tokenize(word) + ([word.replace(" ", "")] if " " in word else []), [])
    assert any(t in glossed for t in tokenize(other)), glossed


@pytest.mark.parametrize(("text", "names"), [
    ("what does her son-in-law do?", {"son-in-law", "女婿"}), ("女婿跳槽到上海了", {"son-in-law", "女婿"}),
    ("my mother-in-law is visiting", {"mother-in-law", "婆婆"}), ("我嫂子在医院上班", {"sister-in-law", "嫂子"}),
    ("my son plays soccer", {"son", "儿子"}),
])
def test_an_in_law_is_their_own_relation(text: str, names: set[str]) -> None:
    groups = named_people(text)
    assert len(groups) == 1 and names <= groups[0]


def test_an_in_law_is_searched_without_the_relation_their_name_holds() -> None:
    terms = person_terms("what does her son-in-law do?")
    assert "女婿" in terms and "son" not in terms and "儿子" not in terms
