"""Facts said indirectly or in passing, details that revise them, and changes after a long gap (blind batch d9c).

Each rule is asserted in English and Chinese: a pet named in a sentence of its own or only walked, a pet named
again with another word for its kind, a place of work said as whose one is or beside "my company", a longer name
of the same place of work, a home said by a first night or a rented room, a question retold, a diet or a shift
changed, and the traps beside them (another person's dog or company, a dog carrying off a slipper).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.named_next import name_joined
from memory_core.pipeline.walked_pet import walked_pet
from memory_core.text.tokenize import tokenize

T0 = datetime(2025, 3, 1, 9, tzinfo=UTC)


def _active_text(tmp_path: Path, texts: list[str]) -> list[str]:
    return [text for _, text in active(slot_items(tmp_path, texts, start=T0, days_apart=7))]


@pytest.mark.parametrize(("text", "joined"), [
    ("We adopted a rescue greyhound!! His name is Biscuit", "We adopted a rescue greyhound, His name is Biscuit"),
    ("领养了一只柯基！名字叫布丁", "领养了一只柯基，名字叫布丁"),
    ("养了只布偶猫。它叫年糕", "养了只布偶猫，它叫年糕"),
])
def test_a_name_in_the_next_sentence_is_joined_to_the_pet(text: str, joined: str) -> None:
    assert name_joined(text) == joined


@pytest.mark.parametrize(("texts", "name"), [
    (["We adopted a rescue greyhound!! His name is Biscuit", "Biscuit is 4 btw"], "Biscuit"),
    (["领养了一只柯基！名字叫布丁", "布丁今天满两岁了"], "布丁"),
])
def test_a_pet_named_apart_is_one_item_that_takes_its_age(tmp_path: Path, texts: list[str], name: str) -> None:
    held = [t for t in _active_text(tmp_path, texts) if name in t]
    assert len(held) == 1 and any(age in held[0] for age in ("4", "两岁")), held


@pytest.mark.parametrize("texts", [
    ["我养了一只布偶猫，叫年糕，两岁", "对了，我家那只布偶叫年糕哈"],
    ["I have a ragdoll cat named Luna", "my ragdoll is called Luna btw"],
])
def test_a_pet_named_again_with_another_word_for_its_kind_is_a_hit(tmp_path: Path, texts: list[str]) -> None:
    rows = slot_items(tmp_path, texts, start=T0, days_apart=7)
    pets = [(status, text) for status, key, text in rows if key.startswith("fact:pet")]
    assert [status for status, _ in pets] == ["active"], pets


@pytest.mark.parametrize(("text", "walked"), [
    ("遛完 Mochi 回来累瘫，柴犬的精力真的无限", "我有一只柴犬叫Mochi"),
    ("晚上遛豆豆的时候下雨了，柯基腿短跑不快", "我有一只柯基叫豆豆"),
    ("took Pudding for a walk in the rain, corgis hate puddles", "I have a corgi named Pudding"),
    ("walked Biscuit twice today, greyhounds love it", "I have a greyhound named Biscuit"),
    ("帮邻居遛 Mochi", ""),
    ("今天帮邻居遛了一下他家的拉布拉多 Max", ""),
    ("遛完弯回来", ""),
    ("遛娃累死了", ""),
    ("walked my neighbour's dog Rex this morning", ""),
    ("walked Hampstead Heath today", ""),
    ("should I walk Biscuit in this heat?", ""),
])
def test_a_walked_pet_is_the_users(text: str, walked: str) -> None:
    assert walked_pet(text, "en" if text.isascii() else "zh") == walked


@pytest.mark.parametrize(("texts", "kept", "gone"), [
    (["took Pudding for a walk in the rain, corgis hate puddles", "walked my neighbour's dog Rex as a favour"],
     "Pudding", "Rex"),
    (["晚上遛豆豆的时候下雨了，柯基腿短跑不快", "今天帮邻居遛了一下他家的拉布拉多 Max"], "豆豆", "Max"),
])
def test_another_persons_dog_walked_is_not_the_users(tmp_path: Path, texts: list[str], kept: str,
                                                     gone: str) -> None:
    held = _active_text(tmp_path, texts)
    assert any(kept in t for t in held) and not any(gone in t for t in held), held


def test_a_dog_carrying_off_a_slipper_is_no_death(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["我家柴犬叫旺财，三岁了", "早上旺财又把我拖鞋叼走了😂 柴犬就是这么拽"],
                      start=T0, days_apart=7)
    assert all(status == "active" for status, key, _ in rows if key.startswith("fact:pet")), rows


@pytest.mark.parametrize("query", ["我的狗叫什么？", "我家狗叫啥", "我的猫叫什么名字？"])
def test_a_pets_name_asked_keeps_the_kind_as_a_term(query: str) -> None:
    assert {"狗", "猫"} & set(tokenize(query))


@pytest.mark.parametrize(("texts", "employer", "not_mine"), [
    (["我司（阿里）最近又在搞组织调整", "还好我老公在京东"], "阿里", "京东"),
    (["my company (Stripe) is doing layoffs again", "and my husband's company (Meta) froze hiring"], "Stripe",
     "Meta"),
    (["我是协和医院的，今天又连轴转了", "我妈是同仁医院的"], "协和", "同仁"),
])
def test_the_employer_said_beside_my_company_or_as_whose_one_is(tmp_path: Path, texts: list[str], employer: str,
                                                                 not_mine: str) -> None:
    rows = slot_items(tmp_path, texts, start=T0, days_apart=1)
    mine = [text for status, key, text in rows if status == "active" and key == "fact:works_at"]
    assert len(mine) == 1 and employer in mine[0] and not_mine not in mine[0], rows


@pytest.mark.parametrize(("texts", "refined", "kept"), [
    (["刚下夜班，我在 ICU 当护士", "忘了说，我是瑞金医院 ICU 的"], "瑞金医院", "护士"),
    (["我在招行当柜员", "补充一下，我是招行深圳分行的"], "深圳分行", "柜员"),
    (["I work at Google as a software engineer", "I'm at Google Zurich btw, on the Maps team"], "Zurich", "Google"),
])
def test_a_longer_name_of_the_same_workplace_revises_it(tmp_path: Path, texts: list[str], refined: str,
                                                        kept: str) -> None:
    rows = slot_items(tmp_path, texts, start=T0, days_apart=7)
    work = [text for status, key, text in rows if status == "active" and key == "fact:works_at"]
    assert len(work) == 1 and refined in work[0], rows
    assert any(kept in text for _, text in active(rows)), rows  # the job said first stays held


@pytest.mark.parametrize(("texts", "absent"), [
    (["我是护士，在协和医院上班", "上次你问我在哪家医院，就是协和啦"], "哪家"),
    (["I'm a nurse at St Mary's", "you asked which hospital I work at: still St Mary's"], "which"),
])
def test_a_question_retold_names_no_value(tmp_path: Path, texts: list[str], absent: str) -> None:
    assert not any(absent in t for t in _active_text(tmp_path, texts))


@pytest.mark.parametrize(("texts", "new", "old"), [
    (["my landlord in Leeds still hasn't fixed the boiler", "first week in the new flat in York, so much better"],
     "York", "Leeds"),
    (["每天从燕郊坐班车进城上班", "终于在国贸附近租到房了！不用再坐班车"], "国贸", "燕郊"),
    (["我住在通州", "我终于在望京附近租到了一个单间，今天已经搬进来了"], "望京", "通州"),
])
def test_a_new_home_said_by_a_first_night_or_a_room_rented(tmp_path: Path, texts: list[str], new: str,
                                                           old: str) -> None:
    rows = slot_items(tmp_path, texts, start=T0, days_apart=60)
    homes = [text for status, key, text in rows if status == "active" and key == "fact:lives_in"]
    assert len(homes) == 1 and new in homes[0] and old not in homes[0], rows


@pytest.mark.parametrize("texts", [
    ["最近在搞 keto diet，碳水一口都不吃", "keto 放弃了，米饭真香"],
    ["最近在吃生酮", "我放弃生酮了"],
    ["I'm doing keto", "gave up keto, rice is too good"],
])
def test_a_diet_given_up_ends_it(tmp_path: Path, texts: list[str]) -> None:
    diets = [text for key, text in active(slot_items(tmp_path, texts, start=T0, days_apart=30))
             if key == "fact:diet"]
    assert len(diets) == 1 and any(w in diets[0] for w in ("不再", "no longer")), diets


def test_a_food_given_up_is_no_diet_given_up(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["I'm vegan", "I gave up vegan cheese"], start=T0, days_apart=30)
    assert ("fact:diet", "User is vegan") in active(rows), rows


@pytest.mark.parametrize(("texts", "new", "old"), [
    (["我是护士", "长期上夜班，晚八点到早八点", "终于从夜班调成白班了！"], "白班", "夜班"),
    (["I'm a nurse", "I'm on permanent nights at the moment", "finally switched from nights to days!"],
     "day shifts", "night shifts"),
])
def test_a_shift_moved_to_ends_the_old_shift(tmp_path: Path, texts: list[str], new: str, old: str) -> None:
    rows = slot_items(tmp_path, texts, start=T0, days_apart=30)
    shifts = [(status, text) for status, key, text in rows if key == "fact:work_shift"]
    assert ("active", shifts[-1][1]) == shifts[-1] and new in shifts[-1][1], shifts
    assert [status for status, text in shifts if old in text] == ["superseded"], shifts
    assert any(w in text for _, text in active(rows) for w in ("护士", "nurse")), rows


@pytest.mark.parametrize("text", ["今天上夜班好累", "my wife works nights"])
def test_one_night_or_another_persons_shift_is_not_the_users(tmp_path: Path, text: str) -> None:
    rows = slot_items(tmp_path, [text], start=T0, days_apart=1)
    assert not [key for _, key, _ in rows if key == "fact:work_shift"], rows


@pytest.mark.parametrize("texts", [
    ["I freelance as a copywriter, mostly SaaS clients", "im now a full-time content lead at HubSpot!"],
    ["我是自由职业，平时接点插画的单子", "我入职字节了，做运营"],
])
def test_a_new_employer_ends_freelancing(tmp_path: Path, texts: list[str]) -> None:
    rows = slot_items(tmp_path, texts, start=T0, days_apart=60)
    assert not [t for _, t in active(rows) if any(w in t for w in ("freelanc", "自由职业"))], rows
