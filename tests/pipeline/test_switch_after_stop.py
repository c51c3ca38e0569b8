"""A pastime taken up in place of one stopped ("不跑步了，膝盖疼，改游泳了", "换成练瑜伽了", "quit running, swimming
now", "stopped going to the gym, cycling these days") is stored besides the stop; "swimming now" with no stop
before it, and 改跑步去上班 (a way to work), are none (memory_core/pipeline/clauses.py ``_EN_INSTEAD``,
memory_core/data/slots.yaml ``hobby``)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items


@pytest.mark.parametrize(("said", "key"), [
    ("不跑步了，膝盖疼，改游泳了", "fact:hobby:游泳"),
    ("不去健身房了，换成练瑜伽了", "fact:hobby:练瑜伽"),
    ("quit running, swimming now", "fact:hobby:swimming"),
    ("stopped going to the gym, cycling these days", "fact:hobby:cycling"),
])
def test_the_pastime_taken_up_is_stored(said: str, key: str) -> None:
    items = planned_items([said], timedelta(days=1))
    assert any(s == "active" and k == key for s, k, _ in items), items


@pytest.mark.parametrize("said", ["I'm at the pool, swimming now", "改跑步去上班了，省了地铁钱"])
def test_no_pastime_without_a_stop_or_as_a_way_to_work(said: str) -> None:
    items = planned_items([said], timedelta(days=1))
    assert not any(k.startswith("fact:hobby:") for _, k, _ in items), items
