"""A pet named with a naming verb after the animal ("named her Miso", "取名叫年糕") is stored with its name, and a
new pet of the same kind named so replaces the old one's name."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.naming_verb import naming_said


def _active(texts: list[str]) -> list[str]:
    """Descriptions of the active items ``texts`` leave, said a day apart."""
    return [d for s, _, d in planned_items(texts, timedelta(days=1)) if s == "active"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("We adopted a kitten last weekend though, named her Miso.", "Miso"),
        ("got a puppy and named him Max", "Max"),
        ("I adopted a rescue dog, we call him Biscuit", "Biscuit"),
        ("we got a bunny too, and we named him Thumper", "Thumper"),
        ("领养了一只小猫，取名叫年糕", "年糕"),
        ("我养了一只小猫，给它起名叫汤圆", "汤圆"),
        ("上个月收养了一只柴犬，取名为Lucky", "Lucky"),
    ],
)
def test_named_by_a_verb(text: str, name: str) -> None:
    assert any(name in d for d in _active([text])), _active([text])


@pytest.mark.parametrize(
    ("old", "new", "name", "gone"),
    [
        (
            "my cat Noodle just knocked my coffee over",
            "Noodle passed away in June. We adopted a kitten though, named her Miso",
            "Miso",
            "Noodle",
        ),
        ("我的猫叫豆豆", "豆豆走了，我们又领养了一只小猫，取名叫年糕", "年糕", "豆豆"),
    ],
)
def test_new_pet_named_by_a_verb_replaces_the_old(old: str, new: str, name: str, gone: str) -> None:
    active = [d for d in _active([old, new]) if "猫" in d or "cat" in d or "kitten" in d]
    assert any(name in d for d in active), active
    assert not any(gone in d for d in active), active


def test_a_call_to_a_person_names_no_pet() -> None:
    assert naming_said("I called her Mom yesterday, then fed the cat") == "I called her Mom yesterday, then fed the cat"
    assert naming_said("我叫她妈妈") == "我叫她妈妈"
