"""The drugs a switch ends when the old one is named in another clause of the turn (``drug_switch``), and the
lexicon changes beside it: drug classes known by their ending, a phone bought by slang or by its maker's name, a
clause opening on a term or a shopping festival, an employer whose name ends as a place word does (issue 13)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.pipeline.drug_switch import named_before
from memory_core.pipeline.kin_is import kin_is
from memory_core.pipeline.slots import read_clause

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("text", "value", "clause", "lang", "ended"), [
    ("二甲双胍胃受不了，医生给我换成西格列汀了", "西格列汀", "医生给我换成西格列汀了", "zh", ("metformin",)),
    ("恩格列净老是尿路感染，现在改吃利格列汀了", "利格列汀", "我现在改吃利格列汀了", "zh", ("恩格列净",)),
    ("metformin wrecked my stomach so my GP switched me to sitagliptin", "sitagliptin",
     "metformin wrecked my stomach so my GP switched me to sitagliptin", "en", ("metformin",)),
    # no switch said: a drug taken beside another ends nothing
    ("我在吃阿托伐他汀，也开始吃舍曲林了", "舍曲林", "我也开始吃舍曲林了", "zh", ()),
    ("I take atorvastatin and I started sertraline", "sertraline", "I started sertraline", "en", ()),
])
def test_named_before_reads_the_old_drug_only_for_a_switch(text: str, value: str, clause: str, lang: str,
                                                          ended: tuple[str, ...]) -> None:
    assert named_before(text, value, clause, lang) == ended


def test_a_drug_taken_beside_another_leaves_both_active(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["我在吃阿托伐他汀。", "最近睡不好，也开始吃舍曲林了。"], start=START, days_apart=30)
    live = [t for s, _, t in rows if s == "active"]
    assert any("阿托伐他汀" in t for t in live) and any("舍曲林" in t for t in live), live


@pytest.mark.parametrize(("clause", "lang", "key", "value"), [
    ("我在吃舍曲林", "zh", "fact:medication:舍曲林", "舍曲林"),
    ("我每天吃达格列净", "zh", "fact:medication:达格列净", "达格列净"),
    ("I'm on sitagliptin now", "en", "fact:medication:sitagliptin", "sitagliptin"),
    ("我双十一入了小米14", "zh", "fact:owns:phone", "小米"),
    ("我上周末入手了一部OPPO Find X7", "zh", "fact:owns:phone", "OPPO"),
    ("我下学期就是复旦的学生了", "zh", "fact:school", "复旦"),
    ("我是 Shopee 的 data analyst", "zh", "fact:works_at", "Shopee"),
    ("我是Shopee的数据分析师", "zh", "fact:occupation", "数据分析师"),
    ("我刚转岗做 PM 了", "zh", "fact:occupation", "PM"),
    ("I switched to a PM role last month", "en", "fact:occupation", "PM"),
    ("I just moved internally into a product manager role", "en", "fact:occupation", "product manager"),
])
def test_lexicon_reads_the_kinds(clause: str, lang: str, key: str, value: str) -> None:
    hits = read_clause(clause, lang, "用户" if lang == "zh" else "User").hits
    assert any(h.key == key and h.value == value for h in hits), [(h.key, h.value) for h in hits]


@pytest.mark.parametrize(("clause", "lang", "prefix"), [
    ("我早上喝小米粥", "zh", "fact:owns"),  # millet, no phone
    ("我买了小米SU7", "zh", "fact:owns:phone"),  # a car of the maker, no phone
    ("我在家里做饭", "zh", "fact:works_at"),
    ("我在这里做作业", "zh", "fact:works_at"),
    ("我这学期选了一门日语课", "zh", "fact:school"),
    ("我是 Lily 的家教老师", "zh", "fact:works_at"),  # a personal role names no employer
    ("我是 Jack 的健身教练", "zh", "fact:works_at"),
])
def test_near_misses_read_no_such_slot(clause: str, lang: str, prefix: str) -> None:
    hits = read_clause(clause, lang, "用户").hits
    assert not any(h.key.startswith(prefix) for h in hits), [(h.key, h.value) for h in hits]


def test_a_phone_bought_by_brand_slang_supersedes_the_old_phone(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["我现在用的是 iPhone 13。", "双十一入了小米14，iOS 拜拜了。"],
                      start=START, days_apart=30)
    live = [t for s, _, t in rows if s == "active"]
    assert not any("iPhone" in t for t in live) and any("小米" in t for t in live), live


@pytest.mark.parametrize(("sentence", "read"), [
    ("my wife's allergic to shellfish", "my wife is allergic to shellfish"),
    ("My son’s vegetarian", "My son is vegetarian"),
    ("my brother's moving to Leeds", "my brother is moving to Leeds"),
    ("my dad's on metformin", "my dad is on metformin"),
    # a possessive stays
    ("my wife's sister is a vet", "my wife's sister is a vet"),
    ("my wife's birthday is in May", "my wife's birthday is in May"),
    ("my mum's wedding ring", "my mum's wedding ring"),
])
def test_kin_is_reads_a_contracted_is_only_before_a_predicate(sentence: str, read: str) -> None:
    assert kin_is(sentence) == read


def test_a_relative_allergy_with_a_consequence_keeps_the_allergen_alone(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["my son's allergic to peanuts so we carry an EpiPen everywhere"],
                      start=START, days_apart=1)
    assert any(key == "fact:son/allergy:peanuts" for _, key, _ in rows), rows
    assert not any(key.startswith("fact:allergy") for _, key, _ in rows), rows


@pytest.mark.parametrize(("clause", "value"), [
    ("我是花粉过敏", "花粉"),
    ("我有花粉过敏", "花粉"),
    ("我有点花粉过敏", "花粉"),
    ("我严重花生过敏", "花生"),
    ("我也花生过敏", "花生"),
    # how bad it is, with no allergen named: no allergy item
    ("我是严重过敏", ""),
    ("我有点过敏", ""),
    ("我老公也有点过敏", ""),
    ("我特别容易过敏", ""),
])
def test_an_allergy_s_severity_is_no_allergen(clause: str, value: str) -> None:
    hits = [h for h in read_clause(clause, "zh", "用户").hits if "allergy" in h.key]
    assert [h.value for h in hits] == ([value] if value else []), [(h.key, h.value) for h in hits]


@pytest.mark.parametrize(("text", "contact"), [
    # a channel refused, then the one asked for: the one asked for, never the refused one
    ("别给我打电话哈，发微信就行", "用户希望通过微信联系"),
    ("不要给我打电话", "用户不希望通过电话联系"),
    ("please don't call me, just text", "User prefers to be contacted by text"),
    ("有事发邮件吧", "用户希望通过邮件联系"),
    # a message sent to someone is no channel preferred
    ("发微信给我妈了", ""),
])
def test_a_refused_channel_is_never_the_preferred_one(tmp_path: Path, text: str, contact: str) -> None:
    rows = slot_items(tmp_path, [text], start=START, days_apart=1)
    live = [t for s, key, t in rows if s == "active" and key == "fact:contact"]
    assert live == ([contact] if contact else []), rows


@pytest.mark.parametrize(("clause", "key"), [
    ("我吃肉肠胃一直不舒服", "fact:intolerance:meat"),  # the body part is no part of the food
    ("我喝牛奶肚子就不舒服", "fact:intolerance:dairy"),
    ("我吃辣胃疼", "fact:intolerance:spicy food"),
    ("我一吃海鲜就拉肚子", "fact:intolerance:海鲜"),
])
def test_an_intolerance_said_with_the_body_part_keeps_the_food_alone(clause: str, key: str) -> None:
    hits = [h.key for h in read_clause(clause, "zh", "用户").hits]
    assert hits == [key], hits
