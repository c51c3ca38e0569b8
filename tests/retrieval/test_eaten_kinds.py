"""A pet question is not answered by what the user eats: 吃鱼 / "eat fish" is food, never a pet fish."""

from __future__ import annotations

import numpy as np
import pytest
from test_turn_window import slot

from memory_core.embedded import EmbeddedMemory
from memory_core.model import Kind
from memory_core.retrieval.eaten_kinds import eaten_factors, eats_only


@pytest.mark.parametrize(("text", "food"), [
    ("用户吃鱼", True), ("我现在开始吃鱼了，不算全素了。", True), ("I eat fish again", True),
    ("I started eating chicken again", True), ("用户不吃虾", True),
    ("我的猫爱吃鱼", False),  # the cat is a pet the text names
    ("家里有两条金鱼", False), ("用户养了一条鱼", False), ("We have a rabbit called Biscuit", False),
    ("I went fishing on Sunday", False),
])
def test_an_animal_after_an_eating_word_is_food_not_a_pet(text: str, food: bool) -> None:
    assert eats_only(text) is food


def test_only_a_question_naming_pets_weighs_food_down() -> None:
    items = [slot("用户吃鱼", "pref:diet@u", "t1", Kind.PREFERENCE), slot("用户家里有一只猫", "fact:pet@u", "t2")]
    docs = np.array([0, 1])
    assert eaten_factors("她有什么宠物？", items, docs, 0.5).tolist() == [0.5, 1.0]
    assert eaten_factors("What pets does she have?", items, docs, 0.5).tolist() == [0.5, 1.0]
    assert eaten_factors("她吃鱼吗？", items, docs, 0.5) is None  # a diet question is about the food


WORLDS = {
    "zh": (["家里有一只猫叫年糕，是只橘猫。", "我最近开始吃鱼了，不算全素了。"], "她有什么宠物？", ("年糕", "猫")),
    "en": (["We have a rabbit called Biscuit at home.", "I started eating fish and chicken again."],
           "我养了什么宠物？", ("Biscuit", "rabbit")),
}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_pet_question_puts_the_pet_before_the_fish_the_user_eats(lang: str, mem: EmbeddedMemory) -> None:
    texts, query, pet = WORLDS[lang]
    mem.add([{"role": "user", "content": t, "timestamp": f"2025-0{3 + n}-02T20:00:00Z"}
             for n, t in enumerate(texts)], user_id="ann")
    shown = [r["description"] for r in mem.search(query, user_id="ann", k=3)]
    assert any(w in shown[0] for w in pet), shown  # was: "用户吃鱼" first, the fish read as a pet
