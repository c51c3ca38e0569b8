"""Changes a new user said in their own way, each read by a mechanism (grammar, word class, value class),
and each linked to what it replaced: the old item's history names its successor, dated by the turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _slot_items import live

from memory_core.model import Kind, Status, Turn

TurnFactory = Callable[..., Turn]
Ingest = Callable[[Turn], list[Any]]


def gone(store: Any) -> list[Any]:
    return [i for i in store.list_items("u1", statuses=[Status.SUPERSEDED]) if i.kind != Kind.EVENT]


def linked(store: Any, old: str, new: str, turn: Turn, key: str | None = None) -> None:
    """The item stating ``old`` (with ``key``, when given) was superseded at ``turn``'s time by an active
    item stating ``new``."""
    [was] = [i for i in gone(store) if old in i.description and key in (None, i.key)]
    successors = {i.id: i for i in live(store) if new in i.description}
    last = was.history[-1]
    assert last.op == "supersede" and last.at == turn.timestamp, last
    assert last.other_id in successors, ([i.description for i in live(store)], last.other_id)


@pytest.mark.parametrize(("texts", "old", "new"), [
    # a title held now, said without its subject: "…, now a PM at Shopee"
    (["I work at Globe Telecom as an analyst.", "Moved to Singapore last week, now a PM at Shopee."],
     "Globe", "Shopee"),
    (["I'm a nurse at St Mary's.", "Currently a data analyst at Monzo, loving it."], "St Mary", "Monzo"),
    (["我在华为上班。", "刚搬到深圳，现在是 Shopee 的员工。"], "华为", "Shopee"),
])
def test_a_title_said_without_its_subject_changes_the_employer(store: Any, make_turn: TurnFactory, ingest: Ingest,
                                                                texts: list[str], old: str, new: str) -> None:
    turns = [make_turn(t) for t in texts]
    for turn in turns:
        ingest(turn)
    [employer] = [i for i in live(store) if i.key == "fact:works_at"]
    assert new in employer.description
    linked(store, old, new, turns[-1])


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["我每天抽一包烟，戒不掉。", "我上个月戒烟了，一根都没碰。"], "包烟", "戒烟"),
    (["我晚上喜欢喝两杯酒。", "我现在戒酒了。"], "两杯酒", "不再喝酒"),
    (["I smoke about a pack a day.", "I finally quit smoking in May."], "smokes", "quit"),
])
def test_a_cessation_ends_the_thing_said_with_a_measure(store: Any, make_turn: TurnFactory, ingest: Ingest,
                                                       texts: list[str], old: str, new: str) -> None:
    turns = [make_turn(t) for t in texts]
    for turn in turns:
        ingest(turn)
    assert not [i.description for i in live(store) if old in i.description]
    linked(store, old, new, turns[-1])


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["我在学日语，每周上两次课。", "日语太难了，我改学 Korean 了。"], "日语", "Korean"),
    (["I'm learning Japanese twice a week.", "I switched to learning Korean instead."], "Japanese", "Korean"),
    (["I play tennis on weekends.", "I play golf instead these days."], "tennis", "golf"),
])
def test_a_switch_of_a_many_valued_attribute_names_its_successor(store: Any, make_turn: TurnFactory,
                                                                  ingest: Ingest, texts: list[str], old: str,
                                                                  new: str) -> None:
    turns = [make_turn(t) for t in texts]
    for turn in turns:
        ingest(turn)
    assert not [i.description for i in live(store) if old in i.description]
    linked(store, old, new, turns[-1])


def test_learning_a_second_language_without_a_switch_keeps_the_first(store: Any, make_turn: TurnFactory,
                                                                     ingest: Ingest) -> None:
    for text in ("I'm learning Japanese.", "I'm also learning Korean now."):
        ingest(make_turn(text))
    said = " | ".join(i.description for i in live(store))
    assert "Japanese" in said and "Korean" in said


@pytest.mark.parametrize("texts", [
    ["We have a beagle called Biscuit.", "We lost Biscuit last week, the house is so quiet."],
    ["My cat is called Pip.", "Pip died on Sunday."],
    ["我养了一只猫叫年糕。", "年糕上周去世了，好难过。"],
])
def test_a_pet_s_death_said_by_its_name_ends_the_pet(store: Any, make_turn: TurnFactory, ingest: Ingest,
                                                     texts: list[str]) -> None:
    turns = [make_turn(t) for t in texts]
    for turn in turns:
        ingest(turn)
    assert not [i.description for i in live(store) if i.key.startswith("fact:pet:")]
    [pet] = [i for i in gone(store) if i.key.startswith("fact:pet:")]
    assert pet.history[-1].at == turns[-1].timestamp


def test_losing_something_that_is_no_pet_ends_nothing(store: Any, make_turn: TurnFactory, ingest: Ingest) -> None:
    for text in ("I work at Google.", "We lost Google as a client last year."):
        ingest(make_turn(text))
    assert [i for i in live(store) if i.key == "fact:works_at" and "Google" in i.description]


@pytest.mark.parametrize("texts", [
    ["我喜欢绿茶。", "我也喜欢红茶。"],
    ["我每天都喝绿茶。", "最近也开始喝红茶了。"],
    ["I like green tea.", "I also like black tea."],
    ["我爱喝拿铁。", "我也爱喝美式。"],
])
def test_another_kind_of_a_thing_is_no_restatement(store: Any, make_turn: TurnFactory, ingest: Ingest,
                                                   texts: list[str]) -> None:
    for text in texts:
        ingest(make_turn(text))
    items = live(store)
    assert len(items) == 2, [i.description for i in items]
    assert all(i.hit == 0 for i in items), [(i.description, i.hit) for i in items]  # neither said again


@pytest.mark.parametrize(("text", "key", "value"), [
    ("My landlord in Brooklyn finally fixed the heating.", "fact:lives_in", "Brooklyn"),
    ("My commute from Oakland is brutal.", "fact:lives_in", "Oakland"),
    ("我在苏州的房东人很好，房租一直没涨。", "fact:lives_in", "苏州"),
    ("我们小区在徐汇，楼下就是地铁站。", "fact:lives_in", "徐汇"),
    ("我每天从昌平坐地铁去公司。", "fact:lives_in", "昌平"),
    ("My colleagues at Stripe are throwing me a birthday lunch.", "fact:works_at", "Stripe"),
    ("My boss at Monzo is great.", "fact:works_at", "Monzo"),
    ("我在美团的同事都很卷。", "fact:works_at", "美团"),
])
def test_an_indirect_statement_states_the_slot(store: Any, make_turn: TurnFactory, ingest: Ingest, text: str,
                                               key: str, value: str) -> None:
    ingest(make_turn(text))
    assert [i.description for i in live(store) if i.key == key and value in i.description]


@pytest.mark.parametrize("text", [
    "My old neighbours in Leeds still send cards.",  # the old home: no home now
    "我在北京的同事都很卷。",  # a city is no employer
    "My colleagues at the office are great.",  # the office is no employer
])
def test_an_indirect_statement_needs_its_value_class(store: Any, make_turn: TurnFactory, ingest: Ingest,
                                                     text: str) -> None:
    ingest(make_turn(text))
    assert not [i.description for i in live(store) if i.key in ("fact:works_at", "fact:lives_in")]


@pytest.mark.parametrize(("texts", "old", "new"), [
    # the old statement names the thing by another word: an addiction (烟瘾), a split verb (游三次泳), an acronym
    (["我烟瘾挺大的，一天差不多抽半包烟。", "跟你说个好消息，我戒烟已经三个月了。"], "烟瘾", "戒烟"),
    (["我每周去游三次泳，雷打不动。", "游泳馆关门以后，泳我现在也不游了。"], "游三次泳", "不游"),
    (["I play World of Warcraft most evenings.", "I stopped playing WoW and cancelled my subscription."],
     "Warcraft", "stopped"),
])
def test_a_change_finds_what_it_ends_by_another_name(store: Any, make_turn: TurnFactory, ingest: Ingest,
                                                     texts: list[str], old: str, new: str) -> None:
    turns = [make_turn(t) for t in texts]
    for turn in turns:
        ingest(turn)
    assert not [i.description for i in live(store) if old in i.description]
    linked(store, old, new, turns[-1])


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["体检查出脂肪肝，我决定戒酒了。", "年底应酬太多，酒又喝上了。"], "不再喝酒", "又开始喝酒"),
    (["游泳卡到期了我就没续，不游了。", "这个月又办了张卡，重新开始游泳了。"], "不游泳", "重新开始游泳"),
])
def test_a_thing_taken_up_again_ends_its_end(store: Any, make_turn: TurnFactory, ingest: Ingest, texts: list[str],
                                             old: str, new: str) -> None:
    turns = [make_turn(t) for t in texts]
    for turn in turns:
        ingest(turn)
    assert not [i.description for i in live(store) if old in i.description]
    linked(store, old, new, turns[-1])


@pytest.mark.parametrize(("texts", "word", "single"), [
    (["我和男朋友阿哲在一起三年了。", "跟阿哲分了，现在单身。"], "男朋友", "单身"),
    (["My boyfriend Tom is a chef.", "Tom and I broke up, I'm single now."], "boyfriend", "single"),
])
def test_a_partner_keeps_the_relation_word_said(store: Any, make_turn: TurnFactory, ingest: Ingest, texts: list[str],
                                               word: str, single: str) -> None:
    turns = [make_turn(t) for t in texts]
    for turn in turns:
        ingest(turn)
    # the relation item; what was said of the partner as a person ends with it (test_other_people_items)
    linked(store, word, single, turns[-1], key="fact:partner")


def test_a_partner_named_again_with_another_word_is_no_change(store: Any, make_turn: TurnFactory,
                                                              ingest: Ingest) -> None:
    for text in ("我男朋友叫阿哲。", "我和阿哲在一起三年了。"):
        ingest(make_turn(text))
    assert not [i for i in gone(store) if i.key == "fact:partner"]
    assert len([i for i in live(store) if i.key == "fact:partner"]) == 1


@pytest.mark.parametrize(("texts", "key", "old", "new"), [
    # a time word, a badge or the rent opening a Chinese clause keeps it the speaker's
    (["我在苏州一家外企做采购，公司叫博瑞精密。", "跳槽手续办完了，今天开始在宁德时代上班。"], "fact:works_at", "博瑞",
     "宁德时代"),
    (["我在美团做商家运营。", "交接办完了，现在工牌上印的是小红书的logo。"], "fact:works_at", "美团", "小红书"),
    (["我住在天津河西区。", "这个月开始房租转给燕郊的新房东了。"], "fact:lives_in", "天津", "燕郊"),
    (["我住在昆明。", "年初把家安到了大理，现在每天能看到洱海。"], "fact:lives_in", "昆明", "大理"),
    (["我是语文老师，在绍兴一中教书。", "开学后我改去诸暨中学带高一了。"], "fact:works_at", "绍兴一中", "诸暨中学"),
    (["我在新加坡的 Shopee 做 backend engineer。", "现在的 access card 换成 Lazada 的了。"], "fact:works_at", "Shopee",
     "Lazada"),
    (["我日常用的手机是 Pixel 7。", "Pixel 摔碎屏了，干脆换了台 iPhone 16。"], "fact:owns:phone", "Pixel", "iPhone"),
    # a brand said with its model number, and the new car said after "and"
    (["I drive a silver 2014 Mazda3 hatchback.", "Sold the Mazda on Saturday and picked up a used Kia Niro."],
     "fact:owns:car", "Mazda", "Kia Niro"),
    (["We rent a two-bedroom in Tacoma.", "We closed on a little house in Olympia and got the keys today."],
     "fact:lives_in", "Tacoma", "Olympia"),
    (["My boyfriend Luca is a sous-chef.", "Luca and I split up in August. I've been seeing Anders for a few weeks."],
     "fact:partner", "Luca", "Anders"),
])
def test_a_change_said_the_everyday_way_supersedes_with_its_successor(store: Any, make_turn: TurnFactory,
                                                                      ingest: Ingest, texts: list[str], key: str,
                                                                      old: str, new: str) -> None:
    turns = [make_turn(t) for t in texts]
    for turn in turns:
        ingest(turn)
    [current] = [i for i in live(store) if i.key == key]
    assert new in current.description
    linked(store, old, new, turns[-1])


@pytest.mark.parametrize("texts", [
    ["I'm at Marlow Robotics now, on the firmware team.", "I work at Tessell Labs as a QA lead."],
    ["换了份工作，现在去网易了。", "我在阿里上班。"],
])
def test_a_slot_statement_older_than_the_own_words_one_is_history(store: Any, make_turn: TurnFactory,
                                                                   ingest: Ingest, texts: list[str]) -> None:
    newer, older = make_turn(texts[0]), make_turn(texts[1])
    older = Turn(older.user_id, older.turn_id, older.session_id, older.role, older.text,
                 newer.timestamp.replace(year=newer.timestamp.year - 1), speaker=older.speaker)
    ingest(newer)
    ingest(older)  # arrives late
    assert not [i for i in live(store) if i.key == "fact:works_at"]
    [late] = [i for i in gone(store) if i.key == "fact:works_at"]
    assert late.history[-1].op == "supersede"


def test_a_later_detail_with_another_word_for_the_thing_revises_it(store: Any, make_turn: TurnFactory,
                                                                   ingest: Ingest) -> None:
    for text in ("我今年秋天要结婚了。", "婚礼定下来了，10月18号在老家赣州办。"):
        ingest(make_turn(text))
    [item] = [i for i in live(store) if "结婚" in i.description]
    assert "10月18" in item.description
