"""A health condition said to be over ("doc says my anemia is gone", "my eczema finally cleared up", 高血压已经治好了,
湿疹终于痊愈了) ends the user's item of it (history kept); a relative's ("my mum's anemia is gone", 我妈的贫血好了)
is said of the relative and ends nothing of the user's (memory_core/data/slots.yaml ``health``,
memory_core/pipeline/doctor_said.py, memory_core/pipeline/clauses.py ``_ZH_CEASE``)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items


@pytest.mark.parametrize(("first", "then", "key"), [
    ("Doctor says I have anemia", "doc says my anemia is gone", "fact:health:anemia"),
    ("I have eczema", "my eczema finally cleared up", "fact:health:eczema"),
    ("I've got asthma", "my asthma is completely gone now", "fact:health:asthma"),
    ("我有高血压", "高血压已经治好了", "fact:health:高血压"),
    ("医生说我有贫血", "贫血终于痊愈了", "fact:health:贫血"),
])
def test_a_condition_said_over_ends_the_users_item(first: str, then: str, key: str) -> None:
    items = planned_items([first, then], timedelta(days=60))
    ours = [(s, d) for s, k, d in items if k == key]
    assert any(s == "superseded" for s, _ in ours), items
    active = [d for s, d in ours if s == "active"]
    assert active and all(("no longer" in d) or ("好了" in d) for d in active), items


@pytest.mark.parametrize("then", ["my mum's anemia is gone", "我妈的贫血治好了"])
def test_a_relatives_condition_over_keeps_the_users(then: str) -> None:
    first = "医生说我有贫血" if "我" in then else "Doctor says I have anemia"
    items = planned_items([first, then], timedelta(days=60))
    assert any(s == "active" and k in ("fact:health:anemia", "fact:health:贫血") for s, k, _ in items), items
    assert not any(s == "active" and k.startswith("fact:mom/")
                   and ((d.endswith("has anemia") and "no longer" not in d) or d.endswith("有贫血"))
                   for s, k, d in items), items
