"""A job title said with an employer stays the user's when only the employer changes; a new title said with
the new employer, or the same employer said again, carries nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

MONTH = timedelta(days=30)


def _active(texts: list[str]) -> list[str]:
    return [
        text for status, key, text in planned_items(texts, MONTH) if status == "active" and key.endswith("works_at")
    ]


@pytest.mark.parametrize(
    ("turns", "now"),
    [
        (["我住在北京，在字节跳动做后端开发。", "上个月搬到杭州了，现在在阿里上班。"], "用户在阿里工作，做后端开发"),
        (["我在网易做游戏策划。", "换工作了，现在在京东上班。"], "用户在京东工作，做游戏策划"),
    ],
)
def test_the_title_stays_when_only_the_employer_changes(turns: list[str], now: str) -> None:
    assert _active(turns) == [now]


def test_a_new_title_said_with_the_new_employer_wins() -> None:
    items = planned_items(["我在字节跳动做后端开发。", "现在在阿里做产品经理。"], MONTH)
    active = [text for status, _, text in items if status == "active"]
    assert "用户在阿里工作" in active and not any("后端开发" in d for d in active), active


def test_an_occupation_said_in_the_turn_carries_nothing() -> None:
    active = _active(["我在字节跳动做后端开发。", "现在在阿里上班，是产品经理。"])
    assert not any("后端开发" in d for d in active), active
