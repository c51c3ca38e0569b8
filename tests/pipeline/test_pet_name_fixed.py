"""A correction of one pet's name renames that pet only, whatever the script of the names."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items


def _active(texts: list[str]) -> list[str]:
    """Descriptions of the active items ``texts`` leave, said a day apart."""
    return [d for s, _, d in planned_items(texts, timedelta(days=1)) if s == "active"]


@pytest.mark.parametrize(("texts", "now", "kept", "gone"), [
    (["I have a cat named 团子", "adopted a corgi!! His name is Biscuit", "actually I meant my cat's name is 汤圆"],
     "User has a cat named 汤圆", "User has a corgi named Biscuit", "User has a cat named 团子"),
    (["I have a cat named 年糕", "I also have a dog named Biscuit", "sorry, I meant my dog's name is 豆豆"],
     "User has a dog named 豆豆", "User has a cat named 年糕", "User has a dog named Biscuit"),
    (["我养了一只猫叫Cinnamon", "我还有一只狗叫Biscuit", "说错了，我的狗叫Pudding"],
     "用户有一只狗叫Pudding", "用户有一只猫叫Cinnamon", "用户有一只狗叫Biscuit"),
    (["I have a cat named 团子", "actually I meant my cat's name is 汤圆, 团子 is my sister's cat lol"],
     "User has a cat named 汤圆", "", "User has a cat named 团子"),
])
def test_name_correction_touches_its_own_pet(texts: list[str], now: str, kept: str, gone: str) -> None:
    active = _active(texts)
    assert now in active, active
    assert not kept or kept in active, active
    assert gone not in active, active


def test_same_chinese_name_said_again_is_no_change() -> None:
    active = _active(["I have a cat named 团子", "my cat is called 团子"])
    assert active.count("User has a cat named 团子") == 1, active
