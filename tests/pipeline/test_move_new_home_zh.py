"""A move implied in Chinese by the first night or day in a new home, or by moving into one ("第一晚在杭州的新公寓",
"在成都新家的第一天", "周末搬进了苏州的新房子", "正式入住长沙的新公寓"), supersedes the home stated before, as the
English "first night in the new apartment in Hangzhou" does; a hotel, someone else's new home or a flat only seen
moves no one (memory_core/data/slots.yaml ``lives_in``, memory_core/pipeline/clauses.py ``_ZH_NEW_HOME_AT``)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items


@pytest.mark.parametrize(("said", "city"), [
    ("第一晚在杭州的新公寓，箱子还没拆完", "杭州"),
    ("今天是在成都新家的第一天，累瘫了", "成都"),
    ("周末搬进了苏州的新房子，终于有自己的书房了", "苏州"),
    ("今天正式入住长沙的新公寓啦", "长沙"),
    ("我们上周末住进了杭州的新家", "杭州"),
])
def test_a_new_home_said_by_its_place_is_the_home(said: str, city: str) -> None:
    items = planned_items(["我住在上海静安区", said], timedelta(days=30))
    assert ("active", "fact:lives_in", f"用户住在{city}") in items, items
    assert ("superseded", "fact:lives_in", "用户住在上海静安区") in items, items


@pytest.mark.parametrize("said", [
    "第一晚在杭州的酒店，明天开会",
    "今晚在朋友杭州的新公寓吃饭，他刚搬过去",
    "周末去杭州看了一套新公寓，还挺喜欢的",
    "第一晚住在朋友杭州的新家",
    "帮我妈搬进了成都的新房子",
])
def test_a_home_not_the_users_moves_nothing(said: str) -> None:
    items = planned_items(["我住在上海静安区", said], timedelta(days=30))
    assert ("active", "fact:lives_in", "用户住在上海静安区") in items, items
