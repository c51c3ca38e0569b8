"""Everyday statements the write path used to drop or misread, in English and Chinese: a drug by its brand name,
an exam plan or a membership said with 我 left out, an allergy said allergen first, a reaction in Latin slang, a
change of shop that changes nothing of what is had there, an exam that is no medication."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _slot_items import live

from memory_core.model import Turn
from memory_core.pipeline.allergy_first import allergen_first
from memory_core.pipeline.clauses import split_clauses

TurnFactory = Callable[..., Turn]
Ingest = Callable[[Turn], list[Any]]


def texts(store: Any) -> list[str]:
    return [i.description for i in live(store) if not i.description.startswith("user:")]


def keys(store: Any) -> list[str]:
    return [str(i.key) for i in live(store)]


@pytest.mark.parametrize(("said", "key"), [
    ("I started taking Lexapro", "fact:medication:lexapro"),
    ("I'm on Zoloft now", "fact:medication:zoloft"),
    ("I began Ozempic last month", "fact:medication:ozempic"),
    ("最近开始吃 Lexapro 了", "fact:medication:lexapro"),
    ("我在吃来士普", "fact:medication:来士普"),
])
def test_a_drug_by_its_brand_name_is_a_medication(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                 said: str, key: str) -> None:
    ingest(make_turn(said))
    assert key in keys(store), keys(store)


@pytest.mark.parametrize("said", ["I'm taking the CPA exam this year", "I'm taking a dream class"])
def test_an_exam_or_a_class_taken_is_no_medication(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                   said: str) -> None:
    ingest(make_turn(said))
    assert not any(k.startswith("fact:medication") for k in keys(store)), keys(store)


@pytest.mark.parametrize(("said", "kept"), [
    ("今年要考CPA了，压力山大", "CPA"),
    ("下个月要考驾照了", "驾照"),
    ("开了网易云音乐的黑胶VIP，每天通勤听歌", "网易云"),
    ("开通了爱奇艺会员", "爱奇艺"),
    ("青霉素过敏，医生开药的时候我都会提前说", "青霉素"),
    ("花生过敏，一点都不能碰", "花生"),
])
def test_a_chinese_statement_with_its_subject_dropped_is_kept(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                              said: str, kept: str) -> None:
    ingest(make_turn(said))
    assert any(kept in t for t in texts(store)), texts(store)


@pytest.mark.parametrize(("clause", "first"), [
    ("青霉素过敏", True),
    ("对花生过敏", True),
    ("阿莫西林也过敏", True),
    ("小明花生过敏", False),
    ("季节性过敏", False),
])
def test_allergen_first_by_kind(clause: str, first: bool) -> None:
    assert allergen_first(clause) is first


@pytest.mark.parametrize("said", ["他花生过敏", "要考虑一下", "他开了个会员"])
def test_another_persons_or_no_statement_gets_no_subject(said: str) -> None:
    assert list(split_clauses(said)) == []


def test_a_change_of_shop_ends_nothing_and_slang_is_no_detail(store: Any, ingest: Ingest,
                                                              make_turn: TurnFactory) -> None:
    ingest(make_turn("我每天早上一杯冰美式☕ 不然睁不开眼"))
    ingest(make_turn("冰美式yyds，今天换了家店也还行"))
    coffee = [i for i in live(store) if "冰美式" in i.description and not i.description.startswith("user:")]
    assert len(coffee) == 1 and coffee[0].hit >= 1, [(i.description, i.hit) for i in coffee]
    assert "yyds" not in coffee[0].description


@pytest.mark.parametrize(("said", "new"), [
    ("stopped running, knees hurt, swimming now", "swimming"),
    ("quit the gym, my back hurts, cycling these days", "cycling"),
    ("不跑步了，膝盖疼，改游泳了", "游泳"),
    ("不跑步了，膝盖受不了，现在游泳", "游泳"),
])
def test_a_stop_then_what_is_done_now_keeps_both(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                said: str, new: str) -> None:
    ingest(make_turn(said))
    assert any(new in t for t in texts(store)), texts(store)
