"""A move told through the home (issue 13): the new home said by its place ("合肥滨湖的新家收拾好了") is where the
user lives, and the old home given up ("把广州的房子退了", "moved out of my Leeds flat") ends living there; a
friend's new home and a car sold change nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("first", "then", "new"), [
    ("我住在南京鼓楼", "搬家累死了，合肥滨湖的新家终于收拾利索了", "合肥"),
    ("我住在无锡", "搬完家累瘫了，苏州工业园区的新房子终于收拾好了", "苏州"),
])
def test_the_new_home_by_its_place_is_the_home(tmp_path: Path, first: str, then: str, new: str) -> None:
    rows = slot_items(tmp_path, [first, then], start=START, days_apart=30)
    homes = [text for key, text in active(rows) if key == "fact:lives_in"]
    assert len(homes) == 1 and new in homes[0], rows


@pytest.mark.parametrize(("first", "then", "old"), [
    ("我住在广州天河", "终于把广州的房子退了，这几天都在打包行李", "广州"),
    ("I live in Leeds.", "moved out of my Leeds flat last week, unpacking boxes now", "Leeds"),
    ("I live in Boston.", "gave up my apartment in Boston, heading west", "Boston"),
])
def test_the_home_given_up_ends(tmp_path: Path, first: str, then: str, old: str) -> None:
    rows = slot_items(tmp_path, [first, then], start=START, days_apart=30)
    assert not any(old in text and "no longer" not in text and "不再" not in text
                   for key, text in active(rows) if key == "fact:lives_in"), rows


@pytest.mark.parametrize("then", ["朋友在苏州的新家装修好了，周末去给她暖房", "把上海的那辆车卖了，反正也不常开",
                                  "My sister gave up her flat in Leeds."])
def test_nothing_of_the_users_home_changes(tmp_path: Path, then: str) -> None:
    rows = slot_items(tmp_path, ["我住在杭州西湖区", then], start=START, days_apart=30)
    assert [text for key, text in active(rows) if key == "fact:lives_in"] == ["用户住在杭州西湖区"], rows
