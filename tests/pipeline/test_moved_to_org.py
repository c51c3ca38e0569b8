"""A move to a company is a job change, not a new home: "my brother Tom moved to Meta, left Google" is Tom's
employer, "我搬去了字节" the user's; a move to a city stays a home."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline


def _active(text: str) -> list[tuple[str, str]]:
    store, pipeline = DictStore(), WritePipeline()
    turn = Turn("u1", "t1", "s", "user", text, datetime(2026, 3, 1, 8, tzinfo=UTC))
    store.apply("u1", pipeline.plan(turn, store))
    return [(str(i.key), i.description) for i in store.list_items("u1") if i.kind != "event"]


@pytest.mark.parametrize(("text", "key", "said"), [
    ("my brother Tom moved to Meta, left Google", "fact:brother/works_at", "User's brother Tom works at Meta"),
    ("My sister moved to Google", "fact:sister/works_at", "User's sister works at Google"),
    ("I moved to Meta, left Google", "fact:works_at", "User works at Meta"),
    ("我哥搬去了字节，离开了阿里", "fact:哥哥/works_at", "用户的哥在字节工作"),  # 我哥 keys as 我哥哥
    ("我搬去了字节", "fact:works_at", "用户在字节工作"),
])
def test_a_move_to_an_organisation_is_an_employer(text: str, key: str, said: str) -> None:
    active = _active(text)
    assert (key, said) in active, active
    assert not any(k.endswith("lives_in") for k, _ in active), active


@pytest.mark.parametrize(("text", "said"), [
    ("my brother Tom moved to Berlin", "User's brother Tom lives in Berlin"),
    ("我搬到了杭州", "用户住在杭州"),
])
def test_a_move_to_a_place_stays_a_home(text: str, said: str) -> None:
    assert any(d == said for _, d in _active(text)), _active(text)
