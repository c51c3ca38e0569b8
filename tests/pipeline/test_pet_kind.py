"""A pet's kind said with its subject left out ("是只边牧") is the pet's detail, never a fact that the user is an
animal; an animal named earlier in the turn that is not the user's keeps it nobody's.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.pet_kind import pet_filled
from memory_core.pipeline.terse import terse_filled


@pytest.mark.parametrize(("clause", "before", "said"), [
    ("是只边牧", "忘了说，", "我的狗是只边牧"),
    ("是条柯基", "", "我的狗是条柯基"),
    ("对了它是只英短", "", "对了我的猫是只英短"),
    ("是只橘猫", "下班路上看到一只流浪猫，", "它是只橘猫"),
    ("是只金毛", "我家养了一只狗，", "我的狗是只金毛"),
])
def test_pet_kind_said(clause: str, before: str, said: str) -> None:
    assert pet_filled(clause, before) == said


@pytest.mark.parametrize("clause", ["是个程序员", "是只纸老虎", "我是做设计的", "他是只边牧", "是一位老师"])
def test_not_a_pet_kind(clause: str) -> None:
    assert pet_filled(clause) is None


def test_turn_keeps_the_rest() -> None:
    assert terse_filled("忘了说，是只边牧，叫豆包") == "忘了说，我的狗是只边牧，叫豆包"


def test_breed_joins_the_pet_and_the_user_is_no_animal() -> None:
    items = planned_items(["我养了一只狗，每天下班都遛它", "忘了说，是只边牧，叫豆包，今年两岁"], timedelta(days=2))
    active = [d for s, _, d in items if s == "active"]
    assert not any(d.startswith("用户是只") for d in active)
    assert any("狗" in d and "边牧" in d for d in active)


def test_a_stray_is_not_the_users_pet() -> None:
    items = planned_items(["下班路上看到一只流浪猫，是只橘猫，胖得走不动"], timedelta(days=1))
    assert not any("用户是只" in d or "用户的猫" in d for s, _, d in items if s == "active")
