"""A place's second name said beside it is not part of the home (pipeline/place_alias.py)."""

from __future__ import annotations

import pytest

from memory_core.pipeline.place_alias import without_place_alias
from memory_core.pipeline.plain_text import reading_text


@pytest.mark.parametrize(("text", "read"), [
    ("现在住吉隆坡 KL 啦", "现在住吉隆坡啦"),
    ("搬到纽约 NYC 了", "搬到纽约了"),
    ("base 新加坡 SG", "base 新加坡"),
    ("moved to 深圳 (Shenzhen) last month", "moved to 深圳 last month"),
    ("I moved to Shenzhen (深圳) in May", "I moved to Shenzhen in May"),
])
def test_alias_after_a_home_is_left_out(text: str, read: str) -> None:
    assert without_place_alias(text) == read


@pytest.mark.parametrize("text", [
    "我在腾讯 WXG 做 PM",  # no verb of living: a team, not an alias
    "I live in Leeds (the north)",  # a bracket that names no city
    "住在北京（朝阳）",  # a district in brackets, not another name
    "I live in Leeds",
])
def test_other_text_is_kept(text: str) -> None:
    assert without_place_alias(text) == text


def test_reading_text_drops_the_alias() -> None:
    assert reading_text("现在住吉隆坡 KL 啦") == "现在住吉隆坡啦"
