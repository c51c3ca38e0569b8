"""Everyday statements about people, pets and the home read as the right slot, in English and Chinese.

Living with a friend or a colleague ("I share a flat with my friend Dan", "我和朋友老李一起住") is whom one lives
with, never a second home; a pet got again and named after it ("we adopted another dog! his name is Buddy",
"又抱了一只狗回来，叫来福") keeps its name; a bare 我是 and a person's name ("我是刘洋") is the user's name, never a
role ("我是护士", "我是文科生").
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.pipeline.self_intro import zh_named
from tests.pipeline._slot_items import statement_keys

AT = datetime(2026, 3, 4, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "key"), [
    ("I share a flat with my friend Dan", "fact:lives_with:friend"),
    ("I've been living with my coworker Priya for a year", "fact:lives_with:coworker"),
    ("I live with my buddy Tom", "fact:lives_with:buddy"),
    ("我和朋友老李一起住", "fact:lives_with:朋友"),
    ("现在跟同事阿强一起住", "fact:lives_with:同事"),
])
def test_living_with_a_friend_or_colleague_is_whom_one_lives_with(text: str, key: str) -> None:
    keys = statement_keys(text, at=AT)
    assert key in keys, keys
    assert not [k for k in keys if "lives_in" in k], keys


@pytest.mark.parametrize(("text", "name"), [
    ("we adopted another dog! his name is Buddy", "Buddy"),
    ("we rescued another dog last month, her name is Luna", "Luna"),
    ("又抱了一只狗回来，叫来福", "来福"),
    ("昨天又捡了只小猫回家，叫煤球", "煤球"),
])
def test_a_pet_got_again_keeps_the_name_said_after_it(text: str, name: str) -> None:
    keys = statement_keys(text, at=AT)
    assert [d for k, (_, d) in keys.items() if k.startswith("fact:pet:") and name in d], keys


@pytest.mark.parametrize(("sentence", "read"), [
    ("我是刘洋", "我叫刘洋"), ("你好，我是王建国。", "你好，我叫王建国。"),
    ("我是护士", "我是护士"), ("我是湖南人", "我是湖南人"), ("我是文科生", "我是文科生"), ("我是小白", "我是小白"),
])
def test_a_bare_chinese_self_naming_is_read_as_the_name(sentence: str, read: str) -> None:
    assert zh_named(sentence) == read


def test_a_bare_self_naming_gives_the_name_slot() -> None:
    keys = statement_keys("我是刘洋", at=AT)
    assert keys.get("fact:name", (0, ""))[1] == "用户叫刘洋", keys
