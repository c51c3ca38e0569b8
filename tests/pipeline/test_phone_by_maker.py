"""A phone said by its maker and model: a bare 换 before it ("换小米14了", "终于换iPhone了") and a model after the kind
("换了个新手机，小米14") make it the user's phone, ending the one held; a maker alone, another person's phone, a wish
and the plain kind ("换手机了") end nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.slot_lexicon import lexicon

DAY = timedelta(days=60)


def _phones(texts: list[str]) -> dict[str, str]:
    return {text: status for status, key, text in planned_items(texts, DAY) if key == "fact:owns:phone"}


@pytest.mark.parametrize(
    ("obj", "kind"),
    [
        ("华为mate", "phone"),
        ("小米14", "phone"),
        ("oppo find x7", "phone"),
        ("小米粥", "小米粥"),
        ("华为云", "华为云"),
        ("milk tea", "milk tea"),
    ],
)
def test_a_maker_with_its_model_is_keyed_as_its_thing(obj: str, kind: str) -> None:
    owns = next(a for a in lexicon().attributes if a.id == "owns")
    assert owns.key_object(obj) == kind


@pytest.mark.parametrize(
    ("turns", "new"),
    [
        (["我用的是华为Mate 60", "上周换小米14了"], "用户用小米14"),
        (["我用的是华为Mate 60。", "换了个新手机，小米14。"], "用户有小米14"),
        (["我一直用安卓手机，华为的", "换iPhone 15了，拍照好看多了"], "用户用iPhone 15"),
    ],
)
def test_a_new_phone_by_its_maker_ends_the_old(turns: list[str], new: str) -> None:
    phones = _phones(turns)
    assert phones.get(new) == "active" and list(phones.values()).count("active") == 1


@pytest.mark.parametrize("later", ["我妈换iPhone了", "换手机了", "有点想换iPhone，还在纠结", "要不要换小米？"])
def test_another_persons_phone_a_wish_or_the_plain_kind_ends_nothing(later: str) -> None:
    phones = _phones(["我用的是华为Mate 60", later])
    assert phones == {"用户有华为Mate 60": "active"}
