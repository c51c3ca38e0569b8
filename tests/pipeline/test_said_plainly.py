"""Everyday statements the write path used to drop or misread, in English and Chinese: a drug by its brand name,
a reaction in Latin slang, a change of shop that changes nothing of what is had there, an exam that is no
medication."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _slot_items import live

from memory_core.model import Turn

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
