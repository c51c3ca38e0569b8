"""What the user charges, pays or earns is one value at a time (issue 13: a rate, rent, salary or budget).

A freelancer's rate raised and then corrected ("不对，是750一小时", "actually it's $750 now") leaves the last word
current and the earlier figures superseded, never a fragment such as "用户是750一小时"; the amount keeps its
currency and unit as said. Amounts that are not the user's own (another person's rate, a price of a thing, a
percentage) change none of these slots.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items


def _items(texts: list[str]) -> list[tuple[str, str, str]]:
    """(status, key, description) of the non-event items ``texts`` leave, said a day apart."""
    return planned_items(texts, timedelta(days=1))


def _active(texts: list[str], key: str) -> list[str]:
    return [d for s, k, d in _items(texts) if s == "active" and k == key]


@pytest.mark.parametrize(
    ("texts", "key", "current", "old"),
    [
        (
            [
                "现在的rate是每小时400块，感觉有点低了",
                "raised my rate to 600/hour, 新客户都按这个价",
                "rate又涨了，现在800一小时",
                "no wait, 我说错了，是750一小时，800是周末加急价",
            ],
            "fact:rate",
            "750一小时",
            "800",
        ),
        (
            ["my tutoring rate went up, it's 90 dollars a session now", "no wait, I was wrong, it's 85 a session"],
            "fact:rate",
            "85 a session",
            "90",
        ),
        (["I charge 120 an hour for consulting", "actually it's $150 now"], "fact:rate", "$150", "120"),
        (
            ["家教的课时费涨了，现在一节课300块", "不对，我记错了，课时费是一节课280，300是周末的价"],
            "fact:rate",
            "一节课280",
            "300",
        ),
        (["我现在一小时收400", "涨价了，我现在一小时收500"], "fact:rate", "一小时收500", "400"),
        (
            ["my rent is $1,200 a month", "my rent went up, it's $1,450 a month now"],
            "fact:rent",
            "$1,450 a month",
            "1,200",
        ),
        (["房租一个月3500", "房租涨了，现在4000一个月"], "fact:rent", "4000一个月", "3500"),
        (["我月薪2万", "涨薪了，月薪涨到了2万5"], "fact:salary", "2万5", "2万"),
        (["my salary is 85k", "got a raise to 95k!"], "fact:salary", "95k", "85k"),
        (["我每个月预算3000", "预算改成了4000"], "fact:budget", "4000", "3000"),
    ],
)
def test_the_last_amount_said_is_current(texts: list[str], key: str, current: str, old: str) -> None:
    items = _items(texts)
    active = [d for s, k, d in items if s == "active" and k == key]
    assert len(active) == 1 and current in active[0], items
    assert any(old in d for s, k, d in items if s == "superseded" and k == key), items


@pytest.mark.parametrize("text", ["用户是750一小时", "用户说错了"])
def test_a_corrected_amount_leaves_no_fragment(text: str) -> None:
    items = _items(["rate又涨了，现在800一小时", "no wait, 我说错了，是750一小时，800是周末加急价"])
    assert not any(d == text for s, _, d in items if s == "active"), items


@pytest.mark.parametrize(
    ("texts", "key"),
    [
        (["the interest rate is 5% now"], "fact:rate"),
        (["咖啡30块一杯，有点贵"], "fact:rate"),
        (["我朋友一小时收500"], "fact:rate"),
        (["房租便宜一半"], "fact:rent"),
        (["it's 30 dollars an hour to park there"], "fact:rate"),
        (["I live in Leeds now", "actually it's $750 now"], "fact:rate"),  # a corrected amount alone starts no rate
    ],
)
def test_other_amounts_change_no_slot_of_the_user(texts: list[str], key: str) -> None:
    assert _active(texts, key) == []
