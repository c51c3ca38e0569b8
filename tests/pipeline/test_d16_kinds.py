"""The kinds the blind batch d16 found missing: a home said by "here", a stay word in a code-switched turn, the
employer and title said the way Chinese chat says them, a partner named after "seeing someone", an allergy said
bare after its allergen or as a fragment again, and a weekly routine with 我 left out."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.allergens import allergy_named_back
from memory_core.pipeline.moved_there import there_named
from memory_core.pipeline.stay_put import temporary_mark
from memory_core.pipeline.terse import en_filled

DAY = timedelta(days=20)


def _active(texts: list[str]) -> list[tuple[str, str]]:
    return [(key, text) for status, key, text in planned_items(texts, DAY) if status == "active"]


@pytest.mark.parametrize(("text", "said"), [
    ("Toronto winter again. remind me why I live here", "Toronto winter again. remind me why I live in Toronto"),
    ("Austin hits 90 in march, I've lived here 6 years", "Austin hits 90 in march, I've lived in Austin 6 years"),
    ("伦敦又下雨了，我在这儿住了八年", "伦敦又下雨了，我在伦敦住了八年"),
    ("成都的夏天太热了，住这边快十年了", "成都的夏天太热了，住成都快十年了"),
    ("remind me why I live here", "remind me why I live here"),  # no city named before "here"
    ("Kyoto is lovely, people who live here are so polite", "Kyoto is lovely, people who live here are so polite"),
])
def test_a_home_said_by_here_is_the_city_named_before_it(text: str, said: str) -> None:
    assert there_named(text) == said


@pytest.mark.parametrize(("text", "lang", "found"), [
    ("人在东京，hotel 小得转不开身", "zh", "hotel"),
    ("in berlin right now, 酒店离会场很近", "en", "酒店"),
    ("我现在在 airbnb 做 data scientist", "zh", None),  # a firm named as where one works is no stay
    ("我这周一正式入职字节了", "zh", None),  # 这周一 is a day, not a stay
    ("我这周一直在出差", "zh", "这周"),
])
def test_a_stay_word_in_either_language_of_a_code_switched_turn(text: str, lang: str, found: str | None) -> None:
    mark = temporary_mark(text, lang)
    assert (mark.group() if mark else None) == found


@pytest.mark.parametrize(("text", "said"), [
    ("oh and nothing with sesame, I'm allergic", "oh and nothing with sesame, I'm allergic to sesame"),
    ("no shellfish please, I'm allergic to it", "no shellfish please, I'm allergic to shellfish"),
    ("菜里别放芒果，我过敏", "菜里别放芒果，我对芒果过敏"),
    ("we got a rescue dog. I'm allergic lol", "we got a rescue dog. I'm allergic lol"),  # another sentence
    ("我对花生过敏", "我对花生过敏"),
])
def test_a_bare_allergy_takes_the_allergen_its_sentence_named(text: str, said: str) -> None:
    assert allergy_named_back(text) == said


@pytest.mark.parametrize(("fragment", "said"), [
    ("peanut allergy", "I have a peanut allergy"),
    ("still allergic to peanuts", "I'm still allergic to peanuts"),
    ("food allergy", None),  # no allergen named
])
def test_an_allergy_said_as_a_fragment(fragment: str, said: str | None) -> None:
    assert en_filled(fragment) == said


@pytest.mark.parametrize(("texts", "key", "now"), [
    (["I live in Chicago", "Denver got snow again, I've lived here 3 years now"], "fact:lives_in",
     "User lives in Denver"),
    (["我住在北京", "厦门又下雨了，我在这儿住了五年了"], "fact:lives_in", "用户住在厦门"),
    (["坐标深圳，腾讯后台开发一枚"], "fact:works_at", "用户在腾讯工作"),
    (["我在美团工作", "这周一正式入职 Shopee 了"], "fact:works_at", "用户在Shopee工作"),
    (["my bf Marcus is great", "we broke up", "I've been seeing someone, his name is Cal"], "fact:partner",
     "User's partner is Cal"),
    (["我男朋友叫阿伟", "我们分手了", "最近和一个男生在交往，他叫阿凯"], "fact:partner", "用户的伴侣是阿凯"),
    (["no shellfish please, I'm allergic"], "fact:allergy:shellfish", "User is allergic to shellfish"),
])
def test_the_new_value_is_held(texts: list[str], key: str, now: str) -> None:
    held = _active(texts)
    assert any(k == key and text.startswith(now) for k, text in held), held


@pytest.mark.parametrize(("texts", "gone"), [
    (["我住在上海静安", "人在东京，hotel 小得转不开身，但楼下的 ramen 真的绝了"], "用户住在上海静安"),
    (["I live in Leeds", "Paris is gorgeous, wish I lived here"], "User lives in Leeds"),
])
def test_a_stay_or_a_wish_keeps_the_home(texts: list[str], gone: str) -> None:
    assert gone in [text for _, text in _active(texts)]


def test_a_like_before_a_strong_state_is_no_liking() -> None:
    texts = [text for _, text in _active(["I'm allergic to peanuts. like epipen allergic"])]
    assert not any("likes" in text for text in texts), texts


def test_a_weekly_routine_with_the_subject_left_out() -> None:
    keys = [key for key, _ in _active(["健身房不去了，现在每周六跟同事去爬山"])]
    assert any(key.startswith("fact:routine:") for key in keys), keys
