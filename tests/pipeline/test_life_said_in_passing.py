"""Everyday ways of saying a life change or a standing fact, in both languages: a new post said after another deed
("passed my boards and got hired as …", 被…录用当…), a daydream's second verb, how long since one came to a city, a
pet brought home and named later, a metro line as the way to work, a pastime or a drink given up with its name first,
and 忌口 asking the food restrictions."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.naming_verb import naming_said
from memory_core.pipeline.restriction_topics import needs_of
from memory_core.pipeline.slots import read_clause


def _states(texts: list[str]) -> dict[str, list[str]]:
    """{status: descriptions} of the items ``texts`` leave, said a day apart."""
    out: dict[str, list[str]] = {}
    for status, _, description in planned_items(texts, timedelta(days=1)):
        out.setdefault(status, []).append(description)
    return out


def _keys(text: str) -> list[tuple[str, int]]:
    """(slot key, polarity) of every hit of the clauses ``text`` says of the user."""
    return [(hit.key, hit.polarity) for clause, lang in split_clauses(text) for hit in read_clause(clause, lang).hits]


@pytest.mark.parametrize(
    ("old", "new", "title"),
    [
        ("I'm a barista at a little cafe", "passed my boards and got hired as a dental hygienist!!!", "hygienist"),
        ("I'm a line cook at a diner downtown", "Finished my degree in March and got hired as a nurse at St Mary's",
         "nurse"),
        ("I work as a cashier", "graduated in May and got a job as a data analyst", "data analyst"),
        ("我是咖啡师，在一家小咖啡馆上班", "大新闻：考过了执业证，被一家口腔诊所录用当牙科护士了！", "牙科护士"),
        ("我是一名会计", "我被协和医院聘为主治医生了", "主治医生"),
    ],
)
def test_a_new_post_after_another_deed_supersedes_the_old(old: str, new: str, title: str) -> None:
    states = _states([old, new])
    assert any(title in d for d in states.get("active", [])), states
    old_titles = ("barista", "cook", "cashier", "咖啡师", "会计")
    assert any(w in d for d in states.get("superseded", []) for w in old_titles), states


@pytest.mark.parametrize(
    "text",
    [
        "lol imagine if I just packed up and moved to Lisbon. a girl can dream",
        "what if I quit my job and moved to Bali",
        "picture me packing up and moving to Lisbon",
        "哈哈说不定哪天我就搬去大理了",
        "想象一下我直接打包搬去大理，每天晒太阳",
    ],
)
def test_a_daydream_moves_nobody(text: str) -> None:
    assert not [k for k, _ in _keys(text) if k.startswith("fact:lives_in")], _keys(text)


def test_a_plain_pair_of_verbs_is_still_said() -> None:
    assert ("fact:lives_in", 1) in _keys("I quit my job and moved to Bali")


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("深圳这边一月还能穿短袖，来深圳住了三年，已经忘了冬天长啥样了", "深圳"),
        ("我来深圳三年了", "深圳"),
        ("来成都生活五年了", "成都"),
        ("came to Berlin three years ago and never left", "Berlin"),
        ("been in Denver 5 years now and I still love it", "Denver"),
        ("lived in Portland almost 4 yrs now and I still love the food carts", "Portland"),
    ],
)
def test_how_long_since_one_came_names_the_home(text: str, city: str) -> None:
    active = _states([text]).get("active", [])
    assert any(city in d and ("住" in d or "lives" in d) for d in active), active
    assert not any("yrs" in d or "years" in d for d in active if "lives" in d), active


def test_a_company_come_to_stays_the_employer() -> None:
    assert ("fact:works_at", 1) in _keys("我来小米快两个月了")
    assert not [k for k, _ in _keys("我来小米快两个月了") if k.startswith("fact:lives_in")]


@pytest.mark.parametrize(
    ("text", "species"),
    [
        ("终于把狗子接回家了！！", "dog"),
        ("今天接回家一只小柯基", "dog"),
        ("从救助站抱回来一只橘猫", "cat"),
        ("finally brought the puppy home!!", "dog"),
        ("we brought home a rescue cat last week", "cat"),
    ],
)
def test_a_pet_brought_home_is_the_users(text: str, species: str) -> None:
    assert (f"fact:pet:{species}", 1) in _keys(text)


def test_a_child_brought_home_is_no_pet() -> None:
    assert not _keys("周末去接孩子回家")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("给我家柯基起好名字了，叫豆包", "给我家柯基，叫豆包"),
        ("给我家猫取名叫年糕了", "给我家猫，叫年糕了"),
    ],
)
def test_a_name_given_later_is_put_as_the_cue_reads_it(text: str, said: str) -> None:
    assert naming_said(text) == said


def test_a_name_given_later_names_the_pet() -> None:
    active = _states(["今天从救助站抱回来一只小橘猫", "给我家猫取名叫年糕了，已经敢出来要吃的了。"]).get("active", [])
    assert any("年糕" in d for d in active), active


@pytest.mark.parametrize(
    ("old", "new", "gone"),
    [
        ("又迟到了 每天挤 2 号线上班，早高峰人贴人", "现在骑电动车上班，20 分钟搞定", "2 号线"),
        ("我每天坐10号线去公司", "我现在改骑车上班了", "10号线"),
        ("I take the L train to work", "these days I bike to work", "L train"),
    ],
)
def test_a_metro_line_is_the_old_way_to_work(old: str, new: str, gone: str) -> None:
    states = _states([old, new])
    assert any(gone in d for d in states.get("superseded", [])), states


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("岩馆年卡到期没续，手腕老疼，攀岩就不玩了", "fact:hobby:攀岩"),
        ("钓鱼我早就不去了", "fact:hobby:钓鱼"),
        ("所以奶茶戒了，现在只喝无糖的绿茶", "pref:milk tea"),
        ("咖啡我戒了", "pref:coffee"),
    ],
)
def test_a_pastime_or_drink_given_up_with_its_name_first_ends_it(text: str, key: str) -> None:
    assert (key, -1) in _keys(text)


def test_a_pastime_taken_up_with_when_said_between() -> None:
    assert ("fact:hobby:游泳", 1) in _keys("现在改成每天早上六点半去游泳")


def test_a_consequence_after_a_bite_is_no_statement() -> None:
    clauses = [c for c, _ in split_clauses("我芒果过敏，吃一口嘴巴就肿成香肠")]
    assert not any("嘴巴" in c for c in clauses), clauses


def test_jikou_asks_the_food_restrictions() -> None:
    assert needs_of("她有什么忌口吗？") is not None
    assert ("fact:allergy:shellfish", 1) in _keys("我自己是对虾过敏")
