"""Everyday changes said indirectly end the old value, each read by a rule for its kind of phrasing, in English and
Chinese: a new home said as "the new place in X" / 新家在X, a first day or week at a new employer / 入职X第一周, a way
of eating said to be over, a kind of drink taken up again after its category was given up, "finally done with the
commute", "sold X, got Y", a fact said inside a question, and a plan (an offer, leaving at the month's end) that ends
nothing until its outcome is told. Negatives: a friend's new place, a job only wished for."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _live(tmp_path: Path, texts: list[str]) -> list[str]:
    return [text for status, key, text in slot_items(tmp_path, texts, start=START, days_apart=20)
            if status == "active" and not key.startswith("event:")]


def _changed(live: list[str], new: str, old: str) -> bool:
    return any(new in t for t in live) and not any(old in t for t in live)


@pytest.mark.parametrize(("before", "after", "new", "old"), [
    ("I live in Shoreditch", "the new place in Peckham is great, so much more space", "lives in Peckham", "Shoreditch"),
    ("I live in Leeds", "the new flat in Headingley has a garden!", "lives in Headingley", "Leeds"),
    ("I live in Bristol", "so the new house in Bath is finally ours", "lives in Bath", "Bristol"),
    ("在上海浦东住", "搬家搬得累死了，新家在徐汇，离公司近多了", "住在徐汇", "浦东"),
    ("我住在朝阳", "新家在海淀，通勤方便多了", "住在海淀", "朝阳"),
])
def test_a_new_home_said_by_the_new_place_ends_the_old_one(tmp_path: Path, before: str, after: str, new: str,
                                                           old: str) -> None:
    live = _live(tmp_path, [before, after])
    assert _changed(live, new, old), live


@pytest.mark.parametrize(("before", "after", "kept", "not_home"), [
    ("I live in Shoreditch", "my friend's new place in Peckham is great", "lives in Shoreditch", "lives in Peckham"),
    ("I live in Shoreditch", "my sister moved last month, the new place in Peckham is great", "lives in Shoreditch",
     "User lives in Peckham"),
    ("我住在浦东", "我姐搬家了，新家在静安", "住在浦东", "用户住在静安"),
])
def test_someone_elses_new_place_changes_nothing_of_the_users(tmp_path: Path, before: str, after: str, kept: str,
                                                              not_home: str) -> None:
    live = _live(tmp_path, [before, after])
    assert any(kept in t for t in live) and not any(not_home in t for t in live), live


def test_the_new_place_said_first_is_no_home(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["the new place in Peckham is great, so much more space"], start=START, days_apart=1)
    assert not [k for _, k, _ in rows if k == "fact:lives_in"], rows  # it may be a new café


@pytest.mark.parametrize(("before", "after", "new", "old"), [
    ("I work at Deliveroo", "first day at Spotify today! nervous", "works at Spotify", "Deliveroo"),
    ("I work at Barclays", "first week at Monzo done, so many new faces", "works at Monzo", "Barclays"),
    ("我在阿里上班", "今天是我在字节的第一天，好紧张", "在字节工作", "阿里"),
    ("我在百度工作", "入职美团第一周，累死了", "在美团工作", "百度"),
])
def test_a_first_day_at_a_new_employer_ends_the_old_one(tmp_path: Path, before: str, after: str, new: str,
                                                        old: str) -> None:
    live = _live(tmp_path, [before, after])
    assert _changed(live, new, old), live


def test_a_first_week_at_a_university_is_no_employer(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["first week at Ohio State, campus is HUGE i keep getting lost"], start=START,
                      days_apart=1)
    assert not [k for _, k, _ in rows if k == "fact:works_at"], rows


@pytest.mark.parametrize(("before", "after", "new", "old"), [
    ("I'm vegan", "had a steak last night, vegan life is over lol", "no longer vegan", "User is vegan"),
    ("I'm vegetarian", "my veggie days are over, bacon won", "no longer vegetarian", "User is vegetarian"),
    ("btw i'm veggie", "honestly started eating fish again, so pescatarian now i guess", "is pescatarian",
     "is vegetarian"),
    ("我吃纯素", "昨天吃了牛排，纯素生活结束了", "不再是纯素", "用户是纯素"),
    ("我吃素", "吃素的日子到头了，昨晚吃了烤鸭", "不再是素食", "用户是素食"),
])
def test_a_way_of_eating_said_to_be_over_ends_the_diet(tmp_path: Path, before: str, after: str, new: str,
                                                       old: str) -> None:
    live = _live(tmp_path, [before, after])
    assert _changed(live, new, old), live


def test_another_persons_diet_over_leaves_the_users(tmp_path: Path) -> None:
    live = _live(tmp_path, ["I'm vegan", "my sister's vegan life is over, she had a steak"])
    assert any(t == "User is vegan" for t in live), live


@pytest.mark.parametrize(("before", "after", "new", "old"), [
    ("I don't drink alcohol", "started having the odd beer again", "beer", "doesn't drink alcohol"),
    ("I don't drink alcohol", "started having the odd glass of wine again", "wine", "doesn't drink alcohol"),
    ("我不喝酒", "最近又开始偶尔喝点啤酒了", "啤酒", "不喝酒"),
    ("我不喝酒", "又开始喝红酒了", "红酒", "不喝酒"),
])
def test_a_kind_taken_up_again_ends_the_negation_of_its_category(tmp_path: Path, before: str, after: str, new: str,
                                                                 old: str) -> None:
    live = _live(tmp_path, [before, after])
    assert _changed(live, new, old), live


@pytest.mark.parametrize(("before", "after", "kept"), [
    ("I don't drink alcohol", "started drinking coffee again", "doesn't drink alcohol"),
    ("我不喝酒", "又开始喝咖啡了", "不喝酒"),
])
def test_another_thing_taken_up_again_leaves_the_negation(tmp_path: Path, before: str, after: str, kept: str) -> None:
    assert any(kept in t for t in _live(tmp_path, [before, after]))


def test_done_with_the_commute_ends_it(tmp_path: Path) -> None:
    live = _live(tmp_path, ["I commute to Canary Wharf every day",
                            "finally done with the commute to Canary Wharf — I'm remote now"])
    assert not any("commutes to Canary Wharf" in t for t in live), live


@pytest.mark.parametrize(("before", "after", "kept"), [
    ("I drive to work every day", "I'm working from home today", "by car"),
    ("I drive to work every day", "my wife is remote now", "by car"),
    ("我每天开车上班", "今天在家办公", "开车上班"),
])
def test_a_day_at_home_or_anothers_remote_job_leaves_the_commute(tmp_path: Path, before: str, after: str,
                                                                 kept: str) -> None:
    assert any(kept in t for t in _live(tmp_path, [before, after]))


@pytest.mark.parametrize(("before", "after", "new", "old"), [
    ("I drive a VW Golf", "sold the Golf, got a Tesla Model 3", "Tesla Model 3", "VW Golf"),
    ("I drive a Honda Civic", "sold my Civic, bought a Kia", "Kia", "Civic"),
    ("我开的是一辆大众高尔夫", "把高尔夫卖了，换了辆特斯拉", "特斯拉", "有大众高尔夫"),
])
def test_sold_one_got_another_replaces_the_thing(tmp_path: Path, before: str, after: str, new: str, old: str) -> None:
    live = _live(tmp_path, [before, after])
    assert any(new in t for t in live) and not any(old in t and "sold" not in t for t in live), live


@pytest.mark.parametrize(("before", "after", "new", "old"), [
    ("I work at Google", "since I'm now working at Stripe, should I move my pension?", "works at Stripe", "Google"),
    ("I live in Leeds", "now that I live in York, which GP should I register with?", "lives in York", "Leeds"),
    ("我在阿里上班", "我现在在字节了，公积金要怎么转？", "在字节工作", "阿里"),
    ("我住在杭州", "我已经搬到苏州了，社保怎么办？", "住在苏州", "杭州"),
])
def test_a_fact_said_inside_a_question_is_stated(tmp_path: Path, before: str, after: str, new: str, old: str) -> None:
    live = _live(tmp_path, [before, after])
    assert _changed(live, new, old), live


@pytest.mark.parametrize(("before", "after", "kept", "not_said"), [
    ("I work at Google", "should I move to Stripe?", "works at Google", "Stripe"),
    ("I work at Deliveroo", "if I got a job at Spotify, would I get more holiday?", "works at Deliveroo", "Spotify"),
    ("我在阿里上班", "如果去字节上班，公积金会多吗？", "在阿里工作", "字节"),
])
def test_a_question_or_a_wish_changes_nothing(tmp_path: Path, before: str, after: str, kept: str,
                                              not_said: str) -> None:
    live = _live(tmp_path, [before, after])
    assert any(kept in t for t in live) and not any(not_said in t for t in live), live


@pytest.mark.parametrize(("before", "plan", "outcome", "new", "old"), [
    ("I work at DBS", "got an offer from Grab! leaving DBS end of month", "first week at Grab done", "works at Grab",
     "DBS"),
    ("I work at Oracle", "I'm quitting Oracle next month, offer from Stripe in hand", "first day at Stripe today",
     "works at Stripe", "Oracle"),
    ("我在星展银行上班", "拿到了字节的offer，月底从星展离职", "入职字节第一天，好紧张", "在字节工作", "星展"),
])
def test_a_plan_ends_nothing_until_its_outcome_is_told(tmp_path: Path, before: str, plan: str, outcome: str,
                                                       new: str, old: str) -> None:
    planned = _live(tmp_path / "plan", [before, plan])
    assert any(old in t for t in planned) and not any(new in t for t in planned), planned
    assert _changed(_live(tmp_path / "done", [before, plan, outcome]), new, old)
