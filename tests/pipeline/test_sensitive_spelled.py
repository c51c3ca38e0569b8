"""A health value is masked in every spelling a text gives it, and known conditions are found by name (EN and ZH)."""

from __future__ import annotations

import pytest

from memory_core.pipeline.sensitive_detect import detect, mask


@pytest.mark.parametrize(("text", "shown"), [
    # the same value in the other language or a synonym, a clause away from the one a rule found
    ("上海秋天好像有什么 ragweed 还是桂花。医生说我其实是对豚草过敏",
     "上海秋天好像有什么 [health] 还是桂花。[health]过敏"),
    ("用户对花粉过敏；看来用户是对 Seattle 那边的 grass pollen 过敏",
     "用户对[health]过敏；看来用户是对 Seattle 那边的 [health] 过敏"),
    ("他对青霉素过敏，penicillin 以后都不能用", "他对[health]过敏，[health] 以后都不能用"),
    ("She's allergic to latex, so no 乳胶 gloves", "She's allergic to [health], so no [health] gloves"),
    ("我对芒果过敏，mango smoothie 也不行", "我对[health]过敏，[health] smoothie 也不行"),
    # an English allergen right before 过敏 in a Chinese clause
    ("我对 dust mites 过敏", "我对 [health] 过敏"),
    # a two-word allergen before "allergy"
    ("Confirmed: I've developed a bee venom allergy.", "Confirmed: I've developed a [health] allergy."),
    # a known condition by name, the whole term one value
    ("今天去做了妊娠糖尿病筛查", "今天去做了[health]筛查"),
    ("She was tested for gestational diabetes", "She was tested for [health]"),
    ("我有腰椎间盘突出，久坐就疼", "我有[health]，久坐就疼"),
    ("ENT says it's tinnitus", "ENT says it's [health]"),
    ("他打球半月板撕裂了", "他打球[health]了"),
    ("The physio thinks it's a meniscus tear", "The physio thinks it's a [health]"),
    ("I've had a slipped disc since March", "I've had a [health] since March"),
    ("老公最近耳鸣很严重", "老公最近[health]很严重"),
])
def test_every_spelling_of_a_health_value_is_masked(text: str, shown: str) -> None:
    assert mask(text) == shown


@pytest.mark.parametrize("text", [
    # ordinary words that share a name with an allergen or a condition stay clear where nothing is hidden
    "The pollen count is high today, let's stay in",
    "I love peanuts and mango smoothies",
    "我喜欢吃芒果，也爱吃花生",
    "Our ENT appointment is on Tuesday",
    "The DJ played an old disc from the 80s",
    "这个半月板的模型很贵，是给医学院买的",
    "桂花开了，整条街都是香味",
    "I live in Lisbon and I love jazz.",
    "她刚买了一副乳胶手套做家务",
    # a condition a medium is about is a topic, not anyone's health
    "I listened to a podcast about tinnitus",
    "我在读一本讲耳鸣的书",
])
def test_ordinary_sentences_stay_clear(text: str) -> None:
    assert detect(text) == []


def test_another_spelling_is_masked_only_beside_a_hidden_value() -> None:
    assert mask("我对花生过敏") == "我对[health]过敏"
    assert mask("Peanut butter sandwiches are his favourite") == "Peanut butter sandwiches are his favourite"
    assert mask("我对花生过敏，peanut butter 也不能吃") == "我对[health]过敏，[health] butter 也不能吃"
