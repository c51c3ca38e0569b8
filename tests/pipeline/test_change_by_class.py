"""A change said without a listed verb is read by the class of its value (home noun + city, employee of an
organisation, 'as a <job>', year of study at a school), and weak cues only change a slot already stated."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from memory_core.model import Kind, Status, Turn
from memory_core.pipeline.value_class import is_org, is_place

TurnFactory = Callable[..., Turn]
Ingest = Callable[[Turn], list[Any]]


def active(store: Any, key: str) -> list[Any]:
    return [i for i in store.list_items("u1", statuses=[Status.ACTIVE]) if i.kind != Kind.EVENT and i.key == key]


def ended(store: Any, key: str) -> list[Any]:
    return [i for i in store.list_items("u1", statuses=[Status.SUPERSEDED]) if i.key == key]


@pytest.mark.parametrize(("texts", "key", "current", "stale"), [
    # the home said by its noun
    (["I live in Manchester.", "We finally bought a house in Bristol and the cats love the garden."],
     "fact:lives_in", "Bristol", "Manchester"),
    (["I live in Munich.", "The rent in my new place in Hamburg is brutal."], "fact:lives_in", "Hamburg", "Munich"),
    (["我住在西安，离钟楼很近。", "刚在青岛租了房子，以后就在这边生活了。"], "fact:lives_in", "青岛", "西安"),
    (["我家在武汉。", "现在定居深圳了，房子在南山。"], "fact:lives_in", "深圳", "武汉"),
    # the employer said by the employee
    (["My employer is Unilever.", "Monday was my first day at Danone."], "fact:works_at", "Danone", "Unilever"),
    (["I've been at Accenture for three years now.", "I handed in my notice and now I'm at Deloitte."],
     "fact:works_at", "Deloitte", "Accenture"),
    (["我是华为的员工，干了五年了。", "我已经从华为出来了，现在在小米。"], "fact:works_at", "小米", "华为"),
    (["我在美团上班。", "我现在给 Shein 打工，天天对接供应商。"], "fact:works_at", "Shein", "美团"),
    # the occupation said by grammar
    (["I'm a pharmacist at a small chain.", "I earn my living as a yoga instructor these days."],
     "fact:occupation", "yoga instructor", "pharmacist"),
    (["I work as a barista at a cafe downtown.", "I finally got hired as a nurse at the children's hospital."],
     "fact:occupation", "nurse", "barista"),
    (["我是一名护士。", "我现在是护士长了，管一个科室。"], "fact:occupation", "护士长", "护士"),
    (["我目前就是一名普通销售。", "我升职了，现在是华东区的销售经理。"], "fact:occupation", "销售经理", "普通销售"),
    # the school said by the way in or the year of study
    (["我在南京大学读本科。", "我保研到了复旦，九月开学。"], "fact:school", "复旦", "南京大学"),
    (["I study at Leeds University.", "I'm in my final year over at McGill, thesis season is brutal."],
     "fact:school", "McGill", "Leeds"),
    # a car said by its brand and model
    (["我开的是一辆大众朗逸。", "我现在开的是一辆比亚迪汉。"], "fact:owns:car", "比亚迪", "大众"),
])
def test_a_change_said_by_the_class_of_its_value_supersedes(store: Any, make_turn: TurnFactory, ingest: Ingest,
                                                            texts: list[str], key: str, current: str,
                                                            stale: str) -> None:
    turns = [make_turn(t) for t in texts]
    for turn in turns:
        ingest(turn)
    items = active(store, key)
    assert len(items) == 1 and current in items[0].description, [i.description for i in items]
    assert stale not in items[0].description.replace(current, "")
    assert not [i.description for i in store.list_items("u1", statuses=[Status.ACTIVE])
                if i.kind != Kind.EVENT and stale in i.description.replace(current, "")]
    [old] = [i for i in ended(store, key) if stale in i.description] or \
        [i for i in store.list_items("u1", statuses=[Status.SUPERSEDED]) if stale in i.description]
    assert old.history[-1].op == "supersede" and old.history[-1].at == turns[-1].timestamp  # dated by the turn


@pytest.mark.parametrize(("text", "key"), [
    ("These days I'm with Bosch, same kind of work.", "fact:works_at"),
    ("我现在在小米。", "fact:works_at"),
    ("I'm in Denver now.", "fact:lives_in"),
    ("我现在在成都。", "fact:lives_in"),
])
def test_a_weak_cue_never_starts_a_slot(store: Any, make_turn: TurnFactory, ingest: Ingest, text: str,
                                        key: str) -> None:
    ingest(make_turn(text))
    assert active(store, key) == []
    kept = [i for i in store.list_items("u1", statuses=[Status.ACTIVE]) if i.kind != Kind.EVENT]
    assert all(not i.key.startswith("fact:") for i in kept)  # at most the clause in the user's own words


@pytest.mark.parametrize(("texts", "key", "current", "stale"), [
    (["I work at Siemens as a controls engineer.", "These days I'm with Bosch, same kind of work."],
     "fact:works_at", "Bosch", "Siemens"),
    (["我在百度上班。", "换了份工作，现在去网易了，不怎么加班。"], "fact:works_at", "网易", "百度"),
    (["I'm based in Austin.", "I'm in Denver now, the winters are colder."], "fact:lives_in", "Denver", "Austin"),
    (["我住在福州。", "我现在在厦门。"], "fact:lives_in", "厦门", "福州"),
])
def test_a_weak_cue_changes_a_slot_already_stated(store: Any, make_turn: TurnFactory, ingest: Ingest,
                                                  texts: list[str], key: str, current: str, stale: str) -> None:
    for text in texts:
        ingest(make_turn(text))
    items = active(store, key)
    assert len(items) == 1 and current in items[0].description
    assert any(stale in i.description for i in ended(store, key))


@pytest.mark.parametrize(("texts", "key"), [
    (["I work at Siemens.", "I'm at Starbucks now, grabbing a coffee."], "fact:works_at"),
    (["我在百度上班。", "我现在在超市。"], "fact:works_at"),
    (["我住在福州。", "我现在在公司。"], "fact:lives_in"),
    (["I live in Austin.", "I'm in Rome now, here for a conference this week."], "fact:lives_in"),
    (["我住在福州。", "我现在在厦门，这周出差。"], "fact:lives_in"),
])
def test_a_weak_cue_needs_a_value_of_its_class(store: Any, make_turn: TurnFactory, ingest: Ingest,
                                               texts: list[str], key: str) -> None:
    for text in texts:
        ingest(make_turn(text))
    assert ended(store, key) == [] and len(active(store, key)) == 1


def test_a_place_clause_narrows_the_home_said_in_the_same_turn(store: Any, make_turn: TurnFactory,
                                                               ingest: Ingest) -> None:
    ingest(make_turn("我住在无锡，在滨湖区。"))
    [home] = active(store, "fact:lives_in")
    assert "无锡" in home.description and "滨湖区" in home.description
    assert [i for i in store.list_items("u1", statuses=[Status.ACTIVE])
            if i.kind != Kind.EVENT and i.key != "fact:lives_in"] == []


def test_a_home_said_before_a_trip_in_the_same_turn_is_kept(store: Any, make_turn: TurnFactory,
                                                             ingest: Ingest) -> None:
    ingest(make_turn("我住济南，这周末想去青岛玩两天，帮我查下天气。"))
    [home] = active(store, "fact:lives_in")
    assert "济南" in home.description and "青岛" not in home.description


def test_an_older_turn_said_by_class_arrives_late(store: Any, make_turn: TurnFactory, ingest: Ingest) -> None:
    older = make_turn("The rent in my flat in Porto is fine.")
    newer = make_turn("I moved to Lisbon in May.")
    ingest(newer)
    ingest(older)  # published after the newer turn, said before it
    [home] = active(store, "fact:lives_in")
    assert "Lisbon" in home.description
    [old] = ended(store, "fact:lives_in")
    assert "Porto" in old.description and old.valid_until == home.valid_from


@pytest.mark.parametrize(("value", "lang", "place", "org"), [
    ("Glasgow", "en", True, False),
    ("深圳", "zh", True, False),
    ("南山区", "zh", True, False),
    ("小米", "zh", False, True),
    ("Shein", "zh", False, True),
    ("公司", "zh", False, False),
    ("超市", "zh", False, False),
    ("Bosch", "en", False, True),
])
def test_value_classes(value: str, lang: str, place: bool, org: bool) -> None:
    assert is_place(value, lang) is place
    assert is_org(value, lang) is org


@pytest.mark.parametrize(("texts", "key", "current", "stale"), [
    (["我在深圳做程序员，996 快扛不住了。", "我回老家发展啦，在洛阳开了家烘焙店，每天早上揉面。"],
     "fact:lives_in", "洛阳", "深圳"),
    (["我在深圳做程序员。", "我回老家发展啦，在洛阳开了家烘焙店。"], "fact:occupation", "烘焙店", "程序员"),
    (["I work as an accountant.", "I opened my own bakery last spring."], "fact:occupation", "bakery", "accountant"),
])
def test_the_city_one_works_in_and_a_shop_one_runs(store: Any, make_turn: TurnFactory, ingest: Ingest,
                                                   texts: list[str], key: str, current: str, stale: str) -> None:
    for text in texts:
        ingest(make_turn(text))
    [item] = active(store, key)
    assert current in item.description
    assert any(stale in i.description for i in ended(store, key))


@pytest.mark.parametrize(("texts", "gone", "now"), [
    (["我养了只仓鼠，叫豆豆。", "豆豆上个月走了，现在改养了一只柯基，叫可乐。"], "fact:pet:hamster", "fact:pet:dog"),
    (["I have a hamster named Pip.", "My hamster Pip died last month, and I adopted a corgi called Toast."],
     "fact:pet:hamster", "fact:pet:dog"),
])
def test_a_pet_that_died_by_its_name_ends_and_a_breed_is_its_species(store: Any, make_turn: TurnFactory,
                                                                     ingest: Ingest, texts: list[str], gone: str,
                                                                     now: str) -> None:
    for text in texts:
        ingest(make_turn(text))
    assert [i for i in active(store, gone) if "no longer" not in i.description and "不在" not in i.description] == []
    assert len(active(store, now)) == 1


def test_an_item_two_statements_of_a_turn_end_is_ended_once(store: Any, make_turn: TurnFactory,
                                                            ingest: Ingest) -> None:
    ingest(make_turn("我养了一只猫叫咪咪。"))
    ingest(make_turn("咪咪上个月去世了，我现在没有猫了。"))  # the name's end and the species' end, one turn
    [old] = ended(store, "fact:pet:cat")
    assert [r.op for r in old.history].count("supersede") == 1


@pytest.mark.parametrize(("texts", "key", "current"), [
    (["我在腾讯上班。", "我换工作了，现在在谷歌工作。"], "fact:works_at", "谷歌"),
    (["I work at Siemens.", "I changed jobs, I work at Bosch now."], "fact:works_at", "Bosch"),
    (["我住在上海。", "我搬家了，现在住在杭州。"], "fact:lives_in", "杭州"),
])
def test_the_new_value_is_the_successor_of_the_old(store: Any, make_turn: TurnFactory, ingest: Ingest,
                                                   texts: list[str], key: str, current: str) -> None:
    for text in texts:
        ingest(make_turn(text))
    [new] = active(store, key)
    assert current in new.description
    [old] = ended(store, key)
    assert old.history[-1].op == "supersede" and old.history[-1].other_id == new.id  # history names its successor


@pytest.mark.parametrize(("newer", "older", "key", "current", "stale"), [
    ("I joined Adobe in June.", "My job at the bank is so stressful.", "fact:works_at", "Adobe", "bank"),
    ("I joined Adobe in June.", "I work long hours at a bank downtown.", "fact:works_at", "Adobe", "bank"),
])
def test_an_older_statement_in_own_words_arriving_late_is_history(store: Any, make_turn: TurnFactory,
                                                                  ingest: Ingest, newer: str, older: str, key: str,
                                                                  current: str, stale: str) -> None:
    first, second = make_turn(older), make_turn(newer)  # the older turn is published after the newer one
    ingest(second)
    ingest(first)
    [now] = active(store, key)
    assert current in now.description
    assert not [i.description for i in store.list_items("u1", statuses=[Status.ACTIVE])
                if i.kind != Kind.EVENT and stale in i.description]
