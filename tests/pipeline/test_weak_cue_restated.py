"""A weak cue's clause said again is a restatement of the item it made (kept in the user's own words the first
time, ``gist:<attribute>``), never "a slot already stated" that the same clause then changes: "我现在在无锡" said
twice was superseded by "用户住在无锡", its own value reworded (``settle_weak``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _memstore import DictStore
from _turn_factory import TurnFactory

from memory_core.model import Status
from memory_core.pipeline.pipeline import settle_weak
from memory_core.pipeline.types import Candidate

RESTATED = ["我现在在无锡。", "我换工作了，现在在阿里巴巴。", "I'm in Bergen now.", "I'm now living in Tromso.",
            "我现在在成都。"]


@pytest.mark.parametrize("text", RESTATED)
def test_the_same_weak_clause_said_again_is_a_hit_not_a_supersede(
        text: str, store: DictStore, make_turn: TurnFactory, ingest: Callable[..., list[Any]]) -> None:
    ingest(make_turn(text))
    ingest(make_turn("I love green tea." if text.isascii() else "我喜欢喝茶。"))
    ingest(make_turn(text))
    items = [i for i in store.list_items("u1", statuses=None) if i.kind != "event" and "tea" not in i.description
             and "茶" not in i.description]
    assert [i.status for i in items] == [Status.ACTIVE], [(i.description, i.status) for i in items]
    assert items[0].hit == 1 and len(items[0].source) == 2


@pytest.mark.parametrize(("first", "change", "now"), [("我现在在无锡。", "我现在在苏州。", "苏州"),
                                                      ("I'm in Bergen now.", "I'm in Oslo now.", "Oslo")])
def test_a_weak_clause_naming_another_value_still_changes_the_slot(
        first: str, change: str, now: str, store: DictStore, make_turn: TurnFactory,
        ingest: Callable[..., list[Any]]) -> None:
    ingest(make_turn(first))
    ingest(make_turn(change))
    active = [i.description for i in store.list_items("u1") if i.kind != "event"]
    superseded = [i.description for i in store.list_items("u1", statuses=None) if i.status == Status.SUPERSEDED]
    assert len(active) == 1 and now in active[0] and superseded, (active, superseded)


def test_settle_weak_drops_a_cue_whose_only_statement_is_its_own_words() -> None:
    from memory_core.model import MemoryItem

    weak = Candidate(kind="fact", description="用户住在无锡", key="fact:lives_in@u", needs_existing=True,
                     ends=("gist:lives_in@u",))
    own = Candidate(kind="fact", description="用户现在在无锡", key="gist:lives_in@u", instead_of="fact:lives_in@u")
    said = MemoryItem(user_id="u1", description="用户现在在无锡", theme="places", kind="fact", key="gist:lives_in@u")
    other = MemoryItem(user_id="u1", description="用户现在在苏州", theme="places", kind="fact", key="gist:lives_in@u")
    assert settle_weak([weak, own], {"gist:lives_in@u": [said]}) == [own]
    assert settle_weak([weak, own], {"gist:lives_in@u": [other]}) == [weak]
