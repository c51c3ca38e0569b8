"""A relation word followed by a title and a name ("我老板王总", "同事李姐", "邻居张老师", "my boss Mr. Wang")
names that person: what follows is their value, keyed under the relation, never lost nor the user's."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

DAY = timedelta(days=1)


def _active(texts: list[str]) -> dict[str, str]:
    return {text: key for status, key, text in planned_items(texts, DAY) if status == "active"}


@pytest.mark.parametrize(
    ("text", "key", "said"),
    [
        ("我老板王总住在上海，他养了一只猫。", "fact:boss/lives_in", "用户的老板王总住在上海"),
        ("我领导陈经理上个月搬到深圳了。", "/lives_in", "用户的领导陈经理住在深圳"),
        ("我同事李姐住在苏州。", "/lives_in", "用户的同事李姐住在苏州"),
    ],
)
def test_a_title_named_relations_home_is_theirs(text: str, key: str, said: str) -> None:
    active = _active([text])
    assert active.get(said, "").endswith(key), active
    assert not any(k == "fact:lives_in" for k in active.values()), active


def test_the_cat_said_after_the_title_name_stays_the_bosss() -> None:
    active = _active(["我老板王总住在上海，他养了一只猫。"])
    assert "用户的老板王总养了一只猫" in active, active


def test_a_title_alone_is_no_name() -> None:
    active = _active(["我老板住在上海。"])
    assert "用户的老板住在上海" in active, active


@pytest.mark.parametrize(
    "text", ["My boss Mr. Wang lives in Shanghai, he has a cat.", "My neighbor Dr Chen lives in Shanghai."]
)
def test_an_english_title_and_name_after_the_relation_name_the_person(text: str) -> None:
    active = _active([text])
    homes = [d for d, k in active.items() if k.endswith("/lives_in")]
    assert homes and all("Shanghai" in d and not d.startswith("User lives") for d in homes), active
