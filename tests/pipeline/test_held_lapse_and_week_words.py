"""The old value must not stay active after a change (issue 13): three readings that end it in any words.

- a plan held for a paid period that ran out unrenewed ends what was held, as a cancellation does
  ("健身卡到期了没续", "B站大会员过期了", "I didn't renew my gym membership"); one about to run out has not
  (``data/held_lapse.yaml``, ``cessation``);
- "last week" and "this week" in every form (上个礼拜, 上星期, 这个礼拜) and "a few days ago" (前几天) are time
  words, not a stay: a move said with them is a new home (``data/slots.yaml``);
- a lasting move said after a stay in the same turn ("我妈住院了。上个月我搬去了长沙") is no part of the stay
  (``extract``).
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.cessation import ZH_LAPSED

DAY = timedelta(days=1)


def _active(texts: list[str]) -> list[str]:
    return [d for status, _, d in planned_items(texts, DAY) if status == "active"]


@pytest.mark.parametrize(("held", "lapsed", "old"), [
    ("我办了一张游泳卡，每周去两次。", "游泳卡到期了，没续。", "办了一张游泳卡"),
    ("我开了网易云音乐的会员。", "网易云音乐会员过期了，不想续了。", "开了网易云音乐的会员"),
    ("我在瑜伽馆办了季卡。", "我瑜伽馆的季卡到期了", "办了季卡"),
    ("I have a gym membership.", "I didn't renew my gym membership this year.", "has a gym membership"),
    ("I have a Spotify subscription.", "My Spotify subscription expired last month.", "Spotify subscription"),
])
def test_a_held_plan_that_lapsed_is_no_longer_current(held: str, lapsed: str, old: str) -> None:
    active = _active([held, lapsed])
    assert not [d for d in active if old in d and not ZH_LAPSED.search(d) and "expired" not in d
                and "renew" not in d], active


@pytest.mark.parametrize(("held", "later", "core"), [
    ("我在健身房办了年卡", "年卡快到期了，打算续", "办了年卡"),
    ("我开了爱奇艺会员", "爱奇艺会员马上要过期了", "开了爱奇艺会员"),
    ("I have a gym membership.", "My gym membership expires next month.", "has a gym membership"),
])
def test_a_plan_about_to_run_out_is_still_held(held: str, later: str, core: str) -> None:
    statuses = [s for s, _, d in planned_items([held, later], DAY) if core in d]
    assert statuses and "superseded" not in statuses, statuses


@pytest.mark.parametrize("clause", [
    "健身卡到期了没续", "B站大会员过期了", "QQ音乐会员到期了，不打算续了", "年卡没再续", "爱奇艺会员退了",
])
def test_zh_lapse_reads_a_held_thing_run_out(clause: str) -> None:
    assert ZH_LAPSED.search(clause)


@pytest.mark.parametrize("clause", ["年卡快到期了", "会员要到期了", "快递到了", "信用卡还了", "gym卡退了"])
def test_zh_lapse_leaves_what_has_not_lapsed(clause: str) -> None:
    assert not ZH_LAPSED.search(clause)


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
