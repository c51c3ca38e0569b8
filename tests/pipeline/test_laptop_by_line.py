"""A laptop said by its maker's line ("Dell XPS", "Surface Pro", "联想小新") or after what it is used for
("我平时写代码都用 Dell XPS", "I code on a ThinkPad") is the user's laptop;
a new one ("换了台 MacBook Air") ends the old."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

DAY = timedelta(days=60)


def _laptops(texts: list[str]) -> dict[str, str]:
    return {text: status for status, key, text in planned_items(texts, DAY) if key == "fact:owns:laptop"}


@pytest.mark.parametrize(
    ("turns", "new"),
    [
        (["我平时写代码都用 Dell XPS，屏幕挺好的。", "上周换了台 MacBook Air，现在天天用它"], "用户用MacBook"),
        (["I code on a Dell XPS, the screen is great", "I switched to a MacBook Air last month"],
         "User has MacBook Air"),
        (["I use a Surface Pro for work", "我现在用联想小新"], "用户用联想小新"),
        (["I do all my work on a ThinkPad X1", "换成 MateBook 了"], "用户用MateBook"),
    ],
)
def test_a_new_laptop_by_its_line_ends_the_old(turns: list[str], new: str) -> None:
    laptops = _laptops(turns)
    assert laptops.get(new) == "active" and list(laptops.values()).count("active") == 1, laptops


@pytest.mark.parametrize("later", ["我同事换了台 MacBook Air", "有点想换 MacBook，还在纠结"])
def test_another_persons_laptop_or_a_wish_ends_nothing(later: str) -> None:
    laptops = _laptops(["我平时写代码都用 Dell XPS", later])
    assert laptops == {"用户用Dell XPS": "active"}, laptops


@pytest.mark.parametrize(
    ("turns", "new"),
    [
        (["I track my sleep with a Fitbit Charge, wear it every night.", "现在用 Garmin 看睡眠"], "用户用Garmin"),
        (["I track my sleep with an Oura ring", "I switched to a Garmin Venu"], "User has Garmin Venu"),
        (["我用小米手环记录睡眠", "手环丢了，干脆换成 Apple Watch 了"], "用户用Apple Watch"),
    ],
)
def test_a_new_band_or_watch_ends_the_old(turns: list[str], new: str) -> None:
    worn = {text: status for status, key, text in planned_items(turns, DAY) if key == "fact:owns:wearable"}
    assert worn.get(new) == "active" and list(worn.values()).count("active") == 1, worn
