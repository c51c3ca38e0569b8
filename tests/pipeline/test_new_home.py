"""A move told by the new home in a place lived in, in Chinese, ends the old home (issue 13).

"第一晚在杭州的新公寓", "搬进了苏州的新房子", "入住长沙的新公寓": the new place is the home, the old one is
history. A friend's or a parent's new home, a hotel, a flat only looked at and a plan move no one.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items


def _items(texts: list[str]) -> list[tuple[str, str, str]]:
    return planned_items(texts, timedelta(days=30))


@pytest.mark.parametrize(("said", "new"), [
    ("头一晚睡在新家不太习惯，不过终于在宁波有自己的窝了", None),
    ("第一个晚上在合肥的新房子，楼下有点吵", "合肥"),
    ("在大连新家的第一周，天天吹海风", "大连"),
    ("上周末搬进了无锡的新公寓，还在买家具", "无锡"),
    ("今天正式住进了昆明的新家！", "昆明"),
    ("在佛山新买的房子里住下了，离地铁很近", "佛山"),
])
def test_a_new_home_lived_in_ends_the_old(said: str, new: str | None) -> None:
    items = _items(["我住在西安", said])
    active = [d for s, k, d in items if s == "active" and k.startswith("fact:lives_in")]
    if new is None:  # no place said beside the new home: nothing to read, the old home stands
        assert any("西安" in d for d in active), items
        return
    assert any(new in d for d in active), items
    assert not any("西安" in d for d in active), items
    assert any(s == "superseded" and "西安" in d for s, _, d in items), items


@pytest.mark.parametrize("said", [
    "第一晚在合肥的酒店，明天开会",
    "去合肥看了一套新公寓，还挺喜欢的",
    "周末帮我姐搬进了合肥的新房子，累死",
    "今晚在同事合肥的新家吃饭",
    "打算下个月搬进合肥的新房子",
])
def test_no_home_of_the_users_own_changes_nothing(said: str) -> None:
    items = _items(["我住在西安", said])
    active = [d for s, k, d in items if s == "active" and k.startswith("fact:lives_in")]
    assert any("西安" in d for d in active), items
    assert not any("合肥" in d for d in active), items
