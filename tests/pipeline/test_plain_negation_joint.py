"""Kinds a sixth new user's trial found on the write path, in English and Chinese: a plain negation stored as a
stop, a joint subject ("my wife and I", 我和老公) given to the other person only, a Chinese drug allergy never
stored, an allergy joined by "and", an English sentence naming a Chinese place or employer."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from _slot_items import live, slot_items

from memory_core.model import Turn
from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.joint_subject import as_we
from memory_core.pipeline.sensitive import detect

TurnFactory = Callable[..., Turn]
Ingest = Callable[[Turn], list[Any]]

_START = datetime(2025, 3, 1, 10, 0, tzinfo=UTC)


def texts(store: Any) -> list[str]:
    return [i.description for i in live(store)]


@pytest.mark.parametrize(("said", "want", "never"), [
    ("I don't smoke", "User doesn't smoke", "quit"),
    ("I never smoke, not even at parties", "User doesn't smoke", "quit"),
    ("我不抽烟", "用户不抽烟", "戒"),
    ("I'm not vegan", "User is not vegan", "no longer"),
    ("我不是素食者", "用户不是素食者", "不再"),
])
def test_a_plain_negation_is_a_present_fact_not_a_stop(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                      said: str, want: str, never: str) -> None:
    ingest(make_turn(said))
    assert want in texts(store), texts(store)
    assert not any(never in t for t in texts(store)), texts(store)


@pytest.mark.parametrize(("before", "said", "stop"), [
    ("I smoke", "I don't smoke anymore", "User has quit smoking"),
    ("我抽烟", "我不抽烟了", "用户戒烟了"),
])
def test_a_negation_saying_a_change_still_ends_the_value(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                         before: str, said: str, stop: str) -> None:
    ingest(make_turn(before))
    ingest(make_turn(said))
    assert texts(store) == [stop]


@pytest.mark.parametrize(("before", "said", "kept"), [
    ("I'm vegetarian", "I'm not vegan", "User is vegetarian"),
    ("我是素食者", "我不是生酮", "用户是素食者"),
])
def test_a_plain_negation_of_another_value_leaves_the_slot_alone(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                                 before: str, said: str, kept: str) -> None:
    ingest(make_turn(before))
    ingest(make_turn(said))
    assert kept in texts(store), texts(store)
    assert not any("no longer" in t or "不再" in t for t in texts(store)), texts(store)


@pytest.mark.parametrize("said", ["我没有任何过敏", "我没过敏", "我无过敏", "I have no known allergies"])
def test_no_allergy_is_never_an_allergy(store: Any, ingest: Ingest, make_turn: TurnFactory, said: str) -> None:
    ingest(make_turn(said))
    assert not [i.key for i in live(store) if str(i.key).startswith("fact:allergy")], texts(store)


@pytest.mark.parametrize(("home", "said", "now", "gone"), [
    ("I live in Leeds", "My wife and I moved to Manchester", "User lives in Manchester", "Leeds"),
    ("I live in Leeds", "me and my boyfriend just moved to Bristol", "User lives in Bristol", "Leeds"),
    ("I live in Leeds", "My husband Tom and I bought a house in Bath", "User lives in Bath", "Leeds"),
])
def test_a_joint_subject_holds_for_the_user(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                           home: str, said: str, now: str, gone: str) -> None:
    ingest(make_turn(home))
    ingest(make_turn(said))
    assert now in texts(store), texts(store)
    assert not any(gone in t for t in texts(store)), texts(store)


@pytest.mark.parametrize(("said", "partner"), [
    ("my boyfriend Jake and I hit 3 years on Sunday", "User's boyfriend is Jake"),
    ("My husband Tom and I bought a house in Bath", "User's husband is Tom"),
])
def test_an_english_joint_subject_still_names_the_partner(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                          said: str, partner: str) -> None:
    ingest(make_turn(said))
    assert partner in texts(store), texts(store)


@pytest.mark.parametrize(("said", "lang", "read"), [
    ("我和老公搬到杭州了", "zh", "我们搬到杭州了"),
    ("我跟我老婆都在腾讯上班", "zh", "我们都在腾讯上班"),
    ("我和女朋友分手了", "zh", "我和女朋友分手了"),
    ("me and my boyfriend just moved to Bristol", "en", "we just moved to Bristol"),
    ("my wife and I got divorced", "en", "my wife and I got divorced"),
])
def test_a_joint_subject_with_a_partner_reads_as_we(said: str, lang: str, read: str) -> None:
    assert as_we(said, lang) == read


@pytest.mark.parametrize(("said", "bond"), [
    ("My wife and I got divorced", "single"),
    ("我和女朋友分手了", "分开"),
])
def test_a_joint_subject_of_the_bond_itself_keeps_the_other_person(store: Any, ingest: Ingest,
                                                                   make_turn: TurnFactory,
                                                                   said: str, bond: str) -> None:
    ingest(make_turn(said))
    assert any(bond in t for t in texts(store)), texts(store)


@pytest.mark.parametrize(("said", "allergy"), [
    ("我对青霉素过敏", "用户对青霉素过敏"),
    ("我青霉素过敏", "用户对青霉素过敏"),
    ("我对阿莫西林过敏，不吃辣的", "用户对阿莫西林过敏"),
    ("I'm vegetarian and allergic to penicillin", "User is allergic to penicillin"),
    ("I'm vegan and severely allergic to amoxicillin", "User is severely allergic to amoxicillin"),
])
def test_a_drug_allergy_is_stored_in_either_language(tmp_path: Path, said: str, allergy: str) -> None:
    items = slot_items(tmp_path, [said], start=_START, days_apart=1)
    assert any(d == allergy and s == "active" for s, _, d in items), items


def test_a_drug_name_is_read_without_the_person_before_it() -> None:
    assert [f.value for f in detect("用户对青霉素过敏") if "霉素" in f.value] == ["青霉素"]
    assert [f.value for f in detect("我对青霉素过敏") if "霉素" in f.value] == ["青霉素"]


def test_an_allergy_after_and_stays_with_the_person_said_before() -> None:
    assert list(split_clauses("My sister is a nurse and allergic to cats")) == [
        ("My sister is a nurse", "en"), ("My sister is allergic to cats", "en")]


@pytest.mark.parametrize(("said", "want"), [
    ("I live in 上海", "User lives in 上海"),
    ("I work at 字节跳动", "User works at 字节跳动"),
    ("I'm based in 上海 now, working at 字节 as a data analyst", "User works as a data analyst"),
])
def test_an_english_sentence_naming_a_chinese_value_is_read_as_english(store: Any, ingest: Ingest,
                                                                       make_turn: TurnFactory,
                                                                       said: str, want: str) -> None:
    ingest(make_turn(said))
    assert want in texts(store), texts(store)


def test_a_chinese_clause_inside_an_english_frame_stays_chinese() -> None:
    assert all(lang == "zh" for _, lang in split_clauses("我在 Google 上班"))
    assert ("我喜欢喝茶", "zh") in list(split_clauses("I live in Lisbon and 我喜欢喝茶"))
