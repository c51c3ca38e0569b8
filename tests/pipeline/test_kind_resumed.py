"""A drink given up, taken up again as a daily habit of one of its kinds, ends the giving up; a like with no habit,
a one-off, another person's habit, a kind without its essence and a kind beside a kind end nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

DAY = timedelta(days=90)


def _active(texts: list[str]) -> list[str]:
    return [text for status, _, text in planned_items(texts, DAY) if status == "active"]


@pytest.mark.parametrize(("turns", "stop"), [
    (["I don't drink coffee", "I have a latte every morning now"], "doesn't drink coffee"),
    (["I dont drink alcohol", "最近每天喝一杯红酒助眠"], "doesn't drink alcohol"),
    (["我不喝咖啡", "现在每天早上都要来一杯拿铁"], "不喝咖啡"),
    (["I don't drink alcohol", "these days I have a whisky every night before bed"], "doesn't drink alcohol"),
    (["I don't drink alcohol", "lately I've been having a gin and tonic every night after work"],
     "doesn't drink alcohol"),
])
def test_a_kind_drunk_daily_now_ends_the_stop_of_the_thing(turns: list[str], stop: str) -> None:
    assert not [t for t in _active(turns) if stop in t]


@pytest.mark.parametrize(("turns", "stop"), [
    (["I don't drink alcohol", "I like the smell of red wine though"], "doesn't drink alcohol"),
    (["I don't drink alcohol", "I've been having a non-alcoholic beer every night lately"], "doesn't drink alcohol"),
    (["I don't drink coffee", "I have a decaf latte every morning now"], "doesn't drink coffee"),
    (["I don't drink alcohol", "我老公最近每天都喝一杯红酒"], "doesn't drink alcohol"),
    (["I don't drink alcohol", "had one beer at my cousin's wedding last weekend"], "doesn't drink alcohol"),
    (["I don't drink beer", "I drink red wine every night now"], "doesn't drink beer"),
    (["I dont drink alcohol", "最近每天喝一杯乌龙茶"], "doesn't drink alcohol"),
    (["我不喝咖啡", "给我来一杯拿铁"], "不喝咖啡"),
])
def test_no_habit_another_person_or_another_thing_leaves_the_stop(turns: list[str], stop: str) -> None:
    assert [t for t in _active(turns) if stop in t]
