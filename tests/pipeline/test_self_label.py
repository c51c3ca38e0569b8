"""A label said of oneself as a joke is no fact; a plain label is (pipeline/self_label.py, issue 13)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _slot_items import live

from memory_core.model import Turn
from memory_core.pipeline.plain_text import reading_text
from memory_core.pipeline.self_label import joke_label

TurnFactory = Callable[..., Turn]
Ingest = Callable[[Turn], list[Any]]


def facts(store: Any) -> list[str]:
    return [i.description for i in live(store) if not i.description.startswith("user:")]


@pytest.mark.parametrize(("clause", "lang"), [
    ("I'm basically a professional napper", "en"),
    ("I'm pretty much a full-time Netflix critic haha", "en"),
    ("I'm basically a certified couch potato", "en"),
    ("I'm basically Starbucks' biggest shareholder lol", "en"),
    ("my second job is being my cat's butler lol", "en"),
    ("I'm my kids' taxi driver", "en"),
    ("我就是个饭桶哈", "zh"),
    ("我简直就是个专业吃货", "zh"),
    ("我已经是火锅协会会长了😂", "zh"),
    ("我都成星巴克股东了哈哈", "zh"),
    ("我每天回家给猫主子当仆人", "zh"),
])
def test_a_joke_label(clause: str, lang: str) -> None:
    assert joke_label(clause, lang)


@pytest.mark.parametrize(("clause", "lang"), [
    ("I'm a professional photographer", "en"),
    ("I'm a nurse lol", "en"),  # a laugh alone keeps the label
    ("I'm basically a nurse now", "en"),  # so does a hedge alone
    ("I'm a shareholder at my company", "en"),  # a boast's title without a laugh
    ("I walk my neighbour's dog every morning", "en"),
    ("我是资深记者", "zh"),
    ("我就是个程序员", "zh"),
    ("我已经是部门经理了哈哈", "zh"),
    ("我是专业摄影师", "zh"),
    ("我就是专业摄影师", "zh"),  # 就 alone is said in earnest
    ("我现在就是个全职妈妈", "zh"),
    ("I'm officially a certified nurse", "en"),
    ("I'm basically a full-time carer for my dad now", "en"),
])
def test_a_plain_label(clause: str, lang: str) -> None:
    assert not joke_label(clause, lang)


@pytest.mark.parametrize("said", [
    "I'm basically a professional napper",
    "my second job is being my cat's butler lol",
    "我就是个饭桶哈",
    "我已经是火锅协会会长了😂",
    "我简直就是个专业吃货",
])
def test_a_joke_label_stores_no_fact(store: Any, ingest: Ingest, make_turn: TurnFactory, said: str) -> None:
    ingest(make_turn(said))
    assert facts(store) == []


@pytest.mark.parametrize(("said", "value"), [
    ("I'm a professional photographer", "photographer"),
    ("我是专业摄影师", "摄影师"),
])
def test_a_plain_label_is_stored(store: Any, ingest: Ingest, make_turn: TurnFactory, said: str, value: str) -> None:
    ingest(make_turn(said))
    assert any(value in t for t in facts(store)), facts(store)


def test_a_closing_laughing_face_stays_only_on_a_joke() -> None:
    assert reading_text("我已经是火锅协会会长了😂").endswith("😂")
    assert "😂" not in reading_text("我搬到成都了😂")
