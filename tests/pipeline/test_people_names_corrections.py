"""Other people, pets and their names; corrections; plans called off (issue 13 §2).

A name given in apposition or with named / called / 叫 stays with the person or
pet; a person introduced by 有个 / "I have a … who" is that person, not the
user; a correction of another person's fact, of a like, or of whose fact it
is supersedes the wrong item; a plan said to be off ends the plan's event;
another person's job ending ends their occupation, never the user's.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items


def _items(texts: list[str], events: bool = False) -> list[tuple[str, str, str]]:
    """(status, key, description) of the items ``texts`` leave (events only when asked), said a day apart."""
    return planned_items(texts, timedelta(days=1), events=events)


def _active(texts: list[str]) -> list[tuple[str, str]]:
    return [(k, d) for s, k, d in _items(texts) if s == "active"]


@pytest.mark.parametrize(("text", "key", "name"), [
    ("My older brother, Marcus, just became a firefighter in Denver.", "fact:brother/", "Marcus"),
    ("My roommate, Jake, works at Google.", "fact:roommate/jake/", "Jake"),
    ("我有个同事叫阿彬，天天中午去健身房。", "fact:family:同事:阿彬", "阿彬"),
    ("我表妹叫琳琳，在武汉读大学。", "fact:family:表妹", "琳琳"),
    ("我们家那只橘猫叫年糕，特别能吃。", "fact:pet:cat", "年糕"),
    ("I have a friend named Priyanka who teaches yoga in Austin.", "fact:family:friend:priyanka", "Priyanka"),
    ("My son, Leo, just turned five.", "fact:family:son", "Leo"),
    ("Our new puppy is called Biscuit.", "fact:pet:dog", "Biscuit"),
])
def test_a_name_said_beside_a_person_or_pet_stays_with_them(text: str, key: str, name: str) -> None:
    active = _active([text])
    assert any(k.startswith(key) and name in d for k, d in active), active


@pytest.mark.parametrize(("text", "person"), [
    ("我有个朋友在蔚来做设计，经常加班。", "fact:朋友/"),
    ("我表妹叫琳琳，在武汉读大学。", "fact:表妹/"),
    ("I have a coworker who lives in Austin.", "fact:coworker/"),
])
def test_a_person_introduced_without_a_copula_is_not_the_user(text: str, person: str) -> None:
    active = _active([text])
    assert any(k.startswith(person) for k, _ in active), active
    assert not any(k.split("@")[0] in ("fact:works_at", "fact:school", "fact:lives_in", "gist:works_at")
                   for k, _ in active), active


def test_two_colleagues_named_are_two_people() -> None:
    active = _active(["我有个同事叫阿彬。", "我有个同事叫小李。"])
    assert sum(k.startswith("fact:family:同事") for k, _ in active) == 2, active


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["我姐在杭州当老师。", "说错了，我姐是在苏州当老师，不是杭州。"], "杭州", "苏州"),
    (["My dad works at Boeing.", "Correction: my dad works at Airbus, not Boeing."], "Boeing", "Airbus"),
    (["I love coffee, I have one every morning.", "Actually scratch that, I prefer tea, not coffee."],
     "coffee", "tea"),
    (["我最喜欢喝拿铁。", "不对，我喜欢的是美式，不是拿铁。"], "拿铁", "美式"),
])
def test_a_correction_supersedes_the_wrong_value(texts: list[str], old: str, new: str) -> None:
    items = _items(texts)
    assert not any(s == "active" and old in d for s, _, d in items), items
    assert any(s == "superseded" and old in d for s, _, d in items), items
    assert any(s == "active" and new in d for s, _, d in items), items


def test_a_correction_of_whose_fact_moves_it_to_the_right_person() -> None:
    items = _items(["My sister just moved to Portland for grad school.",
                    "Wait, sorry, I meant my cousin moved to Portland, not my sister."])
    assert any(s == "superseded" and k.startswith("fact:sister/") for s, k, _ in items), items
    assert any(s == "active" and k.startswith("fact:cousin/") and "Portland" in d for s, k, d in items), items


def test_a_correction_naming_a_person_leaves_the_user_s_own_fact() -> None:
    items = _items(["I live in Boston.", "My dad works at Boeing.", "Correction: my dad works at Airbus, not Boeing."])
    assert any(s == "active" and k.startswith("fact:lives_in") for s, k, _ in items), items


@pytest.mark.parametrize(("texts", "plan"), [
    (["We're going to Japan in May, already booked the flights!", "Ugh, the Japan trip got cancelled."], "Japan"),
    (["我们五一打算去云南玩一周。", "云南之行取消了，公司临时有事走不开。"], "打算去云南"),
    (["I'm planning to visit my grandparents in Lisbon next month.", "Had to call off the Lisbon visit."],
     "planning"),
])
def test_a_plan_said_to_be_off_ends_the_plan(texts: list[str], plan: str) -> None:
    items = _items(texts, events=True)
    planned = [s for s, _, d in items if plan in d and d.endswith(texts[0].split()[-1])]
    assert planned == ["superseded"], items


@pytest.mark.parametrize("texts", [
    ["We're going to Japan in May.", "The concert in Berlin got cancelled."],
    ["我们五一打算去云南玩一周。", "明天的会议取消了。"],
])
def test_a_plan_of_another_topic_is_kept(texts: list[str]) -> None:
    items = _items(texts, events=True)
    assert any(s == "active" and texts[0][:8] in d for s, _, d in items), items


@pytest.mark.parametrize(("texts", "occupation", "own"), [
    (["我爸在国企上班，是个会计。", "我是护士。", "我爸上个月退休了。"], "fact:dad/occupation", "护士"),
    (["My mom is a nurse at St. Mary's.", "I'm a teacher.", "My mom finally retired last week."],
     "fact:mom/occupation", "teacher"),
])
def test_another_person_retiring_ends_their_occupation_not_the_user_s(texts: list[str], occupation: str,
                                                                        own: str) -> None:
    items = _items(texts)
    assert not any(s == "active" and k.startswith(occupation) for s, k, _ in items), items
    assert any(s == "active" and "/" not in k and own in d for s, k, d in items), items


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["My wife works at Boots.", "My wife switched jobs, she works at Walgreens now."], "Boots", "Walgreens"),
    (["My husband works at Google.", "My husband quit last month and he is at Meta now."], "Google", "Meta"),
])
def test_a_pronoun_after_a_relative_takes_them_up(texts: list[str], old: str, new: str) -> None:
    items = _items(texts)
    assert any(s == "active" and new in d and "/" in k for s, k, d in items), items
    assert not any(s == "active" and old in d for s, _, d in items), items


@pytest.mark.parametrize(("texts", "key"), [
    (["我同事老李在百度上班。", "我同事老李跳槽去了字节。"], "fact:同事/老李/works_at"),
    (["我朋友小周在杭州工作。", "我朋友小周去上海工作了。"], "fact:朋友/小周/works_at"),
])
def test_a_colleague_named_by_a_nickname_keeps_their_own_key(texts: list[str], key: str) -> None:
    items = _items(texts)
    mine = [(s, d) for s, k, d in items if k.startswith(key)]
    assert [s for s, _ in mine] == ["superseded", "active"], items


@pytest.mark.parametrize("text", ["我同事老是加班到很晚。", "我朋友老在朋友圈晒娃。"])
def test_an_adverb_after_a_relation_is_no_nickname(text: str) -> None:
    assert not any("/老" in k for k, _ in _active([text])), _active([text])
