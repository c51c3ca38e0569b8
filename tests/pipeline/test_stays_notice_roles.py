"""Stays with a length, notice given, roles with no employer, pets lost at a place, quits said without 我."""

from __future__ import annotations

import pytest

from memory_core.model import Kind
from memory_core.pipeline.home_role import home_role_ended, is_home_role
from memory_core.pipeline.lost_pet import lost_scope
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.terse_zh import zh_filled
from memory_core.pipeline.types import Candidate


@pytest.mark.parametrize(("clause", "pet"), [("豆豆昨天在小区走丢了", "豆豆"), ("团子上周在公园里跑丢了", "团子"),
                                             ("旺财前天在楼下突然走丢了", "旺财")])
def test_a_pet_lost_at_a_place_is_read(clause: str, pet: str) -> None:
    assert lost_scope(clause, "zh") == pet


def test_a_person_lost_at_a_place_is_no_pet() -> None:
    assert lost_scope("我儿子昨天在商场走丢了", "zh") == ""


@pytest.mark.parametrize(("fragment", "said"), [("这回真戒烟了", "我这回真戒烟了"), ("终于把酒戒了", "我终于把酒戒了"),
                                                ("今天交了辞职信", "我今天交了辞职信"),
                                                ("现在算是自由插画师了", "我是自由插画师"),
                                                ("成了全职妈妈", "我是全职妈妈")])
def test_fragments_said_with_wo(fragment: str, said: str) -> None:
    assert zh_filled(fragment) == said


@pytest.mark.parametrize("fragment", ["现在算是解脱了", "算是好事了", "戒指买了"])
def test_other_fragments_are_left(fragment: str) -> None:
    assert zh_filled(fragment) is None


def _temporary(text: str) -> bool:
    return lexicon().markers["zh"]["temporary"].search(text) is not None


@pytest.mark.parametrize("text", ["在京都住了五天", "大概待三个月", "现在在昆明医院住着", "住在儿子家", "住院了"])
def test_stays_are_temporary(text: str) -> None:
    assert _temporary(text)


@pytest.mark.parametrize("text", ["我住在成都武侯区", "在深圳住了三年了", "我在医院工作"])
def test_homes_are_not_temporary(text: str) -> None:
    assert not _temporary(text)


@pytest.mark.parametrize(("text", "home"), [("用户的职业是全职妈妈", True), ("User works as a stay-at-home dad", True),
                                            ("用户的职业是会计", False), ("User works as a nurse", False)])
def test_home_roles(text: str, home: bool) -> None:
    assert is_home_role(text) is home


def _cand(key: str, polarity: int) -> Candidate:
    return Candidate(kind=Kind.FACT, key=key, description="x", polarity=polarity)


def test_a_new_employer_ends_a_home_role_only() -> None:
    rows = {("fact:occupation",): [("1", "fact:occupation", "用户的职业是全职妈妈")]}
    hired = _cand("fact:works_at", 1)
    home_role_ended([hired], lambda p: rows.get(p, []))
    assert hired.ends == ("fact:occupation",)
    kept = _cand("fact:works_at", 1)
    home_role_ended([kept], lambda p: [("1", "fact:occupation", "用户的职业是会计")])
    assert kept.ends == ()
