"""A relation word followed by a full name ("我朋友王明", "我同事李娜", "my friend Sarah Chen", "my coworker Dave
Miller") names that person: their fact is keyed under the relation and the name, never the user's, never lost."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

DAY = timedelta(days=1)


def _active(texts: list[str]) -> dict[str, str]:
    return {text: key for status, key, text in planned_items(texts, DAY) if status == "active"}


@pytest.mark.parametrize(
    ("text", "said", "key"),
    [
        ("我朋友王明住在上海。", "用户的朋友王明住在上海", "fact:朋友/王明/lives_in"),
        ("我同事李娜刚跳槽去了腾讯。", "用户的同事李娜在腾讯工作", "fact:同事/李娜/works_at"),
        ("我室友陈静是护士。", "用户的室友陈静的职业是护士", "fact:室友/陈静/occupation"),
        ("我朋友林小雨在字节做产品经理。", "用户的朋友林小雨在字节工作", "fact:朋友/林小雨/works_at"),
        (
            "My friend Sarah Chen lives in Austin.",
            "User's friend Sarah Chen lives in Austin",
            "fact:friend/sarah/lives_in",
        ),
        (
            "my coworker Dave Miller moved to Denver",
            "User's coworker Dave Miller lives in Denver",
            "fact:coworker/dave/lives_in",
        ),
    ],
)
def test_a_full_name_after_the_relation_keys_the_fact_under_that_person(text: str, said: str, key: str) -> None:
    active = _active(["我住在杭州。", "我在阿里上班。", text])
    assert active.get(said) == key, active
    assert active.get("用户住在杭州") == "fact:lives_in", active
    assert active.get("用户在阿里工作") == "fact:works_at", active


def test_the_first_name_said_later_is_the_same_friend() -> None:
    items = planned_items(["My friend Sarah Chen lives in Austin.", "My friend Sarah moved to Denver."], DAY)
    keyed = {(status, text): key for status, key, text in items}
    assert keyed.get(("superseded", "User's friend Sarah Chen lives in Austin")) == "fact:friend/sarah/lives_in", items
    assert keyed.get(("active", "User's friend Sarah lives in Denver")) == "fact:friend/sarah/lives_in", items


@pytest.mark.parametrize("text", ["我朋友马上要搬去北京了。", "我朋友周末去爬山了。", "我朋友王明天去上海出差。"])
def test_a_word_opening_on_a_surname_names_nobody(text: str) -> None:
    active = _active(["我住在杭州。", text])
    assert not any("马上要" in k or "周末" in k or "王明天" in k for k in active.values()), active
    assert active.get("用户住在杭州") == "fact:lives_in", active
