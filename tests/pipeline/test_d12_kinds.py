"""Kinds the blind d12 batch showed the rules missing, in both languages: a stop told with a modal ("had to stop
running", 不得不戒烟了), a return to a pastime said as a fragment ("Back to running!!", 又开始跑步了), a pastime
paused (跑步先停了), a new laptop said with 换了台, the employer said by whose colleagues they are (我们拼多多的主管,
"my Stripe colleagues"), and 人在X on a trip."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.forced_stop import plain_forced

DAY = timedelta(days=20)


def _active(texts: list[str]) -> list[tuple[str, str]]:
    return [(key, text) for status, key, text in planned_items(texts, DAY) if status == "active"]


@pytest.mark.parametrize(("said", "plain"), [
    ("Bad news, had to stop running.", "Bad news, stopped running."),
    ("I had to give up coffee", "I gave up coffee"), ("I've had to quit smoking", "I quit smoking"),
    ("Had to quit smoking last year", "Quit smoking last year"), ("We had to cut out sugar", "We cut out sugar"),
    ("我不得不戒烟了", "我戒烟了"), ("医生说不行，我只能把酒戒了", "医生说不行，我把酒戒了"),
    ("我只能不喝咖啡了", "我不喝咖啡了"),
])
def test_a_stop_told_with_a_modal_is_the_stop(said: str, plain: str) -> None:
    assert plain_forced(said) == plain


@pytest.mark.parametrize("said", ["I have to stop drinking coffee", "I'd have had to quit", "If I had to quit smoking",
                                  "我得戒烟", "我打算只能戒了", "我只能说他不行了", "我只好不去了"])
def test_an_obligation_a_hypothetical_or_another_verb_is_left_as_said(said: str) -> None:
    assert plain_forced(said) == said


@pytest.mark.parametrize(("turns", "key"), [
    (["I run three times a week", "Bad news, had to stop running. Torn meniscus.", "Back to running!! Slow 5k today"],
     "fact:hobby:running"),
    (["I go swimming every Sunday", "Had to give up swimming after the shoulder thing", "I'm back to swimming"],
     "fact:hobby:swimming"),
    (["我平时喜欢上了跑步", "膝盖受伤，我跑步只能先停了", "我又开始跑步了"], "fact:hobby:跑步"),
])
def test_a_pastime_stopped_then_taken_up_again_is_current(turns: list[str], key: str) -> None:
    rows = _active(turns)
    mine = [text for k, text in rows if k == key]
    assert mine and all("no longer" not in t and "不再" not in t for t in mine), rows
    stopped = _active(turns[:2])
    assert any(k == key and ("no longer" in t or "不再" in t) for k, t in stopped), stopped


@pytest.mark.parametrize(("turns", "model"), [
    (["I do all my coding on a MacBook Air", "MacBook 挂闲鱼出掉了，换了台 ThinkPad X1 Carbon，真香"], "ThinkPad"),
    (["我用的是MacBook", "换了台ThinkPad，键盘手感好多了"], "ThinkPad"),
    (["I use a MacBook Pro for work", "Switched to a ThinkPad X1 Carbon last week"], "ThinkPad"),
])
def test_a_new_laptop_said_with_its_model_replaces_the_old(turns: list[str], model: str) -> None:
    rows = _active(turns)
    assert any(k == "fact:owns:laptop" and model in t for k, t in rows), rows
    assert not any("MacBook" in t for _, t in rows), rows


@pytest.mark.parametrize("said", ["想换台ThinkPad", "给我妈换了台 ThinkPad"])
def test_a_wish_or_a_laptop_for_someone_else_is_no_new_laptop(said: str) -> None:
    assert not any(k == "fact:owns:laptop" for k, _ in _active([said]))


@pytest.mark.parametrize(("said", "org"), [
    ("下班啦，今天又被我们拼多多的主管 PUA 了", "拼多多"), ("我们美团的同事都很卷", "美团"),
    ("My Google colleagues are all so smart", "Google"), ("Our Google manager quit today lol", "Google"),
])
def test_the_employer_said_by_whose_colleagues_they_are(said: str, org: str) -> None:
    assert any(k == "fact:works_at" and org in t for k, t in _active([said]))


@pytest.mark.parametrize("said", ["我们小区的邻居人很好", "我们部门的同事都很卷", "我们公司的同事都很卷",
                                  "our Monday team meeting ran long", "My sister's Google colleagues are nice"])
def test_a_neighbourhood_a_team_or_another_persons_colleagues_name_no_employer(said: str) -> None:
    assert not any(k == "fact:works_at" for k, _ in _active([said]))


@pytest.mark.parametrize("said", ["人在东京，今天逛了浅草，明天去镰仓", "人在成都，今天去了好几个景点"])
def test_where_one_is_on_a_trip_is_no_home(said: str) -> None:
    rows = _active(["我住在新加坡", said])
    assert ("fact:lives_in", "用户住在新加坡") in rows, rows
    assert any(k == "fact:lives_in" for k, _ in _active(["人在深圳，做前端"]))  # no trip: where one lives
    assert any(k == "fact:works_at" for k, _ in _active(["我每天去蔚来的办公楼打卡"]))  # clocking in
