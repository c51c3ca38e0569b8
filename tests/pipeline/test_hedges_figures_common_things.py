"""Clauses that state no lasting fact of their own (a figure of speech, a hedge, an everyday thing had, a reason
with its thing left out, a need) and facts keyed by what they are (a post entered by exam, a role at home, a city
gone back to), in both languages."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.model import Kind
from memory_core.pipeline.cant_without import need_elided, need_filled
from memory_core.pipeline.common_owned import common_only, without_common_things
from memory_core.pipeline.filler import filler_only
from memory_core.pipeline.home_role import home_role_begun
from memory_core.pipeline.mood import without_moods
from memory_core.pipeline.rules import EN_CUT
from memory_core.pipeline.types import Candidate
from memory_core.pipeline.valueless import valueless_clause
from tests.pipeline._slot_items import statement_keys

AT = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _fact(description: str, lang: str = "en", key: str = "gist:x") -> Candidate:
    return Candidate(kind=Kind.FACT, description=description, key=key, lang=lang, speaker="user")


@pytest.mark.parametrize(("text", "lang"), [
    ("User's brain is fried", "en"), ("User's forearms are dead", "en"), ("User's legs are killing them", "en"),
    ("User's head is literally exploding", "en"), ("User is dead tired", "en"), ("User is knackered tonight", "en"),
    ("用户脑子都炸了", "zh"), ("用户累成狗了", "zh"), ("用户腿都要断了", "zh"), ("用户胳膊快废了", "zh")])
def test_a_figure_of_speech_of_the_moment_is_no_fact(text: str, lang: str) -> None:
    assert without_moods([_fact(text, lang)]) == []


@pytest.mark.parametrize(("text", "lang"), [
    ("User's brain works better in the morning", "en"), ("User's back hurts all the time", "en"),
    ("用户腰不好", "zh"), ("用户的腿骨折过两次", "zh")])
def test_a_body_part_said_of_a_lasting_state_stays(text: str, lang: str) -> None:
    assert len(without_moods([_fact(text, lang)])) == 1


@pytest.mark.parametrize(("said", "lang"), [
    ("也不知道", "zh"), ("想好了", "zh"), ("决定了", "zh"), ("觉得吧", "zh"), ("说不好", "zh"),
    ("dunnoes", "en"), ("has decided", "en"), ("has made up their mind", "en"), ("is not sure", "en")])
def test_a_hedge_or_a_bare_decision_is_filler(said: str, lang: str) -> None:
    assert filler_only(said, lang)


@pytest.mark.parametrize(("said", "lang"), [
    ("决定辞职", "zh"), ("不知道怎么做饭", "zh"), ("has decided to quit their job", "en")])
def test_a_hedge_with_its_content_is_no_filler(said: str, lang: str) -> None:
    assert not filler_only(said, lang)


@pytest.mark.parametrize(("said", "lang", "common"), [
    ("有手机", "zh", True), ("有两台电脑", "zh", True), ("家里有好几箱书", "zh", True),
    ("has a phone", "en", True), ("has like 3 boxes of lab notebooks at home", "en", True),
    ("has a spare charger", "en", True),
    ("有iPhone 15", "zh", False), ("有车", "zh", False), ("有一辆特斯拉", "zh", False),
    ("has a MacBook Pro", "en", False), ("has an old Nokia phone", "en", False), ("has a dog", "en", False),
    ("has a PhD", "en", False)])
def test_an_everyday_thing_had_without_a_name(said: str, lang: str, common: bool) -> None:
    assert common_only(said, lang) is common


def test_only_a_positive_statement_of_having_is_dropped() -> None:
    kept = [_fact("用户已经没有手机了", "zh", "fact:owns:phone"), _fact("User likes a phone", key="pref:phone")]
    kept[0].polarity = -1
    dropped = [_fact("用户有手机", "zh", "fact:owns:phone"), _fact("User has a laptop", key="gist:obj:laptop")]
    assert without_common_things(kept + dropped) == kept


@pytest.mark.parametrize(("clause", "lang", "bare"), [
    ("我在北京用不上", "zh", True), ("我反正也用不着", "zh", True), ("I don't need it in the city", "en", True),
    ("I never drive it anymore", "en", True),
    ("我不需要车", "zh", False), ("I don't need a car in the city", "en", False)])
def test_a_reason_that_leaves_its_thing_out_names_nothing(clause: str, lang: str, bare: bool) -> None:
    assert valueless_clause(clause, lang) is bare


@pytest.mark.parametrize(("clause", "like"), [
    ("早上不喝咖啡根本醒不过来", "我爱喝咖啡"), ("一天不喝咖啡就起不来", "我爱喝咖啡"),
    ("I can't wake up without coffee", "I love coffee"), ("I can't think without my morning coffee", "I love coffee")])
def test_a_need_is_the_like_it_stands_for(clause: str, like: str) -> None:
    assert (need_filled(clause) or "").startswith(like)


@pytest.mark.parametrize(("clause", "lang", "elided"), [
    ("不喝就犯困", "zh", True), ("不吃早饭根本没精神", "zh", True), ("can't focus without it", "en", True),
    ("不喝酒", "zh", False), ("我不吃香菜", "zh", False)])
def test_a_need_without_a_known_thing_is_no_dislike(clause: str, lang: str, elided: bool) -> None:
    assert need_elided(clause, lang) is elided


@pytest.mark.parametrize(("text", "kept"), [
    ("I've been coming for a while", "I've been coming for a while"),
    ("I listen to podcasts while I run", "I listen to podcasts"),
    ("I've been doing yoga for a little while", "I've been doing yoga for a little while")])
def test_for_a_while_is_no_conjunction(text: str, kept: str) -> None:
    assert EN_CUT.split(text, maxsplit=1)[0] == kept


def test_a_role_at_home_said_now_ends_the_employer() -> None:
    rows = {("fact:works_at",): [("1", "fact:works_at", "User works at Google")]}
    role = Candidate(kind=Kind.FACT, key="fact:occupation", description="User works as a stay-at-home dad", polarity=1)
    home_role_begun([role], lambda p: rows.get(p, []))
    assert role.ends == ("fact:works_at",)
    both = Candidate(kind=Kind.FACT, key="fact:occupation", description="用户的职业是全职妈妈", polarity=1)
    shop = Candidate(kind=Kind.FACT, key="fact:works_at", description="用户在淘宝开店", polarity=1)
    home_role_begun([both, shop], lambda p: rows.get(p, []))
    assert both.ends == ()
    title = Candidate(kind=Kind.FACT, key="fact:occupation", description="User works as a nurse", polarity=1)
    home_role_begun([title], lambda p: rows.get(p, []))
    assert title.ends == ()


@pytest.mark.parametrize(("text", "key"), [
    ("我去年考上了海关", "fact:works_at"), ("我考上了税务局", "fact:works_at"), ("我考上了公务员", "fact:occupation"),
    ("我考上了北大", "fact:school"), ("我回到了成都", "fact:lives_in"), ("我又回到杭州了", "fact:lives_in"),
    ("我是家庭主妇", "fact:occupation"), ("I'm a homemaker", "fact:occupation"), ("我最爱吃火锅", "pref:hot pot")])
def test_a_fact_is_keyed_by_what_it_is(text: str, key: str) -> None:
    assert key in statement_keys(text, at=AT)


@pytest.mark.parametrize("text", ["我在学习做饭", "我最近在学做蛋糕", "我回到了家", "我回到公司了"])
def test_no_workplace_or_home_from_a_skill_or_a_room(text: str) -> None:
    keys = statement_keys(text, at=AT)
    assert "fact:works_at" not in keys and "fact:lives_in" not in keys
