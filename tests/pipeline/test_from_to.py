"""A change said as FROM -> TO ends the old value and states the new one under the same key (issue 13).

"left Spotify for Stripe", "swapped my Galaxy for an iPhone", "从百度跳槽去了阿里", "小米换成了华为",
"奶茶改喝绿茶了": the old item is superseded with history, the new one is active under the same key. Another
person's change, a change only thought of, a journey and a schedule change nothing of the user's.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.from_to import restated


def _items(texts: list[str]) -> list[tuple[str, str, str]]:
    return planned_items(texts, timedelta(days=7))


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["I'm a data engineer at Spotify.", "I left Spotify for Stripe last month."], "Spotify", "Stripe"),
    (["I work at Amazon.", "Big year: left Amazon for Dell and moved to Austin."], "Amazon", "Dell"),
    (["I live in Seattle.", "Left Seattle for Austin in the spring."], "Seattle", "Austin"),
    (["I use a Samsung Galaxy phone.", "Finally swapped my Galaxy for an iPhone."], "Galaxy", "iPhone"),
    (["I drive a Toyota Corolla.", "Traded the Corolla in for a Tesla last weekend."], "Corolla", "Tesla"),
    (["我在百度做后端开发。", "上个月从百度跳槽去了阿里，压力大了不少。"], "百度", "阿里"),
    (["我住在上海。", "从上海搬到苏州了。"], "上海", "苏州"),
    (["我在携程上班。", "工作也从携程换到了同程。"], "携程", "同程"),
    (["我用的是小米手机。", "小米换成了华为，拍照好多了。"], "小米", "华为"),
    (["我每天都喝奶茶。", "奶茶改喝绿茶了，为了减肥。"], "奶茶", "绿茶"),
    (["我在 Google 上班。", "三月份从 Google 跳到了 Meta。"], "Google", "Meta"),
    (["I use an iPhone.", "把 iPhone 换成了 Pixel，安卓也挺好用。"], "iPhone", "Pixel"),
])
def test_from_to_supersedes_the_old_value_under_its_key(texts: list[str], old: str, new: str) -> None:
    items = _items(texts)
    active = [(k, d) for s, k, d in items if s == "active"]
    ended = [(k, d) for s, k, d in items if s == "superseded" and old in d]
    assert ended, items
    same_key = not ended[0][0].startswith("pref:")  # a like is keyed by its object: the switch links the two
    assert any(new in d and (k == ended[0][0] or not same_key) for k, d in active), items
    assert not any(old in d and new not in d for _, d in active), items


@pytest.mark.parametrize(("texts", "kept", "absent"), [
    (["I work at Google.", "My brother left Google for Meta last year."], "works at Google", "User works at Meta"),
    (["我在字节上班。", "我哥从字节跳槽到腾讯了。"], "字节", "用户在腾讯"),
    (["我住在北京。", "我在考虑从北京搬到杭州。"], "北京", "用户住在杭州"),
    (["I drink coffee every morning.", "Thinking of switching from coffee to tea."], "coffee", "tea"),
    (["I live in Boston.", "Flew from Boston to Denver for a conference yesterday."], "Boston", "lives in Denver"),
    (["我住在成都。", "昨天从成都飞到深圳出差，住三天。"], "成都", "深圳"),
])
def test_someone_elses_or_unmade_change_or_a_trip_changes_nothing(texts: list[str], kept: str,
                                                                  absent: str) -> None:
    active = [d for s, _, d in _items(texts) if s == "active"]
    assert any(kept in d for d in active), active
    assert not any(absent in d for d in active), active


@pytest.mark.parametrize("text", [
    "I work from 9 to 5, Monday to Friday.",
    "If I left Google for Meta, would I earn more?",
    "I switched from Chrome to Firefox.",
    "I went from full-time to freelance.",
    "我哥从字节跳槽到腾讯了。",
    "昨天从成都飞到深圳出差。",
])
def test_no_rewrite_for_a_schedule_a_condition_a_tool_or_another_person(text: str) -> None:
    assert restated(text) == text


@pytest.mark.parametrize(("text", "said"), [
    ("Finally swapped my Galaxy for an iPhone.", "I switched to an iPhone."),
    ("I left Spotify for Stripe, way better team.", "I work at Stripe now, way better team."),
    ("从字节跳槽到腾讯了。", "我在腾讯上班了。"),
    ("跟阿杰分了，现在的男朋友是小宋。", "跟阿杰分了，我男朋友是小宋。"),
])
def test_restated_says_the_new_value_plainly(text: str, said: str) -> None:
    assert restated(text) == said


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["我住在紫荆公寓，一个月 800", "从紫荆公寓搬到了学府小区，离实验室近"], "紫荆", "学府小区"),
    (["我住在 Studentenstadt Freimann 的宿舍", "搬宿舍了！从 Freimann 搬到 Garching 的宿舍，骑车五分钟"],
     "Freimann", "Garching"),
])
def test_a_move_between_places_the_lexicon_does_not_know_supersedes_the_home(texts: list[str], old: str,
                                                                             new: str) -> None:
    items = _items(texts)
    assert any(s == "superseded" and old in d for s, _, d in items), items
    assert any(s == "active" and k.startswith("fact:lives_in") and new in d and old not in d
               for s, k, d in items), items


def test_a_move_within_the_home_names_no_new_home() -> None:
    assert restated("上个月从一楼搬到三楼了。") == "上个月从一楼搬到三楼了。"


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["I take metformin twice a day.", "my doctor switched me from metformin to Jardiance"], "metformin", "Jardiance"),
    (["I'm on lisinopril.", "Last week the GP switched me from lisinopril to losartan."], "lisinopril", "losartan"),
    (["I take atorvastatin.", "I switched from atorvastatin to rosuvastatin"], "atorvastatin", "rosuvastatin"),
    (["我一直在吃阿托伐他汀", "上个月医生给我从阿托伐他汀换成瑞舒伐他汀了"], "阿托伐他汀", "瑞舒伐他汀"),
    (["我在吃二甲双胍", "医生让我从二甲双胍换成了恩格列净"], "二甲双胍", "恩格列净"),
    (["我在吃氨氯地平", "医生把我从氨氯地平换成了缬沙坦"], "氨氯地平", "缬沙坦"),
])
def test_a_drug_changed_from_one_to_another_ends_the_old_one(texts: list[str], old: str, new: str) -> None:
    items = _items(texts)
    assert any(s == "superseded" and k.startswith("fact:medication:") and old in d for s, k, d in items), items
    assert any(s == "active" and k.startswith("fact:medication:") and new in d for s, k, d in items), items
    assert not any(s == "active" and old in d and new not in d for s, _, d in items), items


@pytest.mark.parametrize("text", [
    "my sister switched from metformin to Jardiance",  # another person's drugs
    "my boss switched me from days to nights",  # no drug: a shift, and not the doctor
    "我姐从二甲双胍换成了恩格列净",
])
def test_a_change_not_of_the_users_drugs_is_left_as_said(text: str) -> None:
    assert restated(text) == text


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["我们一家住在Cheras", "我们搬家了 from Cheras to Puchong, bigger house, 店还在Cheras"], "Cheras", "Puchong"),
    (["我住在Subang", "上个月搬家了，from Subang to Shah Alam"], "Subang", "Shah Alam"),
])
def test_a_move_said_half_in_english_is_a_move_of_the_home(texts: list[str], old: str, new: str) -> None:
    items = _items(texts)
    assert any(s == "superseded" and k == "fact:lives_in" and old in d for s, k, d in items), items
    assert [d for s, k, d in items if s == "active" and k == "fact:lives_in"] == [f"用户住在{new}"], items
