"""Statements in the user's own words: third person, topic terms, restatement hits, details, changes (EN + ZH)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline.gist import gist_clause, normalize_numbers, same_topic, third_person, topic

Ingest = Callable[[Turn], list[Any]]


def memories(store: DictStore, status: str = "active") -> list[Any]:
    return [i for i in store.list_items("u1", statuses=(status,)) if i.kind != "event"]


def test_third_person_keeps_the_users_words() -> None:
    assert third_person("As I mentioned, I really enjoy my pottery class", "Nia", "en") == \
        "Nia really enjoys their pottery class"
    assert third_person("I'm colour-blind", "Nia", "en") == "Nia is colour-blind"
    assert third_person("I've got two cats", "Nia", "en") == "Nia has got two cats"
    assert third_person("对了，我每周三晚上练书法。", "阿梅", "zh") == "阿梅每周三晚上练书法"


def test_chinese_numerals_read_as_digits() -> None:
    assert normalize_numbers("我的纪念日是十二月二十五号") == "我的纪念日是12月25号"
    assert normalize_numbers("女儿两岁半了") == "女儿2岁半了"
    assert normalize_numbers("一起去") == "一起去"  # no unit after it: not a number


@pytest.mark.parametrize(("clause", "lang", "lasting"), [
    ("I'm colour-blind", "en", True),
    ("I was so tired yesterday", "en", False),
    ("I'm going to try surfing", "en", False),
    ("I'm a bit tired", "en", False),
    ("我每周三晚上练书法", "zh", True),
    ("我昨天练了书法", "zh", False),
    ("我们周末去爬山", "zh", False),
])
def test_which_clauses_are_lasting_self_statements(clause: str, lang: str, lasting: bool) -> None:
    assert gist_clause(clause, lang) is lasting


def test_one_thing_named_in_either_language_is_one_topic() -> None:
    en, zh = topic("Nia is an early bird", "en", "Nia"), topic("阿梅是早起的人", "zh", "阿梅")
    assert same_topic(zh, en)[1]
    other = topic("Nia likes jazz", "en", "Nia")
    assert same_topic(other, en) == (False, False)


def test_a_restatement_in_new_words_is_a_hit_not_a_second_item(store: DictStore, ingest: Ingest,
                                                                 make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("I'm colour-blind, so red and green look alike to me."))
    ingest(make_turn("Just so you know, I'm colour-blind — pick the blue chart."))
    items = memories(store)
    assert [i.description for i in items] == ["User is colour-blind"]
    assert items[0].hit == 1 and len(items[0].source) == 2


def test_a_chinese_restatement_is_a_hit(store: DictStore, ingest: Ingest, make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("我每天用 Obsidian 写日记。"))
    ingest(make_turn("日记的话我还是每天用 Obsidian 写。"))
    items = memories(store)
    assert len(items) == 1 and "Obsidian" in items[0].description and items[0].hit == 1


def test_a_later_detail_revises_the_item_and_history_keeps_the_old_text(
        store: DictStore, ingest: Ingest, make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("我在备考 GRE。"))
    ingest(make_turn("GRE 考试定在11月20号。"))
    items = memories(store)
    assert len(items) == 1
    assert "GRE" in items[0].description and "11月20号" in items[0].description
    assert any(r.old_description == "用户在备考 GRE" for r in items[0].history)


def test_a_pets_age_said_by_its_name_joins_the_pet(store: DictStore, ingest: Ingest,
                                                   make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("I have a dog named Biscuit.", speaker="Omar"))
    ingest(make_turn("Biscuit is seven now and slowing down a bit.", speaker="Omar"))
    [item] = memories(store)
    assert "Biscuit" in item.description and "seven" in item.description


@pytest.mark.parametrize(("first", "then", "gone"), [
    ("I keep all my notes in Evernote.", "I cancelled Evernote, the notes live in plain files now.", "Evernote"),
    ("我写代码用的是 Vim 编辑器。", "现在换成 Helix 了，Vim 不用了。", "Vim"),
])
def test_a_change_said_of_the_same_thing_ends_the_old_statement(
        store: DictStore, ingest: Ingest, make_turn: Callable[..., Turn], first: str, then: str, gone: str) -> None:
    ingest(make_turn(first))
    ingest(make_turn(then))
    assert not [i for i in memories(store) if gone in i.description and "cancelled" not in i.description
                and "不用" not in i.description]
    assert [i for i in memories(store, "superseded") if gone in i.description]


def test_a_question_restates_nothing(store: DictStore, ingest: Ingest, make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("I'm colour-blind."))
    ingest(make_turn("Am I colour-blind, do you remember?"))
    assert memories(store)[0].hit == 0


def test_an_employer_after_another_verb_is_read(store: DictStore, ingest: Ingest,
                                                make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("I signed the contract and started at Siemens last week."))
    assert any(i.key == "fact:works_at" and "Siemens" in i.description for i in memories(store))


def test_still_is_not_being(store: DictStore, ingest: Ingest, make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("周末我还是去游泳。"))
    assert not [i for i in memories(store) if str(i.key).startswith("fact:is:")]


def test_a_second_value_in_the_same_turn_narrows_the_first(store: DictStore, ingest: Ingest,
                                                           make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("我家在厦门，住在思明区这边。"))
    [zh] = [i for i in memories(store) if "厦门" in i.description]
    assert "思明区" in zh.description
    ingest(make_turn("I live in Porto. Actually I live in Braga.", user_id="u2"))
    [en] = [i for i in store.list_items("u2") if i.kind != "event"]
    assert "Braga" in en.description and "Porto" not in en.description


def test_a_drink_given_up_for_another_in_one_clause_is_a_switch(store: DictStore, ingest: Ingest,
                                                                make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("My go-to drink is a cappuccino."))
    ingest(make_turn("I don't drink coffee any more - it's oolong for me now."))
    active = [i.description for i in memories(store)]
    assert any("oolong" in d for d in active)
    assert not [d for d in active if "cappuccino" in d and "instead" not in d]


def test_an_english_drink_name_inside_chinese_is_a_habit(store: DictStore, ingest: Ingest,
                                                         make_turn: Callable[..., Turn]) -> None:
    ingest(make_turn("我每天早上都要一杯 flat white 才醒得过来。"))
    assert any("flat white" in i.description for i in memories(store))


@pytest.mark.parametrize(("first", "second", "old_text"), [
    ("I eat chocolate every evening.", "I gave up chocolate, I only eat Greek yogurt now",
     "User eats chocolate every evening"),
    ("我每天早上七点喝咖啡", "我戒了咖啡，现在只喝Lipton红茶", "用户喝咖啡"),
])
def test_a_superseded_item_keeps_its_own_text(store: DictStore, ingest: Ingest, make_turn: Callable[..., Turn],
                                              first: str, second: str, old_text: str) -> None:
    ingest(make_turn(first))
    ingest(make_turn(second))
    assert [i.description for i in memories(store, "superseded")] == [old_text]


def test_an_irregular_past_verb_takes_no_s() -> None:
    assert third_person("I gave up sugar", "Nia", "en") == "Nia gave up sugar"
    assert third_person("I sold my car", "Nia", "en") == "Nia sold their car"
    assert third_person("I swim on Fridays", "Nia", "en") == "Nia swims on Fridays"


@pytest.mark.parametrize(("first", "second", "old_text", "new_key"), [
    ("I work nights in a warehouse.", "I joined Spotify last month.",
     "User works nights in a warehouse", "fact:works_at"),
    ("我在成都的一家医院上班", "我现在在字节跳动工作", "用户在成都的一家医院上班", "fact:works_at"),
    ("I have a girlfriend now.", "My girlfriend is Priya.", "User has a girlfriend now", "fact:partner"),
    ("我有女朋友了", "我的女朋友叫周敏", "用户有女朋友了", "fact:partner"),
])
def test_a_slots_new_value_ends_an_own_words_item_on_its_topic(
        store: DictStore, ingest: Ingest, make_turn: Callable[..., Turn],
        first: str, second: str, old_text: str, new_key: str) -> None:
    ingest(make_turn(first))
    ingest(make_turn(second))
    assert [i.description for i in memories(store, "superseded")] == [old_text]
    assert [i.key for i in memories(store)] == [new_key]


@pytest.mark.parametrize(("first", "second", "kept"), [
    ("I'm a morning person, I wake up at five.", "I joined Deloitte last week.", "User is a morning person"),
    ("我每天坐地铁通勤", "我现在在华为上班", "用户坐地铁上班"),  # the commute (a slot): a new employer leaves it
])
def test_an_own_words_item_off_the_slots_topic_stays(store: DictStore, ingest: Ingest, make_turn: Callable[..., Turn],
                                                     first: str, second: str, kept: str) -> None:
    ingest(make_turn(first))
    ingest(make_turn(second))
    assert kept in [i.description for i in memories(store)]


@pytest.mark.parametrize(("text", "kept"), [
    ("我对花生过敏，吃了就会喘不上气", ["用户对花生过敏"]),
    ("我对猫毛过敏，一碰就打喷嚏", None),
    ("I'm allergic to walnuts, my throat swells when I eat them.", None),
    ("I'm allergic to latex, I break out when I touch it.", ["User is allergic to latex"]),
])
def test_a_clause_naming_nothing_of_its_own_is_no_item(store: DictStore, ingest: Ingest,
                                                       make_turn: Callable[..., Turn], text: str,
                                                       kept: list[str] | None) -> None:
    ingest(make_turn(text))
    items = memories(store)
    assert len(items) == 1 and all(i.key.startswith("fact:allergy:") for i in items)
    if kept is not None:
        assert [i.description for i in items] == kept



def test_the_speakers_possessive_is_no_topic_term() -> None:
    found = topic("User's bank PIN is 4821", "en", "User")
    assert "user" not in found.terms and found.anchor == "pin"
    assert "mia" not in topic("Mia's savings account number is 123", "en", "Mia").terms


def test_two_statements_about_different_things_of_mine_stay_apart(store: DictStore, make_turn: Any,
                                                                  ingest: Ingest) -> None:
    # both open on "my": keyed by the speaker's name they were one topic, and the PIN joined the account item
    ingest(make_turn("My savings account number is 12345678."))
    ingest(make_turn("My bank PIN is 4821."))
    found = memories(store)
    assert len(found) == 2 and all(len(i.source) == 1 for i in found), [(i.key, i.source) for i in found]


@pytest.mark.parametrize(("clause", "name", "said"), [
    ("我pottery 放弃了", "mei", "mei pottery 放弃了"),      # a Latin name beside a Latin word: two words
    ("我最近在学 pottery", "mei", "mei最近在学 pottery"),  # beside Chinese: no space, still separable
    ("我pottery 放弃了", "用户", "用户pottery 放弃了"),
    ("和我一起去打球", "Sam", "和Sam一起去打球"),
    ("带上我2个朋友", "Sam", "带上Sam 2个朋友"),
])
def test_a_latin_name_stays_a_word_of_its_own_in_chinese(clause: str, name: str, said: str) -> None:
    assert third_person(clause, name, "zh") == said


def test_a_chinese_turn_without_subject_keeps_the_speaker_apart_in_item_and_key() -> None:
    from datetime import UTC, datetime

    from memory_core.pipeline.extract import MechanicalExtractor

    turn = Turn("mei", "t1", "s1", "user", "pottery 放弃了，这边 studio 太贵", datetime(2026, 11, 1, tzinfo=UTC), "mei")
    said = [c for c in MechanicalExtractor().extract(turn) if c.key.startswith("gist:")]
    assert said and all("meipottery" not in c.description and "meipotter" not in c.key for c in said), \
        [(c.description, c.key) for c in said]


def test_a_plan_is_kept_from_where_it_is_said_when_a_done_act_comes_first() -> None:
    # an unpunctuated Chinese turn runs what is done into the plan: the to-do is the plan, not the hiring
    from memory_core.pipeline.own_words import plan_part

    hired = "招了个运营助理 叫小吴 在家远程办公 我准备产假期间让她顶着"
    assert plan_part(hired, "产假期间让她顶着") == "我准备产假期间让她顶着"
    assert plan_part("请了个阿姨 带孩子 我准备下个月入职", "下个月入职") == "我准备下个月入职"
    assert plan_part("周末 我准备考雅思", "雅思") == "周末 我准备考雅思"  # nothing before it is done
    assert plan_part("为了升职 我准备考雅思", "雅思") == "为了升职 我准备考雅思"  # 为了 tells no act done
    assert plan_part("我准备考雅思", "雅思") == "我准备考雅思"
