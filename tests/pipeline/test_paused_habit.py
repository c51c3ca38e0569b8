"""A habit paused for a while is kept as it was, never spliced with the pause (issue 13, trial 30 W4)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline
from memory_core.pipeline.paused import paused


@pytest.mark.parametrize("text", [
    "no running for 6 weeks, sprained User's ankle", "I can't run for a while", "taking a break from yoga this month",
    "no swimming for the rest of the summer", "脚扭了，六周不能跑步", "瑜伽暂停两周", "暂时不能游泳",
])
def test_a_span_held_off_is_a_pause(text: str) -> None:
    assert paused(text)


@pytest.mark.parametrize("text", [
    "User runs 4 times a week", "I can't run", "I stopped running", "我不跑步了", "我每周跑步四次", "现在每周跑步五次",
])
def test_a_habit_or_a_stop_is_no_pause(text: str) -> None:
    assert not paused(text)


@pytest.mark.parametrize(("habit", "pause", "kept"), [
    ("I run 4 times a week", "no running for 6 weeks, sprained my ankle", "User runs 4 times a week"),
    ("我每周跑步四次", "脚扭了，六周不能跑步", "用户的日常：每周跑步四次"),
    ("我每周游泳三次", "这两周不能游泳，耳朵发炎了", "用户的日常：每周游泳三次"),
])
def test_the_habit_stays_as_said(habit: str, pause: str, kept: str) -> None:
    store, pipeline = DictStore(), WritePipeline()
    for day, text in enumerate((habit, pause), start=1):
        turn = Turn("u1", f"t{day}", "s", "user", text, datetime(2026, 3, day, 8, tzinfo=UTC))
        store.apply("u1", pipeline.plan(turn, store))
    facts = [i.description for i in store.list_items("u1", statuses=("active",)) if i.kind != "event"]
    assert facts == [kept]
