"""The old value must not stay active after a change (issue 13): readings that end it in any words.

- "last week" and "this week" in every form (上个礼拜, 上星期, 这个礼拜) and "a few days ago" (前几天) are time
  words, not a stay: a move said with them is a new home (``data/slots.yaml``);
- a lasting move said after a stay in the same turn ("我妈住院了。上个月我搬去了长沙") is no part of the stay
  (``extract``);
- a tea or soda water named as a drink: a switch to it replaces the drink before it (``data/slots.yaml``).
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

DAY = timedelta(days=1)


def _active(texts: list[str]) -> list[str]:
    return [d for status, _, d in planned_items(texts, DAY) if status == "active"]


@pytest.mark.parametrize(("old", "move", "gone", "new"), [
    ("我住在深圳南山", "我上个礼拜搬去了广州天河", "深圳", "广州"),
    ("我住在武汉", "我上星期搬到长沙了", "武汉", "长沙"),
    ("我住在成都", "我前几天搬去了重庆", "成都", "重庆"),
    ("我在美团上班", "我上个星期换到京东上班了", "美团", "京东"),
])
def test_a_change_said_with_a_week_word_replaces_the_old_value(old: str, move: str, gone: str, new: str) -> None:
    items = planned_items([old, move], DAY)
    assert any(s == "active" and new in d and k.startswith("fact:") for s, k, d in items), items
    assert [s for s, k, d in items if gone in d and k.startswith("fact:")] == ["superseded"], items


@pytest.mark.parametrize(("old", "turn", "new"), [
    ("我住在武汉光谷。", "我妈住院了。上个月我们全家搬去了长沙", "长沙"),
    ("我住在杭州。", "我奶奶住院了我请假回去三天。后来我搬到南京了", "南京"),
])
def test_a_move_said_after_a_stay_in_the_turn_is_lasting(old: str, turn: str, new: str) -> None:
    items = planned_items([old, turn], DAY)
    assert any(s == "active" and k.startswith("fact:lives_in") and new in d for s, k, d in items), items


def test_a_stay_alone_still_leaves_the_home() -> None:
    items = planned_items(["我住在北京。", "这周在上海出差，住酒店。"], DAY)
    assert ("active", "fact:lives_in", "用户住在北京") in items


@pytest.mark.parametrize(("old", "turn", "gone", "new"), [
    ("I drink earl grey every afternoon", "Switched to matcha lattes in the afternoon", "earl grey", "matcha"),
    ("I drink like 4 coffees a day", "I quit coffee, switched to rooibos", "coffees", "rooibos"),
    ("我每天晚上都要来一罐啤酒", "啤酒戒了，晚上改喝苏打水", "喝啤酒", "苏打水"),
    ("我每天下午喝伯爵茶", "现在改喝茉莉花茶了", "伯爵茶", "茉莉花茶"),
])
def test_a_named_drink_switched_to_replaces_the_old_drink(old: str, turn: str, gone: str, new: str) -> None:
    items = planned_items([old, turn], DAY)
    assert [d for s, k, d in items if s == "active" and k.startswith("pref:") and new in d], items
    assert not [d for s, _, d in items if s == "active" and gone in d], items
