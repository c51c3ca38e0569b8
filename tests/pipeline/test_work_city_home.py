"""The city one works in is read as the home only while no home is stated: it never replaces a home the user
stated ("我住在苏州" then "我在杭州工作"), nor a home stated in the same turn; and "based in the London office" is
no home. Chinese and English."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _homes(rows: list[tuple[str, str, str]]) -> list[str]:
    return [text for state, key, text in rows if state == "active" and key == "fact:lives_in"]


@pytest.mark.parametrize(("texts", "home", "not_home"), [
    (["我住在苏州。", "我在杭州工作。"], "苏州", "杭州"),
    (["我住在昆山，", "我现在在上海上班，每天坐高铁。"], "昆山", "上海"),
    (["我住在苏州，在杭州上班。"], "苏州", "杭州"),
    (["我在杭州上班，住在苏州。"], "苏州", "杭州"),
    (["I live in Croydon.", "I'm based in the London office now."], "Croydon", "London office"),
])
def test_a_work_city_never_replaces_a_stated_home(tmp_path: Path, texts: list[str], home: str,
                                                  not_home: str) -> None:
    homes = _homes(slot_items(tmp_path, texts, start=START, days_apart=1))
    assert len(homes) == 1 and home in homes[0] and f"lives in {not_home}" not in homes[0] \
        and f"住在{not_home}" not in homes[0], homes


@pytest.mark.parametrize(("texts", "home"), [
    (["我在深圳做程序员。"], "深圳"),
    (["我在杭州工作。", "我搬到苏州了。"], "苏州"),
    (["我在深圳做程序员。", "我回老家发展啦，在洛阳开了家烘焙店。"], "洛阳"),  # a work city read as home gives way
])
def test_with_no_home_stated_the_work_city_is_the_home(tmp_path: Path, texts: list[str], home: str) -> None:
    homes = _homes(slot_items(tmp_path, texts, start=START, days_apart=1))
    assert len(homes) == 1 and home in homes[0], homes


@pytest.mark.parametrize("texts", [
    ["嗨～我是林怡君，在台北一間廣告代理商當平面設計師，在信義區上班"],
    ["我在朝阳区上班，天天加班"],
    ["我现在在南山区工作，通勤一小时"],
])
def test_a_district_one_works_in_is_no_home(tmp_path: Path, texts: list[str]) -> None:
    assert _homes(slot_items(tmp_path, texts, start=START, days_apart=1)) == []
