"""A clause that dropped its subject continues the subject of the clause before it (issue 13 §2, "facts about
other people never touch the user's slots"): "my cousin Leo got engaged and moved to Lisbon" is Leo's move."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _memstore import DictStore
from _turn_factory import TurnFactory

from memory_core.pipeline.clauses import split_clauses


def _active(store: DictStore) -> dict[str, str]:
    return {str(i.key): i.description for i in store.list_items("u1") if i.kind != "event" and i.status == "active"}


@pytest.mark.parametrize(("home", "news", "theirs"), [
    ("I live in Porto.", "my cousin Leo got engaged and moved to Lisbon", "fact:cousin/leo/lives_in"),
    ("I live in Porto.", "Yesterday my brother sold his car and moved to Madrid.", "fact:brother/lives_in"),
    ("我住在成都", "我表哥去年离婚了，后来搬到了重庆", "fact:表哥/lives_in"),
    ("我住在成都", "我闺蜜生了二胎，然后搬去了昆明", "fact:闺蜜/lives_in"),
])
def test_a_later_clause_of_another_persons_news_is_theirs(store: DictStore, make_turn: TurnFactory,
                                                         ingest: Callable[..., list[Any]], home: str, news: str,
                                                         theirs: str) -> None:
    ingest(make_turn(home))
    ingest(make_turn(news))
    active = _active(store)
    assert "Porto" in active.get("fact:lives_in", "") or "成都" in active.get("fact:lives_in", ""), active
    assert theirs in active, active
    assert not any(k.startswith("gist:") for k in active), active


@pytest.mark.parametrize("text", [
    "Rosa quit her job and moved to Berlin", "She got promoted and moved to Oslo last spring",
    "他年初升职了，搬到了深圳", "她去年结婚了，现在住在南京",
])
def test_a_clause_continuing_a_person_no_key_holds_is_not_the_users(text: str) -> None:
    said = [clause for clause, _ in split_clauses(text)]
    assert not [c for c in said if c.lower().startswith(("i ", "我"))], said


@pytest.mark.parametrize(("text", "mine"), [
    ("My aunt visited last week. I got a new job and moved to Leeds", "I moved to Leeds"),
    ("Got a new job and moved to Leeds", "I moved to Leeds"),
    ("我妈来看我了，我刚搬到了苏州", "我刚搬到了苏州"),
    ("换了工作，然后搬到了苏州", "我搬到了苏州"),
])
def test_the_speaker_named_again_takes_the_chain_back(text: str, mine: str) -> None:
    assert mine in [clause for clause, _ in split_clauses(text)]


def test_a_relatives_daily_medicine_is_not_the_users(store: DictStore, make_turn: TurnFactory,
                                                     ingest: Callable[..., list[Any]]) -> None:
    ingest(make_turn("我爷爷高血压，每天吃降压药"))
    ingest(make_turn("My grandma has diabetes and takes insulin every day"))
    assert not [d for d in _active(store).values() if d.startswith(("用户每天", "用户在服用", "User takes"))]
