"""A breakup dated years back ("we broke up in 2024", "split up years ago", 我们2024年就分手了, 早就离婚了) says
nothing of whether the user is single now: no "User is single" is stored. A breakup said as news still is."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline


def _active(texts: list[str]) -> list[str]:
    """The descriptions of the active statements the user turns leave, one day apart."""
    store, pipeline = DictStore(), WritePipeline()
    for i, text in enumerate(texts):
        turn = Turn("u1", f"t{i}", "s", "user", text, datetime(2026, 5, 1 + i, 9, tzinfo=UTC))
        store.apply("u1", pipeline.plan(turn, store))
    return [i.description for i in store.list_items("u1") if i.kind != "event" and i.status == "active"]


@pytest.mark.parametrize(
    "text",
    [
        "My ex Lucy lives in Hong Kong, we broke up in 2024",
        "we split up years ago, she lives in Paris now",
        "We broke up back in 2019.",
        "我前女友Lucy住在香港，我们2024年就分手了",
        "我们几年前就分手了",
        "我们早就离婚了",
    ],
)
def test_a_breakup_years_back_asserts_no_single(text: str) -> None:
    active = _active([text])
    assert not any("single" in d or "单身" in d for d in active), active


@pytest.mark.parametrize(
    ("texts", "single"),
    [(["Lucy is my girlfriend.", "We broke up last week."], "User is single"), (["我们上周分手了"], "用户现在单身")],
)
def test_a_breakup_said_as_news_is_kept(texts: list[str], single: str) -> None:
    assert single in _active(texts)
