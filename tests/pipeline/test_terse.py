"""Facts said as a fragment, without a subject or a verb (issue 13): each lands in its slot, in English, Chinese
and mixed, and a later change in either style supersedes it; a question, another person's fragment, an order and
a trip change nothing.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.terse import en_filled, terse_filled
from memory_core.pipeline.terse_zh import zh_filled


def _items(texts: list[str]) -> list[tuple[str, str, str]]:
    return planned_items(texts, timedelta(days=3))


def _active(texts: list[str]) -> dict[str, str]:
    return {k: d for s, k, d in _items(texts) if s == "active"}


@pytest.mark.parametrize(("text", "key", "value"), [
    ("Based in Lisbon", "fact:lives_in", "Lisbon"),
    ("Currently based out of Berlin.", "fact:lives_in", "Berlin"),
    ("Originally from Ohio, living in Austin", "fact:from", "Ohio"),
    ("Currently at Stripe", "fact:works_at", "Stripe"),
    ("Still at Shopify these days", "fact:works_at", "Shopify"),
    ("Vegetarian these days", "fact:diet", "vegetarian"),
    ("Vegan since 2019.", "fact:diet", "vegan"),
    ("Team lead since March", "fact:occupation", "team lead"),
    ("Allergic to cats btw", "fact:allergy:cats", "allergic to cats"),
    ("Big fan of jazz", "pref:jazz", "jazz"),
    ("Married, two kids", "fact:children", "two kids"),  # the number of children is a slot of its own
    ("坐标上海", "fact:lives_in", "上海"),
    ("base杭州", "fact:lives_in", "杭州"),
    ("人在深圳，平时爱爬山。", "fact:lives_in", "深圳"),
    ("现居成都", "fact:lives_in", "成都"),
    ("定居新加坡五年了", "fact:lives_in", "新加坡"),
    ("字节打工人", "fact:works_at", "字节"),
    ("在阿里搬砖", "fact:works_at", "阿里"),
    ("猫奴一枚，家里两只英短", "fact:pet:cat", "英短"),
    ("素食三年了", "fact:diet", "素食"),
    ("base 上海, 做PM", "fact:lives_in", "上海"),
    ("base 上海, 做PM", "fact:occupation", "PM"),
    ("Based in 上海", "fact:lives_in", "上海"),
    ("base Singapore", "fact:lives_in", "Singapore"),
    ("坐标 Berlin", "fact:lives_in", "Berlin"),
    ("Mom of two", "fact:children", "two kids"),
    ("Non-smoker", "fact:smoking", "doesn't smoke"),
    ("Fluent in French", "fact:language:french", "French"),
    ("Between jobs right now", "fact:works_at", "no longer"),
    ("单身狗一枚", "fact:partner", "单身"),
    ("自由职业", "fact:occupation", "自由职业"),
    ("复旦研二", "fact:school", "复旦"),
    ("烟酒不沾", "fact:smoking", "不抽烟"),
    ("烟酒不沾", "pref:alcohol", "不喝酒"),
    ("从不喝酒", "pref:alcohol", "不喝酒"),
])
def test_a_fragment_is_the_fact_in_its_slot(text: str, key: str, value: str) -> None:
    active = _active([text])
    assert key in active, active
    assert value.casefold() in active[key].casefold()


@pytest.mark.parametrize(("first", "later", "key", "old", "new"), [
    ("Based in Lisbon", "Moved to Porto last month", "fact:lives_in", "Lisbon", "Porto"),
    ("Currently at Stripe", "Now at Google, started Monday.", "fact:works_at", "Stripe", "Google"),
    ("I live in Leeds.", "Based in York these days.", "fact:lives_in", "Leeds", "York"),
    ("I work at Boeing.", "Retired since March.", "fact:works_at", "Boeing", "retired"),
    ("我在华为上班。", "待业中", "fact:works_at", "华为", "离职"),
    ("坐标上海", "base杭州 now", "fact:lives_in", "上海", "杭州"),
    ("字节打工人", "跳槽去阿里了", "fact:works_at", "字节", "阿里"),
    ("我在腾讯上班。", "现在美团打工人一枚", "fact:works_at", "腾讯", "美团"),
    ("base 上海, 做PM", "Just moved to Shenzhen.", "fact:lives_in", "上海", "Shenzhen"),
    ("Team lead since March", "升了，现在是engineering manager。", "fact:occupation", "team lead",
     "engineering manager"),
])
def test_a_later_change_in_either_style_supersedes_it(first: str, later: str, key: str, old: str, new: str) -> None:
    items = _items([first, later])
    active = [d for s, k, d in items if s == "active" and k == key]
    gone = [d for s, k, d in items if s == "superseded" and k == key]
    assert len(active) == 1 and new.casefold() in active[0].casefold(), items
    assert any(old.casefold() in d.casefold() for d in gone), items


@pytest.mark.parametrize("text", [
    "remote?", "坐标上海？", "人在深圳吗", "coffee, please", "Two coffees please", "Cook for 20 minutes",
    "Now at the airport, flight delayed", "Currently at Starbucks working", "Based on your advice I changed it",
    "Single origin beans are the best", "baseline is fine", "人在机场", "人在公司，晚点聊", "互联网打工人",
    "大厂打工人", "湖南人", "今年研二？", "Currently a data analyst at Monzo, loving it.", "Retired teacher here",
])
def test_no_fragment_is_read_into_a_question_an_order_or_a_whereabouts(text: str) -> None:
    assert terse_filled(text) == text


@pytest.mark.parametrize("text", [
    "my sister, based in Paris", "My brother, vegetarian these days", "Anna, based in Rome", "我姐，坐标北京",
    "她，base深圳",
])
def test_a_fragment_after_another_person_is_theirs(text: str) -> None:
    assert terse_filled(text) == text
    assert "fact:lives_in" not in _active([text]) and "fact:diet" not in _active([text])


def test_another_persons_base_leaves_the_users_home() -> None:
    active = _active(["Based in Lisbon these days.", "My sister, based in Paris, is visiting next week."])
    assert "Lisbon" in active["fact:lives_in"]


def test_a_trip_said_with_ren_zai_is_no_move() -> None:
    active = _active(["坐标杭州，互联网打工人。", "人在北京出差，周五回。"])
    assert "杭州" in active["fact:lives_in"]


@pytest.mark.parametrize(("fragment", "said"), [
    ("Based in Lisbon", "I'm based in Lisbon"),
    ("Big fan of jazz", "I'm a big fan of jazz"),
    ("Night owl", "I'm a night owl"),
    ("coffee addict lol", "I'm a coffee addict"),
    ("Mostly WFH", "I mostly work from home"),
    ("remote now", "I work remotely now"),
    ("Married", "I'm married"),
    ("two kids", "I have two kids"),
    ("Now at Google as a staff engineer", "I work at Google as a staff engineer"),
    ("Native Spanish speaker", "I'm a native Spanish speaker"),
    ("Dad of 3 boys", "I have 3 boys"),
])
def test_english_fragments_said_in_full(fragment: str, said: str) -> None:
    assert en_filled(fragment) == said


@pytest.mark.parametrize(("fragment", "said"), [
    ("坐标上海", "我住在上海"), ("现居杭州五年了", "我住在杭州五年了"), ("已婚", "我已经结婚了"), ("俩娃", "我有俩娃"),
    ("00后", "我是00后"), ("程序员一枚", "我是程序员"), ("家里两只英短", "我养了两只英短"),
    ("素食主义者", "我是素食主义者"), ("离异", "我离婚了"),
])
def test_chinese_fragments_said_in_full(fragment: str, said: str) -> None:
    assert zh_filled(fragment) == said
