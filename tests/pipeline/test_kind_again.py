"""A kind of a thing given up, taken up now, ends the giving up (issue 13): a latte every morning now ends
"doesn't drink coffee", red wine lately ends "不喝酒". A like with no habit of now, another thing, a kind beside
a kind and someone else's habit end nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items


def _active(texts: list[str]) -> list[str]:
    return [d for s, _, d in planned_items(texts, timedelta(days=60)) if s == "active"]


@pytest.mark.parametrize(("texts", "stop", "kind"), [
    (["I don't drink alcohol", "these days I have a whisky every night before bed"], "doesn't drink alcohol",
     "whisky"),
    (["I don't drink coffee", "I drink a cappuccino every morning now"], "doesn't drink coffee", "cappuccino"),
    (["我不喝酒", "最近爱上了红酒"], "不喝酒", "红酒"),
    (["我不喝咖啡", "每天早上一杯拿铁"], "不喝咖啡", "拿铁"),
    (["I dont drink alcohol", "最近每天喝一杯红酒助眠"], "doesn't drink alcohol", "红酒"),
])
def test_a_kind_taken_up_now_ends_the_stop_of_its_thing(texts: list[str], stop: str, kind: str) -> None:
    active = _active(texts)
    assert any(kind in d for d in active), active
    assert not any(stop in d for d in active), active


@pytest.mark.parametrize(("texts", "stop"), [
    (["I don't drink alcohol", "I like the smell of red wine though"], "doesn't drink alcohol"),
    (["I dont drink alcohol", "最近每天喝一杯乌龙茶"], "doesn't drink alcohol"),
    (["I don't drink beer", "I drink red wine every night now"], "doesn't drink beer"),
    (["我不喝酒", "我老公最近每天都喝啤酒"], "不喝酒"),
])
def test_no_kind_of_the_thing_taken_up_leaves_the_stop(texts: list[str], stop: str) -> None:
    assert any(stop in d for d in _active(texts))
