"""A user-role turn without a speaker is the user's one named person: one slot chain, not two; two named
people in one store keep their own facts; ``speaker_twin_repairs`` ends what older writes left in two forms."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _memstore import DictStore
from _turn_factory import TurnFactory

from memory_core.model import Turn
from memory_core.pipeline.sole_speaker import speaker_twin_repairs


def _active(store: DictStore, key_start: str) -> list[str]:
    return sorted(i.description for i in store.list_items("u1")
                  if i.active and i.kind != "event" and (i.key or "").startswith(key_start))


@pytest.mark.parametrize(("named", "unnamed", "key", "now", "gone"), [
    ("I live in Shanghai", "I moved to Wuhan last week", "fact:lives_in", "Wuhan", "Shanghai"),
    ("我住在上海", "搬到武汉了", "fact:lives_in", "武汉", "上海"),
    ("我在字节跳动上班", "我跳槽去阿里巴巴了", "fact:works_at", "阿里巴巴", "字节跳动"),
])
def test_a_turn_without_a_speaker_continues_the_one_named_persons_chain(
        store: DictStore, ingest: Callable[[Turn], list[Any]], make_turn: TurnFactory,
        named: str, unnamed: str, key: str, now: str, gone: str) -> None:
    ingest(make_turn(named, speaker="Wei"))
    ingest(make_turn(unnamed))
    active = _active(store, key)
    assert len(active) == 1 and now in active[0] and gone not in active[0]
    assert active[0].startswith("Wei")  # said by Wei, named as the earlier statements name him


def test_an_older_turn_without_a_speaker_arriving_late_is_stored_as_past(
        store: DictStore, ingest: Callable[[Turn], list[Any]], make_turn: TurnFactory) -> None:
    early = make_turn("我住在北京")
    ingest(make_turn("我住在上海", speaker="林晓"))
    ingest(early)  # older, arriving after
    active = _active(store, "fact:lives_in")
    assert len(active) == 1 and "上海" in active[0]


def test_two_named_speakers_keep_their_own_facts(
        store: DictStore, ingest: Callable[[Turn], list[Any]], make_turn: TurnFactory) -> None:
    ingest(make_turn("I live in Boston", speaker="Caroline"))
    ingest(make_turn("I live in Denver", speaker="Melanie"))
    ingest(make_turn("I moved to Austin"))  # no speaker with two named people: the user's own, unqualified
    active = _active(store, "fact:lives_in")
    assert any("Boston" in d for d in active) and any("Denver" in d for d in active)


def test_a_user_without_named_turns_is_unchanged(
        store: DictStore, ingest: Callable[[Turn], list[Any]], make_turn: TurnFactory) -> None:
    ingest(make_turn("I live in Shanghai"))
    ingest(make_turn("I moved to Wuhan last week"))
    assert _active(store, "fact:lives_in") == ["User lives in Wuhan"]


def test_twin_repair_supersedes_the_older_value_across_key_forms(store: DictStore) -> None:
    old = store.add("u1", "Wei lives in Shanghai", "home", kind="fact", key="fact:lives_in@wei")
    new = store.add("u1", "User lives in Wuhan", "home", kind="fact", key="fact:lives_in")
    store.add("u1", "User likes tea", "food", kind="preference", key="pref:tea")  # not single-valued
    ends, lines = speaker_twin_repairs(store.list_items("u1"))
    assert [(e.item_id, e.by_id) for e in ends] == [(old, new)] and "Shanghai" in lines[0]
    store.apply("u1", ends)
    assert speaker_twin_repairs(store.list_items("u1")) == ([], [])


def test_twin_repair_leaves_two_named_people_alone(store: DictStore) -> None:
    store.add("u1", "Caroline lives in Boston", "home", kind="fact", key="fact:lives_in@caroline")
    store.add("u1", "Melanie lives in Denver", "home", kind="fact", key="fact:lives_in@melanie")
    store.add("u1", "User lives in Austin", "home", kind="fact", key="fact:lives_in")
    assert speaker_twin_repairs(store.list_items("u1")) == ([], [])


@pytest.mark.parametrize(("unnamed", "named", "key", "now", "gone"), [
    ("I'm an auditor at Deloitte", "Big news, I started at KPMG this week", "fact:works_at", "KPMG", "Deloitte"),
    ("我住在杭州", "上个月搬到成都了", "fact:lives_in", "成都", "杭州"),
])
def test_a_named_turn_after_unnamed_ones_ends_the_unnamed_value(
        store: DictStore, ingest: Callable[[Turn], list[Any]], make_turn: TurnFactory,
        unnamed: str, named: str, key: str, now: str, gone: str) -> None:
    ingest(make_turn(unnamed))
    ingest(make_turn(named, speaker="Priya"))
    active = _active(store, key)
    assert len(active) == 1 and now in active[0] and gone not in active[0]


def test_a_second_named_person_ends_nothing_of_the_first(
        store: DictStore, ingest: Callable[[Turn], list[Any]], make_turn: TurnFactory) -> None:
    ingest(make_turn("I live in Leeds"))
    ingest(make_turn("I moved to York last month", speaker="Priya"))
    ingest(make_turn("I live in Bristol", speaker="Sam"))
    active = _active(store, "fact:lives_in")
    assert any("York" in d for d in active) and any("Bristol" in d for d in active)
