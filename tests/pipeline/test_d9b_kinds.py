"""Kinds the blind d9b batch showed the rules missing, in both languages: a thing's emoji put after its name, a
Chinese statement without 我 opening on how sure or since when, a self-introduction's city (坐标, "Based in"),
the phone said by its system or changed with 换 alone, and a listed employer whose name ends like a place word."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.emoji_after import names_thing_before
from memory_core.pipeline.plain_text import reading_text

DAY = timedelta(days=20)


def _active(texts: list[str]) -> list[tuple[str, str]]:
    return [(key, text) for status, key, text in planned_items(texts, DAY) if status == "active"]


@pytest.mark.parametrize(("text", "read"), [
    ("I started eating meat again 🍗 mostly chicken", "I started eating meat again mostly chicken"),
    ("又开始喝点啤酒了🍺", "又开始喝点啤酒了"), ("got a puppy 🐶 last week", "got a puppy last week"),
    ("又开始吃chicken了🍗", "又开始吃chicken了"),
    # the emoji where the value goes is read as before: its word, or the clause left unread
    ("I love 🍣", "I love sushi"), ("我超爱🍜", "我超爱拉面"), ("我最爱吃🦪了", ""), ("爱上了🦪", ""),
])
def test_an_emoji_after_the_things_name_illustrates_it(text: str, read: str) -> None:
    assert reading_text(text) == read


@pytest.mark.parametrize(("before", "zh", "names"), [
    ("eating meat again ", False, True), ("喝点啤酒了", True, True), ("I had hot pot tonight ", False, True),
    ("I love ", False, False), ("我最爱吃", True, False), ("I'm really into ", False, False), ("", False, False),
])
def test_names_thing_before(before: str, zh: bool, names: bool) -> None:
    assert names_thing_before(before, zh) is names


@pytest.mark.parametrize(("old", "new", "gone"), [
    (["I've been vegetarian for like 3 years now"], "ok confession: I started eating meat again 🍗 mostly chicken",
     "User is vegetarian"),
    (["我吃素三年了"], "最近又开始吃肉了🍖 主要是牛肉", "用户是素食者"),
])
def test_a_return_said_with_a_things_emoji_ends_the_diet(old: list[str], new: str, gone: str) -> None:
    assert gone not in [text for _, text in _active([*old, new])]


@pytest.mark.parametrize("text", ["这次是真的戒烟了", "总算戒烟了", "元旦开始戒烟了", "真的戒烟了"])
def test_a_stop_without_a_subject_after_how_sure_or_since_when_is_the_speakers(text: str) -> None:
    rows = _active(["我烟瘾挺大的，一天一包", text])
    assert ("fact:smoking", "用户戒烟了") in rows and not any("烟瘾" in t for _, t in rows), rows


@pytest.mark.parametrize("text", ["这次旅行很开心", "这次是他请客", "真的好累"])
def test_such_an_opening_about_nothing_of_the_speakers_stays_unread(text: str) -> None:
    assert _active([text]) == []


@pytest.mark.parametrize(("text", "city"), [
    ("坐标上海，在陆家嘴上班的打工人一枚", "上海"), ("坐标：成都，做设计的", "成都"), ("常驻深圳", "深圳"),
    ("Based in Shanghai, working in fintech", "Shanghai"), ("based out of Lisbon", "Lisbon"),
])
def test_a_self_introductions_city_is_the_home(text: str, city: str) -> None:
    assert any(key == "fact:lives_in" and city in t for key, t in _active([text]))


def test_a_business_trip_after_it_leaves_the_home() -> None:
    rows = _active(["坐标上海，在陆家嘴上班", "这周出差去深圳，住在南山的全季"])
    assert ("fact:lives_in", "用户住在上海") in rows, rows


def test_another_persons_city_said_with_zuobiao_is_theirs() -> None:
    assert not any(key == "fact:lives_in" for key, _ in _active(["我朋友坐标北京"]))


@pytest.mark.parametrize("text", ["我想换iPhone", "要不要换iPhone呢"])
def test_a_phone_only_wished_for_is_not_the_users(text: str) -> None:
    assert not any(key == "fact:owns:phone" for key, _ in _active([text]))


def test_a_place_word_after_zai_is_still_no_employer() -> None:
    assert not any(key == "fact:works_at" for key, _ in _active(["我在家里做饭"]))


@pytest.mark.parametrize(("texts", "partner"), [
    (["有女朋友了😳 还有点不好意思说", "她叫Lily，在谷歌做程序员"], "用户的女朋友是Lily"),
    (["交了个男朋友", "他叫阿杰，是个厨师"], "用户的男朋友是阿杰"),
    (["I've got a girlfriend now. Still can't quite believe it", "She's called Maya, we met at a climbing gym"],
     "User's girlfriend is Maya"),
    (["I have a girlfriend now", "her name is Lily"], "User's girlfriend is Lily"),
])
def test_a_partner_announced_without_a_name_is_named_by_the_next_pronoun(texts: list[str], partner: str) -> None:
    assert ("fact:partner", partner) in _active(texts)


def test_the_partners_job_said_after_the_name_is_theirs() -> None:
    rows = _active(["有女朋友了", "她叫Lily，在谷歌做程序员"])
    assert ("fact:girlfriend/works_at", "用户的女朋友在谷歌工作") in rows and ("fact:works_at" not in dict(rows)), rows


@pytest.mark.parametrize("texts", [
    ["I have a girlfriend now", "he's a programmer at Google"],  # the pronoun's gender differs
    ["有女朋友了吗", "她叫Lily"],  # a question announces nobody
])
def test_a_pronoun_that_does_not_agree_takes_up_no_partner(texts: list[str]) -> None:
    assert not any(key == "fact:partner" for key, _ in _active(texts))
