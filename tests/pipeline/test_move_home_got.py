"""A move said without "live in", with the new home got in a place, ends the old home (trial 36, finding 1).

"我们搬家了！女儿在浦东花木买了房子", "summer 搬出宿舍了，和 Jess 在 North York 合租了一个 condo", "Moved in to the
Gig Harbor house", "we got the keys to a 2-room flat in Wedding": the new place is the home and the old one is
history. Someone else's move, a home only looked at and a plan change nothing; the record of a change never holds a
speaker's label inside its text.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.own_words import _one_label


def _homes(first: str, then: str) -> tuple[list[str], list[str]]:
    items = planned_items([first, then], timedelta(days=60))
    active = [d for s, k, d in items if s == "active" and k.startswith("fact:lives_in")]
    old = [d for s, k, d in items if s == "superseded" and k.startswith("fact:lives_in")]
    return active, old


@pytest.mark.parametrize(("first", "then", "new", "was"), [
    ("我住在上海杨浦区的老公房里", "我们搬家了！女儿在浦东花木买了房子，三室的，电梯房", "浦东花木", "杨浦"),
    ("我住在学校宿舍 New College", "summer 搬出宿舍了，和 Jess 在 North York 合租了一个 condo", "North York", "宿舍"),
    ("我住在武昌", "从合租的房子搬出来了，自己在光谷租了个一室一厅，月租一千八", "光谷", "武昌"),
    ("我住在海淀", "终于搬家了，在五道口租了个两室一厅", "五道口", "海淀"),
    ("I live in Tacoma", "Moved in to the Gig Harbor house. commute is 25 min", "Gig Harbor", "Tacoma"),
    ("I live in Neukölln", "we got the keys to a 2-room flat in Wedding", "Wedding", "Neukölln"),
    ("I live in Neukölln", "Lena and I got the keys, 2-room flat in Wedding", "Wedding", "Neukölln"),
    ("I live in Seattle", "We moved into the Capitol Hill apartment last week", "Capitol Hill", "Seattle"),
])
def test_a_home_got_beside_a_move_is_the_new_home(first: str, then: str, new: str, was: str) -> None:
    active, old = _homes(first, then)
    assert any(new in d for d in active), (active, old)
    assert not any(was in d for d in active), (active, old)
    assert any(was in d for d in old), (active, old)


@pytest.mark.parametrize("then", [
    "我妈搬家了，在天河买了房子",
    "我们下个月搬家，在光谷看了一套房子",
    "搬家了，在网上买了个沙发",
    "搬家了，想在光谷租个一室一厅",
])
def test_no_home_of_the_users_got_keeps_the_old(then: str) -> None:
    active, _ = _homes("我住在武昌", then)
    assert any("武昌" in d for d in active), active


def test_moved_in_to_names_no_home_called_to() -> None:
    active, _ = _homes("I live in Tacoma", "Moved in to the Gig Harbor house.")
    assert not any(" to the " in d for d in active), active


@pytest.mark.parametrize(("pieces", "joined"), [
    (("我们搬家了", "用户：女儿在浦东花木买了房子"), "用户：我们搬家了 女儿在浦东花木买了房子"),
    (("用户住在杨浦", "用户：女儿在浦东买了房子"), "用户住在杨浦 女儿在浦东买了房子"),
    (("User: moved last week", "User: new place is great"), "User: moved last week new place is great"),
    (("用户喜欢猫",), "用户喜欢猫"),
])
def test_a_turns_record_holds_the_label_once_at_its_opening(pieces: tuple[str, ...], joined: str) -> None:
    assert _one_label(pieces, "") == joined


def test_a_city_said_beside_a_shared_rent_is_the_home_and_moving_out_ends_the_sharing() -> None:
    items = planned_items(["我和室友小雅合租，在武昌", "从和室友合租的房子搬出来了，自己在光谷租了个一室一厅"],
                          timedelta(days=60))
    active = [(k, d) for s, k, d in items if s == "active"]
    assert ("fact:lives_in", "用户住在光谷") in active, items
    assert not any("武昌" in d for _, d in active), items
    assert any(s == "superseded" and "武昌" in d for s, _, d in items), items
    assert not any(k.startswith("fact:lives_with") and "不再" not in d for k, d in active), items
