"""An aside that says nothing lasting about the user is no statement: a slip said in passing ("我老是说错哈哈",
"I always mix things up haha") and a refusal whose object is in another clause ("…，但我不会去的")."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from _memstore import DictStore

from memory_core.model import Kind, Turn
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.aside import without_asides
from memory_core.pipeline.types import Candidate


def _fact(description: str, lang: str) -> Candidate:
    return Candidate(kind=Kind.FACT, description=description, key="gist:x", lang=lang, speaker="Ann")


@pytest.mark.parametrize(("text", "lang"), [
    ("用户老是说错哈哈", "zh"),
    ("用户又打错字了哈哈哈", "zh"),
    ("用户但不会去的", "zh"),
    ("用户才不想去呢", "zh"),
    ("User always mixes things up haha", "en"),
    ("User said the wrong thing again lol", "en"),
    ("User misspoke", "en"),
])
def test_an_aside_is_no_fact(text: str, lang: str) -> None:
    assert without_asides([_fact(text, lang)]) == []


@pytest.mark.parametrize(("text", "lang"), [
    ("用户老是说错别人的名字，同事都叫她小迷糊", "zh"),
    ("用户不会游泳", "zh"),
    ("User always mixes up the twins' names at work", "en"),
])
def test_a_statement_with_content_of_its_own_stays(text: str, lang: str) -> None:
    assert len(without_asides([_fact(text, lang)])) == 1


@pytest.mark.parametrize("text", [
    "我朋友说我应该去学游泳，但我不会去的", "我老是说错哈哈", "I always mix things up haha",
])
def test_the_turn_leaves_no_statement(text: str) -> None:
    store, pipeline = DictStore(), WritePipeline()
    turn = Turn("u1", "t1", "s", "user", text, datetime(2026, 3, 1, 8, tzinfo=UTC))
    store.apply("u1", pipeline.plan(turn, store))
    assert [i.description for i in store.list_items("u1") if i.kind == "fact"] == []


@pytest.mark.parametrize(("text", "lang"), [
    ("用户跟李老师聊了", "zh"), ("用户刚和我妈打了电话", "zh"), ("用户跟manager聊了一下", "zh"),
    ("用户还没想好 haha", "zh"), ("用户还在犹豫", "zh"), ("用户又提醒一次", "zh"), ("用户不搬了", "zh"),
    ("User talked to my advisor today", "en"), ("User hasn't decided yet haha", "en"), ("User is not sure yet", "en"),
    ("User is just reminding you again", "en"), ("User is not moving after all", "en"),
])
def test_a_clause_with_no_value_of_its_own_is_no_fact(text: str, lang: str) -> None:
    assert without_asides([_fact(text, lang)]) == []


@pytest.mark.parametrize(("text", "lang"), [
    ("用户跟老板谈了加薪的事", "zh"), ("用户还没想好读研还是工作", "zh"), ("用户不抽烟了", "zh"),
    ("用户不结婚了", "zh"),
    ("User talked to my boss about a raise", "en"), ("User is not moving to Denver", "en"),
    ("User is not sure about grad school", "en"),
])
def test_a_talk_or_a_doubt_that_names_its_matter_stays(text: str, lang: str) -> None:
    assert len(without_asides([_fact(text, lang)])) == 1


@pytest.mark.parametrize("text", [
    "跟李老师聊了，他要去上海交大了", "Grace想再要一个，我还没想好 haha", "I haven't decided yet haha",
])
def test_the_talk_or_doubt_leaves_no_statement(text: str) -> None:
    store, pipeline = DictStore(), WritePipeline()
    turn = Turn("u1", "t1", "s", "user", text, datetime(2026, 3, 1, 8, tzinfo=UTC))
    store.apply("u1", pipeline.plan(turn, store))
    facts = [i.description for i in store.list_items("u1") if i.kind == "fact"]
    assert not [d for d in facts if re.search(r"聊了|没想好|decided", d)]
