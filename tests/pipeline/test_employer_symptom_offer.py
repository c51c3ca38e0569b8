"""Everyday changes in either language: an employer said as where one is now or before a job title
(slots.yaml), a job offer's city (job_site.py), a body part well again (symptom_over.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.job_site import job_site, offered_home
from memory_core.pipeline.symptom_over import PAINED, healed_change, pained
from memory_core.pipeline.terse import terse_filled

MONTH = timedelta(days=30)


def _active(texts: list[str]) -> list[str]:
    return [d for s, _, d in planned_items(texts, MONTH) if s == "active"]


@pytest.mark.parametrize("said", ["搬到上海了，现在在字节", "好久不见，目前在字节", "我现在在字节了"])
def test_a_listed_company_said_as_where_one_is_now_changes_the_employer(said: str) -> None:
    active = _active(["我在阿里巴巴上班", said])
    assert not any("阿里巴巴" in d for d in active)
    assert any(d == "用户在字节工作" for d in active)


def test_an_english_listed_company_now_changes_the_employer() -> None:
    active = _active(["I work at Alibaba", "moved to Shanghai, I'm at ByteDance now"])
    assert "User works at ByteDance" in active and "User works at Alibaba" not in active


@pytest.mark.parametrize("said", ["我现在在星巴克，等朋友", "我现在在杭州", "I'm at Starbucks now"])
def test_a_cafe_or_a_city_one_is_at_now_leaves_the_employer(said: str) -> None:
    active = _active(["我在华为上班", said])
    assert "用户在华为工作" in active


@pytest.mark.parametrize("said", ["我在阿里做数据分析师", "我在阿里当产品经理"])
def test_ali_before_a_job_title_names_the_employer(said: str) -> None:
    assert "用户在阿里工作" in _active([said])


def test_a_generic_place_before_a_job_names_no_employer() -> None:
    assert not any("工作" in d and "家里" in d for d in _active(["周末我在家里做饭"]))


@pytest.mark.parametrize(("clause", "lang", "turn", "site"), [
    ("base深圳", "zh", "拿到了腾讯的offer，base深圳", True),
    ("based in London", "en", "Got an offer from Google, based in London!", True),
    ("我搬到上海了", "zh", "接了字节的offer，我搬到上海了", False),  # the move itself
    ("base深圳", "zh", "base深圳，做PM", False),  # no offer: where one lives
    ("I'm based in Denver now", "en", "Took the offer, I'm based in Denver now", False),  # where one is now
])
def test_a_place_in_an_offer_turn_is_the_jobs(clause: str, lang: str, turn: str, site: bool) -> None:
    assert job_site(clause, lang, turn) is site


def test_an_offers_city_fragment_is_not_filled_in_as_a_home() -> None:
    assert terse_filled("拿到了腾讯的offer，base深圳") == "拿到了腾讯的offer，base深圳"
    assert terse_filled("base上海，做PM").startswith("我住在上海")
    assert offered_home("base深圳", "我住在深圳", "面试了美团，base深圳")


@pytest.mark.parametrize("offer", ["收到字节的offer了!! product manager, base上海", "面试了美团，base北京",
                                   "Got an offer from Google, based in London!"])
def test_an_offer_or_interview_with_a_city_leaves_the_home(offer: str) -> None:
    assert any("杭州" in d or "Hangzhou" in d for d in _active(["我住在杭州", offer]))


def test_the_move_after_the_offer_ends_the_home_on_its_own_day() -> None:
    items = planned_items(["我住在杭州", "收到字节的offer了!! base上海", "搬到上海了"], MONTH)
    assert [d for s, _, d in items if s == "active" and "住在" in d] == ["用户住在上海"]


@pytest.mark.parametrize(("clause", "lang", "part"), [
    ("我膝盖好了", "zh", "knee"), ("我腰没事了", "zh", "back"), ("我的脚踝已经恢复了", "zh", "ankle"),
    ("my knee is fine now", "en", "knee"), ("the back pain is gone finally!", "en", "back"),
    ("no more headaches", "en", "head"), ("my wrist is healed", "en", "wrist"),
    ("我膝盖好点了", "zh", ""), ("我膝盖好多了", "zh", ""), ("my shoulder is a bit better", "en", ""),
    ("我头好疼", "zh", ""), ("我背好了", "zh", ""),  # 背好了: learnt by heart
])
def test_a_part_said_well_again(clause: str, lang: str, part: str) -> None:
    change = healed_change(clause, lang, "", "", "")
    assert change[2] == (frozenset({PAINED + part}) if part else frozenset())


def test_another_persons_part_or_a_question_says_nothing_of_the_users() -> None:
    assert healed_change("我妈的膝盖好了", "zh", "", "妈", "") == ((), 0, frozenset())
    assert healed_change("膝盖好了吗", "zh", "question", "", "") == ((), 0, frozenset())


@pytest.mark.parametrize(("text", "term", "said"), [
    ("User's knee hurts", "pain:knee", True), ("用户最近腰疼得厉害", "pain:back", True),
    ("User is back on coffee", "pain:back", False), ("用户膝盖疼", "pain:back", False),
    ("User's knee hurts", "knee", False),
])
def test_a_statement_of_a_parts_symptom(text: str, term: str, said: bool) -> None:
    assert pained(text, term) is said


@pytest.mark.parametrize(("first", "then"), [
    ("I stopped running, my knee hurts", "我又开始跑步了，膝盖好了"),
    ("my lower back hurts a lot lately", "the back pain is gone finally!"),
    ("我最近腰疼得厉害", "腰没事了"),
])
def test_a_symptom_ends_when_its_part_is_well_again(first: str, then: str) -> None:
    assert not any(w in d for d in _active([first, then]) for w in ("hurts", "疼"))


@pytest.mark.parametrize("then", ["膝盖好点了", "我妈的膝盖好了", "my back is fine now"])
def test_a_part_only_better_or_another_one_leaves_the_symptom(then: str) -> None:
    assert any(d.startswith("User's knee hurts") for d in _active(["my knee hurts when I climb stairs", then]))


def test_a_friend_named_in_latin_letters_moves_in_chinese() -> None:
    active = _active(["我住在上海", "我朋友Emma住在北京", "Emma搬到深圳了，在医院上班"])
    assert "用户的朋友Emma住在深圳" in active and "用户的朋友Emma住在北京" not in active
    assert "用户住在上海" in active
    assert "用户在医院工作" not in active  # the job is Emma's, said with her subject dropped


def test_the_users_own_value_beside_the_named_persons_stays() -> None:
    active = _active(["my sister Jing lives in Shanghai", "Jing moved to Beijing, and I moved to Hangzhou"])
    assert {"User's sister Jing lives in Beijing", "User lives in Hangzhou"} <= set(active)
