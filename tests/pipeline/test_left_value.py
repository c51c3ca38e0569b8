"""A value left and a new one taken in one turn: the left value is the new one's history (issue 13).

"I quit Google last month and joined Stripe", "我离开腾讯了，现在在字节上班": the current item is the new value's,
and its history holds the value left: an item of it superseded by the new one, even when the user's memory never
held it. A value the memory held already is ended by the new one, never stored twice; a denial without a change, a
leave of the value taken and a correction add no history.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import DictStore, planned_store

from memory_core.pipeline.left_value import left_kept
from memory_core.pipeline.types import Candidate

_START = datetime(2026, 2, 1, tzinfo=UTC)


def _store(texts: list[str]) -> DictStore:
    return planned_store(texts, timedelta(days=30), start=_START)


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["I quit Google last month and joined Stripe"], "Google", "Stripe"),
    (["update: I'm not at Accenture anymore, started at Canva on Monday"], "Accenture", "Canva"),
    (["我离开腾讯了，现在在字节上班"], "腾讯", "字节"),
    (["跟你说一下，我已经从华为辞职了，下个月去小米报到"], "华为", "小米"),
    (["I'm no longer a teacher, I work as a nurse now"], "teacher", "nurse"),
    (["my brother left Google and joined Meta"], "Google", "Meta"),
    (["我弟从腾讯离职了，现在在阿里上班"], "腾讯", "阿里"),
])
def test_the_value_left_is_history_of_the_value_taken(texts: list[str], old: str, new: str) -> None:
    items = [i for i in _store(texts).list_items("u1", statuses=None) if i.kind != "event"]
    ended = [i for i in items if str(i.status) == "superseded" and old in i.description]
    assert len(ended) == 1, [(i.status, i.key, i.description) for i in items]
    current = [i for i in items if str(i.status) == "active" and i.key == ended[0].key]
    assert len(current) == 1 and new in current[0].description, [(i.status, i.key, i.description) for i in items]
    assert any(r.op == "supersede" and r.other_id == current[0].id for r in ended[0].history)
    assert not any(old in i.description for i in items if str(i.status) == "active")


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["I work at Google", "I quit Google and joined Stripe"], "Google", "Stripe"),
    (["我在腾讯上班", "我从腾讯离职了，现在在字节上班"], "腾讯", "字节"),
    (["I work at Google DeepMind", "I left Google and joined Anthropic"], "Google", "Anthropic"),
    (["我在腾讯音乐上班", "我从腾讯离职了，现在在字节上班"], "腾讯", "字节"),
])
def test_a_value_held_already_is_ended_not_stored_again(texts: list[str], old: str, new: str) -> None:
    items = [i for i in _store(texts).list_items("u1", statuses=None) if i.kind != "event"]
    ended = [i for i in items if str(i.status) == "superseded" and old in i.description]
    current = [i for i in items if str(i.status) == "active" and new in i.description]
    assert len(ended) == 1 and len(current) == 1, [(i.status, i.description) for i in items]
    assert any(r.op == "supersede" and r.other_id == current[0].id for r in ended[0].history)


@pytest.mark.parametrize("texts", [
    ["I live in Denver, not Boulder"],
    ["joined Grab, quit Grab a week later"],
    ["我住在上海，不是北京"],
    ["I'm not vegan, I'm vegetarian"],
])
def test_no_change_told_adds_no_history(texts: list[str]) -> None:
    items = _store(texts).list_items("u1", statuses=None)
    assert not any(str(i.status) == "superseded" for i in items), [(i.status, i.description) for i in items]


def _cand(key: str, polarity: int, description: str, value: str, **kw: object) -> Candidate:
    return Candidate("fact", description, key=key, polarity=polarity, value=value, single_valued=True,
                     claim=description.removeprefix("User "), **kw)  # type: ignore[arg-type]


def test_left_kept_says_the_left_value_in_the_words_of_the_value_taken() -> None:
    out = left_kept([_cand("fact:works_at", -1, "User no longer works at Acme", "Acme"),
                     _cand("fact:works_at", 1, "User works at Initech", "Initech")])
    held = [c for c in out if c.held_before]
    assert [(c.held_before, c.key, c.description, c.polarity) for c in held] == \
        [("fact:works_at", "", "User works at Acme", 1)]
    assert [c.description for c in out if c.key == "fact:works_at"] == ["User works at Initech"]


@pytest.mark.parametrize("neg", [
    _cand("fact:works_at", -1, "User no longer works at Acme", "Acme", plain_negation=True),
    _cand("fact:works_at", -1, "User no longer works at Acme", "Acme", past_only=True),
    _cand("fact:works_at", -1, "User no longer works at Initech", "Initech"),
    _cand("fact:lives_in", -1, "User no longer lives in Acme", "Acme"),
])
def test_left_kept_leaves_a_denial_a_past_value_a_same_value_and_another_slot(neg: Candidate) -> None:
    taken = _cand("fact:works_at", 1, "User works at Initech", "Initech")
    assert left_kept([neg, taken]) == [neg, taken]
