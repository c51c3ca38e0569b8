"""A daily drink said as a habit of now without a verb ("Oat latte every morning now", "现在每天早上一杯拿铁") takes the
drink up again after a stop; another person's habit, a habit of the past, a one-off, a negation and a drink without
its essence leave the stop."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

DAY = timedelta(days=90)


def _active(texts: list[str]) -> list[str]:
    return [text for status, _, text in planned_items(texts, DAY) if status == "active"]


@pytest.mark.parametrize(("turns", "stop", "now"), [
    (["I gave up coffee, the jitters were too much", "Oat latte every morning now, can't start the day without it"],
     "no longer drinks coffee", "latte"),
    (["I gave up coffee", "a coffee every morning these days, old habits"], "no longer drinks coffee", "coffee"),
    (["我把咖啡戒了，心慌得厉害", "现在每天早上一杯拿铁，不然上午没精神"], "不再喝咖啡", "拿铁"),
    (["我戒酒了", "最近每晚一杯红酒助眠"], "不再喝酒", "红酒"),
])
def test_a_verbless_daily_drink_of_now_ends_the_stop(turns: list[str], stop: str, now: str) -> None:
    active = _active(turns)
    assert not [t for t in active if stop in t]
    assert [t for t in active if now in t]


@pytest.mark.parametrize(("turns", "stop"), [
    (["I gave up coffee", "My husband has a latte every morning now"], "no longer drinks coffee"),
    (["I gave up coffee", "Latte every morning back in college, never again"], "no longer drinks coffee"),
    (["I gave up coffee", "Decaf latte every morning now"], "no longer drinks coffee"),
    (["我把咖啡戒了", "我老公现在每天早上一杯拿铁"], "不再喝咖啡"),
    (["我把咖啡戒了", "大学的时候每天一杯拿铁"], "不再喝咖啡"),
    (["我把咖啡戒了", "现在一杯拿铁，然后开会"], "不再喝咖啡"),
    (["我把咖啡戒了", "现在每天早上一杯无咖啡因拿铁"], "不再喝咖啡"),
])
def test_another_person_the_past_a_one_off_or_no_essence_leave_the_stop(turns: list[str], stop: str) -> None:
    assert [t for t in _active(turns) if stop in t]
