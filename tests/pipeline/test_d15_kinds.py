"""The kinds the blind batch d15 found missing: a diet's picture after a closing hedge, a move told by the
first days in the new city or by moving into the new home, quitting told as a count of days without."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.emoji_after import names_thing_before
from memory_core.pipeline.plain_text import reading_text

DAY = timedelta(days=20)


def _active(texts: list[str]) -> list[tuple[str, str]]:
    return [(key, text) for status, key, text in planned_items(texts, DAY) if status == "active"]


@pytest.mark.parametrize(("before", "names"), [
    ("so pescatarian now I guess ", True), ("eating meat again I think ", True), ("vegan these days tbh ", True),
    ("I guess ", False), ("I love ", False), ("honestly I'd kill for ", False),
])
def test_a_closing_hedge_or_a_diet_word_before_a_things_picture(before: str, names: bool) -> None:
    assert names_thing_before(before, False) is names


@pytest.mark.parametrize(("text", "read"), [
    ("so pescatarian now I guess 🐟", "so pescatarian now I guess"),
    ("back on meat again I think 🍖", "back on meat again I think"),
    ("I'd kill for 🦪 tbh", ""),  # the picture where the value goes, with no word for it: left unread
])
def test_a_things_picture_after_a_whole_statement_decorates_it(text: str, read: str) -> None:
    assert reading_text(text) == read


@pytest.mark.parametrize(("old", "new", "gone", "now"), [
    ("I'm vegan btw", "been eating fish again, my doc said my B12 was low. so pescatarian now I guess 🐟",
     "User is vegan", "User is pescatarian"),
    ("I'm vegetarian", "ok so I'm eating meat again I think 🍖", "User is vegetarian", "User eats meat again"),
])
def test_a_diet_change_closed_by_a_hedge_and_a_picture_ends_the_old_diet(old: str, new: str, gone: str,
                                                                          now: str) -> None:
    texts = [text for _, text in _active([old, new])]
    assert gone not in texts and now in texts, texts


@pytest.mark.parametrize(("old", "new", "gone", "now"), [
    ("I live in Austin", "landlord didn't renew so we packed up the whole place. first week in Portland, so much rain",
     "User lives in Austin", "User lives in Portland"),
    ("I live in Dallas", "lease ran out, we packed everything into a van. first weekend in Denver and it's lovely",
     "User lives in Dallas", "User lives in Denver"),
    ("we're based in Chicago", "the movers dropped off the last boxes, first month in Seattle done!",
     "User lives in Chicago", "User lives in Seattle"),
    ("我住在南京鼓楼区", "苏州的房子终于装修好了，这周末正式搬过去住", "用户住在南京鼓楼区", "用户住在苏州"),
    ("我住在武汉", "长沙的房子交房了，月底就搬过去住", "用户住在武汉", "用户住在长沙"),
    ("我在广州住了五年了", "厦门那套公寓收拾好了，我们上周已经搬进去了", "用户住在广州", "用户住在厦门"),
])
def test_a_move_told_by_the_first_days_there_or_by_moving_into_the_new_home(old: str, new: str, gone: str,
                                                                             now: str) -> None:
    texts = [text for _, text in _active([old, new])]
    assert gone not in texts and now in texts, texts


@pytest.mark.parametrize(("old", "new", "kept"), [
    ("I live in Boston", "first day in Rome, packed my bag with snacks and walked all over", "User lives in Boston"),
    ("I live in Boston", "first week in Lisbon for the conference, the talks are great", "User lives in Boston"),
    ("我住在上海", "爸妈在青岛的房子装修好了，他们下个月搬过去", "用户住在上海"),
    ("我住在上海", "成都的房子装修好了，准备租出去", "用户住在上海"),
])
def test_a_first_day_on_a_trip_or_another_persons_new_home_keeps_the_home(old: str, new: str, kept: str) -> None:
    texts = [text for _, text in _active([old, new])]
    assert kept in texts and not any(t.startswith(("User lives in", "用户住在")) and t != kept for t in texts), texts


@pytest.mark.parametrize(("old", "new", "gone"), [
    ("I smoke about half a pack a day", "day 30 without a single cigarette 💪 the patches worked", "User smokes"),
    ("I smoke like a pack a day", "two weeks without a cigarette now, the gum helps", "User smokes"),
    ("I'm a smoker", "officially 3 months smoke-free 🎉", "User smokes"),
    ("我每天抽一包烟", "已经整整一个月没碰烟了，嘴里没那么苦了", "用户每天抽一包烟"),
    ("我抽烟", "第40天没抽烟💪", "用户抽烟"),
])
def test_a_count_of_days_without_a_cigarette_ends_smoking(old: str, new: str, gone: str) -> None:
    rows = _active([old, new])
    assert gone not in [text for _, text in rows] and any(key == "fact:smoking" for key, _ in rows), rows


@pytest.mark.parametrize(("old", "new"), [
    ("I smoke a pack a day", "can't go a single day without a cigarette, it's bad"),
    ("我每天抽一包烟", "今天忙得一整天都没空抽烟"),
])
def test_no_day_without_or_one_busy_day_keeps_smoking(old: str, new: str) -> None:
    texts = [text for _, text in _active([old, new])]
    assert ("User smokes" if old.isascii() else "用户每天抽一包烟") in texts and not any("戒" in t or "quit" in t or
                                                                                  "不抽" in t for t in texts), texts
