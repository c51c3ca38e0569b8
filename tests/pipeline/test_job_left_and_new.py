"""A job left and a new one said in one turn: the new one is current, the old one ends (trial 36, finding 1).

"bubble tea 店的工作辞了，现在在 T&T 超市做 cashier", "quit the agency job, now freelancing", "left Costco, I'm at
Trader Joe's now": no item keeps the raw turn, and a shop whose name ends in 超市 is no city.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.value_class import is_place


def _active(texts: list[str]) -> list[tuple[str, str]]:
    return [(k, d) for s, k, d in planned_items(texts, timedelta(days=30)) if s == "active"]


@pytest.mark.parametrize(("first", "then", "new", "old"), [
    ("我在 Yonge & Bloor 的一家 bubble tea shop 打工", "bubble tea 店的工作辞了，现在在 T&T 超市做 cashier", "T&T",
     "bubble tea"),
    ("我在五道口的一家奶茶店打工", "奶茶店的工作辞了，现在在永辉超市当收银员", "永辉超市", "奶茶店"),
    ("I work at Costco", "left Costco, I'm at Trader Joe's now", "Trader Joe's", "Costco"),
])
def test_the_new_job_is_current_and_the_old_ends(first: str, then: str, new: str, old: str) -> None:
    active = _active([first, then])
    jobs = [d for k, d in active if k.startswith("fact:works_at") and "no longer" not in d]
    assert any(new in d for d in jobs), active
    assert not any(old in d for _, d in active), active
    assert not any(d.startswith(("用户：", "User:")) for _, d in active), active


def test_quit_then_freelancing_is_a_freelancer_and_no_employer_called_job() -> None:
    active = _active(["I work at an ad agency in Mitte", "quit the agency job, now freelancing"])
    assert any(k.startswith("fact:occupation") and "freelancer" in d for k, d in active), active
    assert not any("agency" in d for _, d in active), active


@pytest.mark.parametrize(("value", "place"), [("永辉超市", False), ("T&T超市", False), ("昆山市", True),
                                              ("南山区", True)])
def test_a_shop_ending_in_chao_shi_is_no_city(value: str, place: bool) -> None:
    assert is_place(value, "zh") is place
