"""Kinds a new user's trial found, each read by a mechanism, in English and Chinese: an object left out after
the clause that named it, a pet's name or a job title said with the fact, another person's fact taken up by
a pronoun, a bond changed without a name, a Chinese turn that drops its subject."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _slot_items import live

from memory_core.model import Status, Turn
from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.elided_object import filled

TurnFactory = Callable[..., Turn]
Ingest = Callable[[Turn], list[Any]]


def texts(store: Any) -> list[str]:
    return [i.description for i in live(store)]


@pytest.mark.parametrize(("like", "then", "thing"), [
    ("Now I love jazz, I listen every evening.", "I don't like jazz any more.", "jazz"),
    ("I really like green tea, I drink it every morning.", "I don't like green tea any more.", "green tea"),
    ("我现在很喜欢爵士乐，每天晚上都听。", "我不喜欢爵士乐了。", "爵士乐"),
])
def test_a_reversed_like_ends_the_routine_said_with_it(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                       like: str, then: str, thing: str) -> None:
    ingest(make_turn(like))
    assert any(thing in t and ("every" in t or "每天" in t) for t in texts(store)), texts(store)  # the routine names it
    ingest(make_turn(then))
    held = [t for t in texts(store) if thing in t]
    assert held and all(("no longer" in t or "不再" in t) for t in held), held


@pytest.mark.parametrize(("clause", "lang", "thing", "out"), [
    ("I listen every evening", "en", "jazz", "I listen to jazz every evening"),
    ("I also play on weekends", "en", "chess", "I also play chess on weekends"),
    ("I play the piano every day", "en", "jazz", "I play the piano every day"),  # the verb has its object
    ("我每天晚上都听", "zh", "爵士乐", "我每天晚上都听爵士乐"),
    ("我每天都听播客", "zh", "爵士乐", "我每天都听播客"),
])
def test_an_object_left_out_is_the_one_named_before(clause: str, lang: str, thing: str, out: str) -> None:
    assert filled(clause, lang, thing) == out


@pytest.mark.parametrize(("text", "want"), [
    ("I adopted a cat last week, her name is Mochi.", "Mochi"),
    ("We got a dog, his name's Biscuit.", "Biscuit"),
    ("上周领养了一只猫叫年糕。", "年糕"),
    ("我收养了一只狗，叫豆豆。", "豆豆"),
])
def test_a_pets_name_said_after_it_is_kept(store: Any, ingest: Ingest, make_turn: TurnFactory, text: str,
                                          want: str) -> None:
    ingest(make_turn(text))
    assert any(want in i.description and i.key.startswith("fact:pet:") for i in live(store)), texts(store)


@pytest.mark.parametrize(("text", "employer", "title"), [
    ("I joined ByteDance as a product manager.", "ByteDance", "product manager"),
    ("我上个月入职字节做产品经理。", "字节", "产品经理"),
    ("我跳槽到美团当数据分析师了。", "美团", "数据分析师"),
    ("我加入了阿里，担任产品经理。", "阿里", "产品经理"),
])
def test_the_employer_and_the_title_of_a_job_joined(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                    text: str, employer: str, title: str) -> None:
    ingest(make_turn(text))
    keyed = {i.key: i.description for i in live(store)}
    assert employer in keyed.get("fact:works_at", "") and title in keyed.get("fact:occupation", ""), keyed
    assert title not in keyed["fact:works_at"].split("，")[0], keyed  # the title is no part of the employer


@pytest.mark.parametrize("text", ["我加入了读书会。", "我加入了一个跑团。"])
def test_joining_a_club_is_no_employer(store: Any, ingest: Ingest, make_turn: TurnFactory, text: str) -> None:
    ingest(make_turn(text))
    assert not [i for i in live(store) if i.key == "fact:works_at"], texts(store)


@pytest.mark.parametrize(("home", "other", "key", "word"), [
    ("I live in Shanghai.", "My sister, she's a teacher in Guangzhou.", "fact:sister/occupation", "teacher"),
    ("I live in Shanghai.", "My brother is a nurse.", "fact:brother/occupation", "nurse"),
    ("I live in Shanghai.", "My dad, he works at Boeing.", "fact:dad/works_at", "Boeing"),
    ("我住在上海。", "我表哥在深圳当程序员。", "fact:表哥/occupation", "程序员"),
    ("我住在上海。", "我姐姐，她在广州当老师。", "fact:姐姐/occupation", "老师"),
])
def test_another_persons_fact_said_in_passing(store: Any, ingest: Ingest, make_turn: TurnFactory, home: str,
                                             other: str, key: str, word: str) -> None:
    ingest(make_turn(home))
    ingest(make_turn(other))
    keyed = {i.key: i.description for i in live(store)}
    assert word in keyed.get(key, ""), keyed
    assert "上海" in keyed["fact:lives_in"] or "Shanghai" in keyed["fact:lives_in"], keyed  # the user's untouched


@pytest.mark.parametrize(("partner", "then", "name", "now"), [
    ("我女朋友叫小林。", "我们结婚了！", "小林", "结婚"),
    ("My girlfriend is Anna.", "We got married in June!", "Anna", "married"),
    ("My girlfriend is Anna.", "We got engaged last night.", "Anna", "engaged"),
    ("My boyfriend is Sam.", "We broke up last month.", "Sam", "single"),
])
def test_a_bond_changed_without_a_name_changes_the_partner(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                           partner: str, then: str, name: str, now: str) -> None:
    ingest(make_turn(partner))
    ingest(make_turn(then))
    current = [i for i in live(store) if i.key == "fact:partner"]
    assert len(current) == 1 and now in current[0].description, texts(store)
    old = [i for i in store.list_items("u1", statuses=[Status.SUPERSEDED]) if i.key == "fact:partner"]
    assert old and name in old[0].description


@pytest.mark.parametrize(("text", "want"), [
    ("电脑密码是k8Lp2x。", "k8Lp2x"),
    ("最近在学吉他。", "吉他"),
    ("搬到苏州了。", "苏州"),
])
def test_a_chinese_turn_without_its_subject_is_the_users(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                         text: str, want: str) -> None:
    ingest(make_turn(text))
    assert any(want in t for t in texts(store)), texts(store)


@pytest.mark.parametrize("text", ["妈妈的手机密码是123456。", "他的邮箱密码是abc123。"])
def test_someone_elses_secret_is_not_the_users(text: str) -> None:
    assert not list(split_clauses(text))


def test_a_request_without_its_subject_states_nothing(store: Any, ingest: Ingest, make_turn: TurnFactory) -> None:
    ingest(make_turn("推荐几本书吧。"))
    ingest(make_turn("考研目标定了，浙大计算机，12月底考。"))  # no aspect word: a topic, not a new statement
    assert not [t for t in texts(store) if "推荐" in t or "目标定了" in t], texts(store)


@pytest.mark.parametrize(("text", "drug"), [
    ("我每天早上吃二甲双胍。", "二甲双胍"),
    ("我吃阿托伐他汀。", "阿托伐他汀"),
    ("I take ibuprofen for my knee.", "ibuprofen"),
])
def test_a_drug_named_by_its_ending_is_a_medication(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                    text: str, drug: str) -> None:
    ingest(make_turn(text))
    assert any(i.key.startswith("fact:medication:") and drug in i.description for i in live(store)), texts(store)


def test_a_dish_is_no_medication(store: Any, ingest: Ingest, make_turn: TurnFactory) -> None:
    ingest(make_turn("我每天早上吃牛肉片。"))
    assert not [i for i in live(store) if i.key.startswith("fact:medication:")], texts(store)


@pytest.mark.parametrize(("text", "key", "want"), [
    ("Leeds-based, been here since uni and can't see myself leaving.", "fact:lives_in", "Leeds"),
    ("I'm in Bristol, Easton area, near the railway path.", "fact:lives_in", "Bristol"),
    ("We moved up to Launceston in the spring, bigger garden.", "fact:lives_in", "Launceston"),
    ("家在苏州园区，买房的时候还算便宜。", "fact:lives_in", "苏州园区"),
    ("I teach year 5 at Marlow Green Primary.", "fact:works_at", "Marlow Green Primary"),
    ("I teach year 5 at Marlow Green Primary.", "fact:occupation", "teacher"),
    ("Priya and I split up. I'm seeing someone new though, her name's Olwen.", "fact:partner", "Olwen"),
])
def test_a_self_description_said_in_passing(store: Any, ingest: Ingest, make_turn: TurnFactory, text: str, key: str,
                                            want: str) -> None:
    ingest(make_turn(text))
    keyed = {i.key: i.description for i in live(store)}
    assert want in keyed.get(key, ""), keyed


@pytest.mark.parametrize("text", ["他家在北京。", "小王搬走了，家在北京。", "I teach myself Spanish."])
def test_someone_elses_home_or_self_teaching_is_no_slot(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                         text: str) -> None:
    ingest(make_turn(text))
    assert not [i for i in live(store) if i.key in ("fact:lives_in", "fact:occupation")], texts(store)


@pytest.mark.parametrize(("first", "then", "old", "new"), [
    ("济南住了快五年了，历下区，离单位骑车十分钟。", "终于搬完家了！！现在在青岛，离海边就两站地铁。", "济南", "青岛"),
    ("Leeds-based, been here since uni.", "We moved up to York last month.", "Leeds", "York"),
])
def test_a_home_said_without_its_subject_is_superseded_by_a_move(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                                 first: str, then: str, old: str, new: str) -> None:
    ingest(make_turn(first))
    ingest(make_turn(then))
    [home] = [i for i in live(store) if i.key == "fact:lives_in"]
    assert new in home.description
    assert any(old in i.description for i in store.list_items("u1", statuses=[Status.SUPERSEDED]))


@pytest.mark.parametrize(("text", "want"), [
    ("老家江西赣州的，过年才回去。", "江西赣州"),
    ("我老家湖南常德的。", "湖南常德"),
])
def test_a_hometown_said_with_its_noun(store: Any, ingest: Ingest, make_turn: TurnFactory, text: str,
                                       want: str) -> None:
    ingest(make_turn(text))
    keyed = {i.key: i.description for i in live(store)}
    assert want in keyed.get("fact:from", ""), keyed


@pytest.mark.parametrize("text", ["酒店住了三天。", "他老家江西的。"])
def test_a_stay_or_anothers_hometown_is_not_the_users(store: Any, ingest: Ingest, make_turn: TurnFactory,
                                                       text: str) -> None:
    ingest(make_turn(text))
    assert not [i for i in live(store) if i.key in ("fact:lives_in", "fact:from")], texts(store)
