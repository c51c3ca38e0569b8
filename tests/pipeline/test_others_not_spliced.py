"""Another person's facts stay theirs (new-user trial 37): a relation opening a code-switched turn keys the Chinese
clauses after it under that person; a person just met takes the clauses after them; a sentence sharing one word with
an item (another full name, a name in another role, the view of the person the item names, another person's pets)
is no hit and no detail of it."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.gist import topic
from memory_core.pipeline.named_role import name_elsewhere, other_full_name, when_only
from memory_core.pipeline.relation_in_chinese import chinese_subject
from memory_core.pipeline.subject_chain import my_put_back
from memory_core.pipeline.their_view import opens_on_other, their_view

START = datetime(2026, 1, 10, 9, tzinfo=UTC)


@pytest.mark.parametrize(("subject", "chinese"), [
    ("my boyfriend Omar", "男朋友Omar"), ("my wife", "老婆"), ("my husband Dave", "老公Dave"),
    ("my sister Amy", ""),  # 姐姐 or 妹妹: no one Chinese reading
    ("", ""), ("Lisa", ""),
])
def test_the_english_subject_is_said_in_chinese(subject: str, chinese: str) -> None:
    assert chinese_subject(subject) == chinese


@pytest.mark.parametrize(("clause", "read"), [
    ("boyfriend Omar is Jordanian", "my boyfriend Omar is Jordanian"),
    ("Wife Anna works at Stripe", "my wife Anna works at Stripe"),
    ("partner says I should rest", "partner says I should rest"),  # no name: left as said
    ("Tacoma Dome is huge", "Tacoma Dome is huge"),  # no relation
    ("my sister Mei moved", "my sister Mei moved"),
])
def test_my_is_put_back_before_a_relation_and_a_name(clause: str, read: str) -> None:
    assert my_put_back(clause) == read


@pytest.mark.parametrize(("turn", "clauses"), [
    ("boyfriend Omar is Jordanian，在 Emirates 做 cabin crew，常常飞",
     ["my boyfriend Omar is Jordanian", "我男朋友Omar在 Emirates 做 cabin crew"]),
    ("my wife is a nurse，在协和上班", ["my wife is a nurse", "我老婆在协和上班"]),
])
def test_the_chinese_clauses_after_an_english_relation_are_theirs(turn: str, clauses: list[str]) -> None:
    assert [c for c, _ in split_clauses(turn)] == clauses


@pytest.mark.parametrize("turn", [
    "最近认识了一个人，叫Vivian，做UI设计的，在跑团认识的",
    "我认识了一个人，他在腾讯上班",
    "前几天认识了一个人，在腾讯做运营",
])
def test_a_person_just_met_takes_the_clauses_after_them(turn: str) -> None:
    assert not any(c.startswith("我") and ("设计" in c or "腾讯" in c) for c, _ in split_clauses(turn))


@pytest.mark.parametrize(("turn", "clause"), [
    ("omar and i are moving in together", "omar and i are moving in together"),
    ("work is sending me to Bordeaux", "work is sending me to Bordeaux"),
])
def test_a_noun_subject_is_no_dropped_i(turn: str, clause: str) -> None:
    assert [c for c, _ in split_clauses(turn)] == [clause]


def _topics(said: str, held: str, lang: str = "en", subject: str = "User") -> tuple:
    return topic(said, lang, subject), topic(held, "zh" if lang == "zh" else "en", subject)


@pytest.mark.parametrize(("said", "held", "key", "elsewhere"), [
    ("gonna move down to Tacoma and do the welding program", "User's truck is a 2011 Tacoma", "gist:tacoma", True),
    ("going to Lagos for User's cousin's wedding", "User is from Lagos", "fact:from", True),
    ("Tacoma needs new tires", "User's truck is a 2011 Tacoma", "gist:tacoma", False),  # speaks of it
    ("Running again, 5k today", "User has started running again", "gist:run", False),  # no name in the item
])
def test_a_name_in_another_role(said: str, held: str, key: str, elsewhere: bool) -> None:
    new, old = _topics(said, held)
    assert name_elsewhere(said, held, new, old, key, "en", "User") is elsewhere


@pytest.mark.parametrize(("said", "held", "other"), [
    ("Jia Min 来了", "用户是 Jia Hui", True),
    ("Tom Hardy was amazing", "User's name is Tom Baker", True),
    ("Tom Baker again", "User's name is Tom Baker", False),
])
def test_another_full_name(said: str, held: str, other: bool) -> None:
    lang = "zh" if "用户" in held else "en"
    subject = "用户" if lang == "zh" else "User"
    new, old = _topics(said, held, lang, subject)
    assert other_full_name(said, held, new, old, subject) is other


@pytest.mark.parametrize(("said", "who"), [
    ("Amara thinks it might be coeliac", "Amara"),
    ("jess wants to stay in tacoma near her job", "jess"),
    ("妈妈觉得我该换工作", "妈妈"),
    ("my sister says hi", "my sister"),
    ("User thinks it is fine", ""), ("I think so", ""), ("周末想去爬山", ""), ("Tacoma is great", ""),
])
def test_their_view(said: str, who: str) -> None:
    assert their_view(said, "用户" if not said.isascii() else "User") == who


def test_their_view_by_an_items_name() -> None:
    assert their_view("用户：小雨说那家火锅很好吃", "用户", ["小雨"]) == "小雨"


@pytest.mark.parametrize(("said", "who"), [
    ("用户：男朋友也养猫，两只英短", "男朋友"), ("my boyfriend has two cats", "my boyfriend"),
    ("my wife and I adopted a dog", ""), ("妈妈和我去了公园", ""), ("User has a cat", ""),
])
def test_opens_on_other(said: str, who: str) -> None:
    assert opens_on_other(said, "User" if said.isascii() else "用户") == who


@pytest.mark.parametrize(("texts", "item", "spliced"), [
    (["my truck is a 2011 Tacoma with 240k miles.", "decided. gonna move down to Tacoma and do the welding program"],
     "truck", "welding"),
    (["My girlfriend Amara is a junior doctor", "Bloating after every meal. Amara thinks it might be coeliac"],
     "girlfriend is Amara", "coeliac"),
    (["我有一只猫叫馒头", "男朋友也养猫，两只英短"], "馒头", "英短"),
    (["I'm Jia Hui, 28, from Penang", "Jia Min 来了！带她去 Sheikh Zayed Grand Mosque"], "Jia Hui", "Jia Min"),
])
def test_no_splice_into_the_users_item(tmp_path: Path, texts: list[str], item: str, spliced: str) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=5)
    now = [text for _, text in active(rows)]
    assert any(item in text for text in now), rows
    assert not any(item in text and spliced in text for text in now), rows


def test_the_boyfriends_job_is_not_the_users(tmp_path: Path) -> None:
    texts = ["我在字节做产品经理。", "boyfriend Omar is Jordanian，在 Emirates 做 cabin crew，常常飞"]
    rows = slot_items(tmp_path, texts, start=START, days_apart=5)
    now = active(rows)
    assert ("fact:works_at", "用户在字节工作") in now, rows
    assert any(key.startswith("fact:boyfriend/") and "Emirates" in text for key, text in now), rows


@pytest.mark.parametrize(("said", "held", "lang", "only"), [
    ("after my run I stretch for 10 min", "User runs every morning", "en", True),
    ("以前大学的时候用户特别喜欢打羽毛球", "用户本科是河南财经政法大学的", "zh", True),
    ("大学毕业以后一直在深圳", "用户本科是深圳大学的", "zh", False),  # 深圳 said outside the time
    ("parkrun PB today, 24:10!!", "User does parkrun every Saturday", "en", False),
])
def test_the_items_thing_only_as_a_time(said: str, held: str, lang: str, only: bool) -> None:
    subject = "用户" if lang == "zh" else "User"
    new, old = _topics(said, held, lang, subject)
    assert when_only(said, new, old, lang, subject) is only


def test_a_name_acted_on_is_left_to_a_change() -> None:
    said, held = "traded the Corolla in yesterday and picked up a used Model 3", "User drives a 2012 Corolla"
    new, old = _topics(said, held)
    assert not name_elsewhere(said, held, new, old, "gist:corolla", "en", "User")


def test_a_friends_new_dog_is_no_text_of_the_users_dog(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["我养了一只柴犬，叫 Mochi。", "朋友阿杰刚领养了一只 border collie，超级聪明。"],
                      start=START, days_apart=5)
    assert not any("Mochi" in text and "collie" in text for _, text in active(rows)), rows
