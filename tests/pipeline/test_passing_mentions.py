"""A turn that only mentions the kids, the city, the pet or the partner is no detail of that fact (trial 15, #1).

"I have two kids" then "We subscribe to Netflix for the kids" used to read "User has two kids; We subscribe to
Netflix for the kids"; "I live in Denver" then "Ran the Denver half marathon today!" used to read "User lives in
Denver; Ran the Denver half marathon today". A detail speaks OF the thing ("Miso turned three", "我儿子今年五岁了");
a mention in another role (for the kids, with Paul, the Denver marathon) is its own item or only its turn.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.pipeline.changed_value import changed_number, with_statement
from memory_core.pipeline.detail_role import head_of, passing_mention, says_count, speaks_of
from memory_core.pipeline.gist import topic


def _facts(mem: EmbeddedMemory, user: str = "u") -> list[str]:
    return [str(i["description"]) for i in mem._list(user, None) if i["kind"] != "event" and i["status"] == "active"]


def _say(tmp_path: Path, texts: list[str], user: str = "u") -> list[str]:
    """The user's active facts after ``texts`` are said to a new memory, a month apart (the 5th of each month)."""
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m.db")
    try:
        for n, text in enumerate(texts, 1):
            mem.add(text, user_id=user, timestamp=f"2025-{n:02d}-05T10:00:00Z")
        return _facts(mem, user)
    finally:
        mem.close()


@pytest.mark.parametrize(("texts", "fact", "not_in_it"), [
    (["I have two kids.", "We subscribe to Netflix for the kids.", "Took the kids to the zoo."],
     "two kids", ("Netflix", "zoo")),
    (["I live in Denver.", "Ran the Denver half marathon today!", "I got a job at Denver Health as a nurse."],
     "lives in Denver", ("marathon", "Health")),
    (["我有两个孩子。", "周末带孩子们去公园放风筝了。", "给孩子们报了个游泳班。"], "两个孩子", ("公园", "游泳")),
    (["我男朋友叫Paul，是个nurse。", "周末跟Paul去看了冰球比赛。"], "Paul", ("冰球",)),
    (["I have a dog named Biscuit.", "Walked Biscuit in the rain, he hated it", "Bought Biscuit a new bed"],
     "Biscuit", ("rain", "bed")),
    (["我养了一只猫叫年糕。", "给年糕买了个新猫爬架", "周末带年糕去打疫苗了"], "年糕", ("猫爬架", "疫苗")),
    (["My husband is Tom.", "Me and Tom went to a hockey game last weekend."], "Tom", ("hockey",)),
    (["I have a dog named Pixel.", "Me and Pixel walked to the beach today."], "Pixel", ("beach",)),
], ids=["en-kids", "en-city", "zh-kids", "zh-partner", "en-dog", "zh-cat", "en-pair-partner", "en-pair-dog"])
def test_a_mention_in_another_role_is_no_detail(tmp_path: Path, texts: list[str], fact: str,
                                                not_in_it: tuple[str, ...]) -> None:
    facts = _say(tmp_path, texts)
    holding = [f for f in facts if fact in f]
    assert holding, facts
    assert not [f for f in holding for word in not_in_it if word in f], facts


@pytest.mark.parametrize(("texts", "detail"), [
    (["I have a cat named Miso.", "Miso turned three last week, we got her a tiny cake."], "three"),
    (["我养了一条狗，叫豆包。", "忘了说，豆包是柯基，今年三岁了。"], "柯基"),
    (["刚领养了一只小橘猫！！", "叫它大橘，两个月大，特别能吃🐱"], "大橘"),
], ids=["en-cat-age", "zh-dog-breed", "zh-cat-name"])
def test_a_detail_of_the_thing_still_revises_it(tmp_path: Path, texts: list[str], detail: str) -> None:
    facts = _say(tmp_path, texts)
    assert [f for f in facts if detail in f], facts


@pytest.mark.parametrize(("clause", "lang", "head"), [
    ("Ran the Denver half marathon today", "en", ""),
    ("We subscribe to Netflix for the kids", "en", ""),
    ("Miso turned three last week", "en", "miso"),
    ("The marathon is Chicago", "en", "the marathon"),
    ("I'm in the Zurich office", "en", "in the zurich office"),
    ("周末带孩子们去公园", "zh", "周末"),
    ("我儿子今年五岁了", "zh", "我儿子今年五岁了"),
    ("我是在华为松山湖那边", "zh", "我是在华为松山湖那边"),
], ids=["en-event", "en-for-the-kids", "en-subject", "en-the-marathon", "en-place", "zh-time-first", "zh-son",
        "zh-place"])
def test_the_head_of_a_clause_is_what_it_speaks_of(clause: str, lang: str, head: str) -> None:
    assert head_of(clause, lang) == head


def test_speaks_of_and_passing_mention_in_both_languages() -> None:
    kids_en, kids_zh = topic("User has two kids", "en", "User"), topic("用户有两个孩子", "zh", "用户")
    zoo = "Took the kids to the zoo"
    assert not speaks_of(zoo, topic(zoo, "en", "User"), kids_en, "en", "User")
    assert passing_mention(zoo, topic(zoo, "en", "User"), kids_en, "fact:family:kid", "en", "User")
    park = "周末带孩子们去公园"
    assert passing_mention(park, topic(park, "zh", "用户"), kids_zh, "gist:syn:child", "zh", "用户")
    again = "我有两个孩子"
    assert not passing_mention(again, topic(again, "zh", "用户"), kids_zh, "gist:syn:child", "zh", "用户")
    # a trait said again with its thing as the object is no mention of an entity
    hand = "Remember I write with my left hand"
    lefty = topic("User is left-handed", "en", "User")
    assert not passing_mention(hand, topic(hand, "en", "User"), lefty, "gist:syn:left-handed", "en", "User")
    # another person's act is left to the rules for other people
    friend = "朋友阿杰刚领养了一只边牧"
    dog = topic("用户有一只柴犬叫Mochi", "zh", "用户")
    assert not passing_mention(friend, topic(friend, "zh", "用户"), dog, "fact:pet:dog", "zh", "用户")


@pytest.mark.parametrize(("new", "old", "changed"), [
    ("Emma started 6th grade at Cedar Valley", "User has two kids", False),
    ("朵朵上三年级了", "用户有两个孩子", False),
    ("Emma is 12", "User has two kids", False),
    ("we have three kids now", "User has two kids", True),
    ("我们现在有三个孩子了", "用户有两个孩子", True),
    ("豆豆三岁啦", "用户家狗豆豆两岁了", True),
    ("been going to bed at 11 lately", "User usually goes to bed at 2am", True),
], ids=["en-grade", "zh-grade", "en-age", "en-more-kids", "zh-more-kids", "zh-dog-age", "en-bedtime"])
def test_a_count_changes_only_by_a_count_of_the_same_thing(new: str, old: str, changed: bool) -> None:
    assert changed_number(new, old) is changed
    if not changed:
        assert old in with_statement(old, new, "zh" if "用户" in old else "en")


@pytest.mark.parametrize(("texts", "count", "not_count"), [
    (["I'm Wendy, 44, mom of two kids.", "The kids are back at school, Emma started 6th grade."], "two kids", "6 kids"),
    (["我有两个孩子，老大叫朵朵。", "孩子们开学了，朵朵上三年级了。"], "两个孩子", "3个孩子"),
], ids=["en", "zh"])
def test_a_grade_never_renumbers_the_children(tmp_path: Path, texts: list[str], count: str, not_count: str) -> None:
    facts = _say(tmp_path, texts)
    assert [f for f in facts if count in f], facts
    assert not [f for f in facts if not_count in f], facts


@pytest.mark.parametrize(("texts", "fact"), [
    (["I work at Atlassian.", "Got promoted at Atlassian last week!"], "works at Atlassian"),
    (["I work at Shopify.", "Celebrated 4 years at Shopify today, still love it."], "works at Shopify"),
    (["I work at Stripe.", "Finally got my promotion at Stripe, senior engineer now."], "works at Stripe"),
    (["My husband is Tom.", "Me and Tom just celebrated our 8th wedding anniversary."], "Tom"),
    (["I have three kids.", "Raising three kids on one income is tough."], "three kids"),
    (["我有两个孩子。", "带两个孩子太累了。"], "两个孩子"),
    (["我有三个孩子。", "养三个孩子真不容易啊"], "三个孩子"),
])
def test_the_thing_outside_the_subject_is_still_said_again(tmp_path: Path, texts: list[str], fact: str) -> None:
    """Where the user is ("at Atlassian"), a pair with the user ("me and Tom"), the item's count with its thing:
    each says the item again, so it is hit once and no second item states it."""
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m.db")
    try:
        for n, text in enumerate(texts, 1):
            mem.add(text, user_id="u", timestamp=f"2025-{n:02d}-05T10:00:00Z")
        items = [i for i in mem._list("u", None) if i["kind"] != "event" and i["status"] == "active"]
    finally:
        mem.close()
    holding = [i for i in items if fact in str(i["description"])]
    assert len(holding) == 1 and holding[0]["hit"] >= 1, items


@pytest.mark.parametrize(("texts", "detail"), [
    (["I have a dog named Pixel.", "Celebrated Pixel's 4th birthday today!"], "4th"),
    (["我养了一只狗叫豆豆。", "给豆豆过了三岁生日，买了个小蛋糕"], "三岁"),
    (["我养了一只猫叫年糕。", "今天陪年糕过了两岁生日"], "两岁"),
    (["I have a dog named Lucky.", "Threw Lucky a party for his 5th birthday."], "5th"),
    (["I have a cat named Miso.", "Happy 3rd birthday to Miso!"], "3rd"),
    (["我养了一只狗叫Lucky。", "给Lucky过了4岁生日。"], "4岁"),
])
def test_the_age_of_the_thing_as_its_birthday_is_a_detail(tmp_path: Path, texts: list[str], detail: str) -> None:
    facts = _say(tmp_path, texts)
    assert [f for f in facts if detail in f], facts


def test_where_the_user_is_count_and_age_read_only_the_thing() -> None:
    denver = topic("User lives in Denver", "en", "User")
    zoo = "Had my son's birthday party at the Denver Zoo"
    assert passing_mention(zoo, topic(zoo, "en", "User"), denver, "fact:lives_in", "en", "User")  # another place
    stripe = topic("User works at Stripe", "en", "User")
    tom = "Tom got promoted at Stripe"
    assert passing_mention(tom, topic(tom, "en", "User"), stripe, "fact:works_at", "en", "User")  # another person
    talk = "Gave a talk at Stripe yesterday about Kafka"
    assert not passing_mention(talk, topic(talk, "en", "User"), stripe, "fact:works_at", "en", "User")  # a hit ...
    assert not speaks_of(talk, topic(talk, "en", "User"), stripe, "en", "User")  # ... but no detail of the employer
    kids = topic("User has two kids", "en", "User")
    disney = "We got a Disney+ subscription for our two kids"
    assert says_count(disney, topic(disney, "en", "User"), kids, "en")  # said again: a hit ...
    assert not speaks_of(disney, topic(disney, "en", "User"), kids, "en", "User")  # ... but no detail of them
    zoo3 = "Took the kids to the zoo, 2 hours of driving"
    assert not says_count(zoo3, topic(zoo3, "en", "User"), kids, "en")  # a number of no thing of the item
    pixel = topic("User has a dog named Pixel", "en", "User")
    toy = "Bought Pixel a squeaky toy for her birthday"
    assert not speaks_of(toy, topic(toy, "en", "User"), pixel, "en", "User")  # no age: an episode
    party = "Took Pixel to my nephew's 6th birthday party"
    assert not speaks_of(party, topic(party, "en", "User"), pixel, "en", "User")  # the nephew's age
    sister = "User and User's sister tried Tom's favourite ramen place"
    husband = topic("User's husband is Tom", "en", "User")
    assert not speaks_of(sister, topic(sister, "en", "User"), husband, "en", "User")
