"""A move told by "there" / 搬过去 after the city was named in the same turn is a move to that city; another
person's move, a plan weighed and a turn naming no city leave the home as it was."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.moved_there import there_named


def _homes(texts: list[str]) -> list[str]:
    """Descriptions of the active home items ``texts`` leave, said a day apart."""
    return [d for s, k, d in planned_items(texts, timedelta(days=1)) if s == "active" and k == "fact:lives_in"]


@pytest.mark.parametrize(
    ("old", "new", "home"),
    [
        ("我住在南京", "深圳那家公司的offer我接了，上周末已经搬过去啦，现在住南山", "用户住在深圳"),
        ("我住在武汉", "考上了西安的研究生，上个月已经搬过去了", "用户住在西安"),
        ("I live in Denver", "took the job in Austin and moved there last week", "User lives in Austin"),
    ],
)
def test_move_there_is_to_the_city_named(old: str, new: str, home: str) -> None:
    assert _homes([old, new]) == [home]


@pytest.mark.parametrize(
    ("old", "new", "home"),
    [
        ("I live in Denver", "my sister got a job in Austin and moved there", "User lives in Denver"),
        ("我住在多伦多", "拿到了温哥华的offer，还在考虑要不要搬过去", "用户住在多伦多"),
    ],
)
def test_no_move_of_the_users(old: str, new: str, home: str) -> None:
    assert _homes([old, new]) == [home]


def test_no_city_named_leaves_the_text() -> None:
    assert there_named("我们公司要搬过去了") == "我们公司要搬过去了"
    assert there_named("we moved there in May") == "we moved there in May"
