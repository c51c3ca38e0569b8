"""A Chinese stop ends what follows its circumstance, never the circumstance (issue 13).

"医生让我先不要跑步了" stops running: the doctor who said so is no habit of the user's that ends; "搬家以后我不跑步了"
stops running, not the move. "base 比现在低 20%" is a salary's base, never where the user is based.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.cessation import cessation_scope, ended_keys


@pytest.mark.parametrize(("clause", "scope"), [
    ("怀孕了医生让我先不要跑步了", "先不要跑步了"),
    ("医生让我别喝咖啡了", "别喝咖啡了"),
    ("搬家以后我不跑步了", "我不跑步了"),
    ("生了孩子以后就没再跑过步", "就没再跑过步"),
    ("教练劝我不再吃夜宵了", "不再吃夜宵了"),
    ("瑜伽就没再练过", "瑜伽就没再练过"),  # the object said first: the whole clause
    ("酒我戒了", "酒我戒了"),
])
def test_the_stop_is_read_after_who_told_it_and_when_it_began(clause: str, scope: str) -> None:
    assert cessation_scope(clause, "zh") == scope


def test_the_circumstance_names_no_key_the_stop_ends() -> None:
    keys = ended_keys(cessation_scope("医生让我先不要跑步了", "zh"), "zh", "")
    assert "pref:running" in keys
    assert not any("医生" in k or "doctor" in k for k in keys), keys
    moved = ended_keys(cessation_scope("搬家以后我不喝咖啡了", "zh"), "zh", "")
    assert "pref:coffee" in moved and not any("搬" in k or "move" in k for k in moved), moved


@pytest.mark.parametrize("said", [
    "有个创业公司在挖我，给期权，base 比现在低 20%。你说去不去？",
    "新 offer 的 base 差不多，主要是期权多",
    "base 30k，还行吧",
])
def test_a_salary_base_is_no_home(said: str) -> None:
    items = planned_items(["我住在深圳南山科技园附近", said], timedelta(days=30))
    homes = [d for s, k, d in items if s == "active" and k.startswith("fact:lives_in")]
    assert any("南山" in d for d in homes), items
    assert not any(s == "superseded" and "南山" in d for s, _, d in items), items


@pytest.mark.parametrize(("said", "home"), [("我现在base杭州", "杭州"), ("目前 base 在成都", "成都")])
def test_a_base_that_is_a_place_is_still_the_home(said: str, home: str) -> None:
    items = planned_items(["我住在西安", said], timedelta(days=30))
    assert any(s == "active" and k.startswith("fact:lives_in") and home in d for s, k, d in items), items
