"""Allergens by category (food, drug, environment, outdoor, medical, animal), English and Chinese: a food
question sees food allergies only (memory_core/pipeline/allergens.py, data/allergens.yaml; sensitive.diet_shown)."""

from __future__ import annotations

import pytest

from memory_core.pipeline.allergens import allergen_kinds
from memory_core.pipeline.sensitive import detect, diet_shown


@pytest.mark.parametrize(("text", "kinds"), [
    ("I'm allergic to peanuts.", {"food"}),
    ("my daughter has a shellfish allergy", {"food"}),
    ("she's allergic to kiwis and strawberries", {"food"}),
    ("I'm allergic to penicillin", {"drug"}),
    ("allergic to amoxicillin since I was a kid", {"drug"}),
    ("he had a bad reaction, he's allergic to erythromycin", {"drug"}),
    ("I'm allergic to latex gloves", {"medical"}),
    ("my pollen allergy is terrible in May", {"outdoor"}),
    ("My son is allergic to bee stings.", {"outdoor"}),
    ("she's allergic to wasps and mosquito bites", {"outdoor"}),
    ("allergic to cats and dust mites", {"animal", "environment"}),
    ("I'm allergic to nickel, so no cheap earrings", {"environment"}),
    ("我对猫毛过敏", {"animal"}),
    ("I'm allergic to peanuts and penicillin", {"food", "drug"}),
    ("我对花生过敏", {"food"}),
    ("老婆海鲜过敏", {"food"}),
    ("我女儿对牛肉过敏", {"food"}),
    ("我对青霉素过敏", {"drug"}),
    ("他头孢过敏，别乱吃药", {"drug"}),
    ("我花粉过敏，春天很难受", {"outdoor"}),
    ("我儿子对蜜蜂过敏", {"outdoor"}),
    ("她对面膜过敏", {"environment"}),
    ("我对乳胶过敏", {"medical"}),
    ("他对碘伏过敏", {"medical"}),
    ("我对蜂蜜过敏", {"food"}),  # 蜂蜜 is a food, not a bee
    ("I have allergies", set()),
])
def test_the_kind_of_an_allergen(text: str, kinds: set[str]) -> None:
    assert allergen_kinds(text) == kinds


@pytest.mark.parametrize(("text", "shown"), [
    ("I'm allergic to peanuts.", True),
    ("My daughter has a severe egg allergy.", True),
    ("I'm allergic to penicillin.", False),
    ("I'm allergic to latex.", False),
    ("My pollen allergy is acting up.", False),
    ("我对花生过敏。", True),
    ("我女儿对芒果过敏。", True),
    ("我对青霉素过敏。", False),
    ("我花粉过敏。", False),
    ("我对尘螨过敏。", False),
])
@pytest.mark.parametrize("question", ["what should I cook for her?", "晚饭吃什么？"])
def test_a_food_question_sees_food_allergies_only(text: str, shown: bool, question: str) -> None:
    findings = [f for f in detect(text) if f.category == "health"]
    assert findings, text
    assert any(diet_shown(question, text, f) for f in findings) is shown
    assert not any(diet_shown("when is my next meeting?", text, f) for f in findings)
