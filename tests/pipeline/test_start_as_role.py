"""A job begun "as" a title, said in the present ("Monday I start at NIO as a battery test engineer"), ends the
old title as well as the old employer (issue 13); someone else's start changes nothing of the user's."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items


@pytest.mark.parametrize(("said", "title"), [
    ("Last day at Trip.com today 🥲 Monday I start at NIO as a battery test engineer", "battery test engineer"),
    ("tomorrow I start at Deloitte as a tax consultant, wish me luck", "tax consultant"),
    ("So I start at Canva as a product designer on Monday!", "product designer"),
])
def test_a_start_as_a_new_title_ends_the_old_title(said: str, title: str) -> None:
    items = planned_items(["I work at Trip.com as a data analyst", said], timedelta(days=30))
    active = [d for s, k, d in items if s == "active" and k.startswith("fact:occupation")]
    assert any(title in d for d in active), items
    assert not any("data analyst" in d for d in active), items


def test_someone_elses_start_leaves_the_title() -> None:
    items = planned_items(["I work at Trip.com as a data analyst",
                           "my brother starts at NIO as a battery test engineer on Monday"], timedelta(days=30))
    active = [d for s, _, d in items if s == "active"]
    assert any("data analyst" in d for d in active), items
    assert not any(d.startswith("User works as a battery") for d in active), items


@pytest.mark.parametrize(("said", "employer", "title"), [
    ("最后一天在携程了🥲 下周去蔚来做电池测试工程师", "蔚来", "电池测试工程师"),
    ("下个月去字节当产品经理，有点慌", "字节", "产品经理"),
])
def test_a_settled_start_at_a_place_as_a_title_ends_the_old_job(said: str, employer: str, title: str) -> None:
    items = planned_items(["我在携程做数据分析师", said], timedelta(days=30))
    active = [d for s, _, d in items if s == "active"]
    assert any(employer in d for d in active) and any(title in d for d in active), items
    assert not any("数据分析师" in d or "携程" in d for d in active), items


@pytest.mark.parametrize("said", ["下周去医院做检查，有点紧张", "我想去腾讯做产品经理", "我妹下周去蔚来做测试工程师"])
def test_no_start_of_the_users_own_leaves_the_job(said: str) -> None:
    items = planned_items(["我在携程做数据分析师", said], timedelta(days=30))
    active = [d for s, _, d in items if s == "active"]
    assert any(d.startswith("用户在携程") for d in active), items
    assert any(d.startswith("用户的职业是数据分析师") for d in active), items
