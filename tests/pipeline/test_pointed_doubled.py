"""A value only pointed at (pipeline/pointed_value.py), a verb said twice (pipeline/doubled_verbs.py), and clauses
that name no value (pipeline/valueless.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.cant_without import need_elided
from memory_core.pipeline.doubled_verbs import single_verbs
from memory_core.pipeline.pointed_value import pointed_value
from memory_core.pipeline.valueless import valueless_clause


@pytest.mark.parametrize(("value", "lang"), [
    ("同一家公司", "zh"), ("同一个 resort", "zh"), ("原来那个小区", "zh"), ("之前那家医院", "zh"),
    ("the same company", "en"), ("the same place", "en"), ("the usual spot", "en"),
])
def test_a_pointed_value(value: str, lang: str) -> None:
    assert pointed_value(value, lang)


@pytest.mark.parametrize(("value", "lang"), [
    ("腾讯", "zh"), ("同济大学", "zh"), ("Google", "en"), ("Samsung", "en"), ("the Shard", "en"),
])
def test_a_named_value_is_not_pointed(value: str, lang: str) -> None:
    assert not pointed_value(value, lang)


def _plan(*texts: str) -> list[tuple[str, str]]:
    store, pipeline = DictStore(), WritePipeline()
    for n, text in enumerate(texts):
        turn = Turn("u1", f"t{n}", "s", "user", text, datetime(2026, 3, 1 + n, 8, tzinfo=UTC))
        store.apply("u1", pipeline.plan(turn, store))
    return [(i.description, i.status) for i in store.list_items("u1") if i.kind == "fact"]


def test_the_same_company_supersedes_no_employer() -> None:
    items = _plan("我在腾讯上班", "我被 promote 做产品经理了，不过还在同一家公司")
    assert ("用户在腾讯工作", "active") in items
    assert not any("同一家" in d and s == "active" for d, s in items)


@pytest.mark.parametrize(("text", "read"), [
    ("最近又开始打打羽毛球", "最近又开始打羽毛球"), ("周末跑跑步", "周末跑步"), ("没事钓钓鱼", "没事钓鱼"),
    ("下班练练瑜伽", "下班练瑜伽"),
    ("打打闹闹", "打打闹闹"), ("我喜欢画画", "我喜欢画画"), ("下下周考试", "下下周考试"), ("天天加班", "天天加班"),
])
def test_a_doubled_verb_is_read_once(text: str, read: str) -> None:
    assert single_verbs(text) == read


def test_a_hobby_said_with_a_doubled_verb_is_the_hobby() -> None:
    assert [d for d, _ in _plan("最近又开始打打羽毛球")] == ["用户最近又开始打羽毛球"]


@pytest.mark.parametrize(("clause", "lang", "bare"), [
    ("我搬家了", "zh", True), ("我搬家中", "zh", True), ("我只听得懂", "zh", True), ("我不会说", "zh", True),
    ("I only understand", "en", True), ("I can understand a little", "en", True),
    ("我搬家到杭州了", "zh", False), ("我听得懂粤语", "zh", False), ("我不会说日语", "zh", False),
    ("I understand Spanish", "en", False),
])
def test_a_clause_with_no_value(clause: str, lang: str, bare: bool) -> None:
    assert valueless_clause(clause, lang) is bare


@pytest.mark.parametrize(("clause", "lang", "elided"), [
    ("没有它我不会讲话的", "zh", True), ("没了它就没精神", "zh", True), ("I can't talk without it", "en", True),
    ("我没有车", "zh", False), ("我没有它", "zh", False),
])
def test_a_need_whose_thing_is_a_pronoun(clause: str, lang: str, elided: bool) -> None:
    assert need_elided(clause, lang) is elided
