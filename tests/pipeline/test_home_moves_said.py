"""Everyday ways of saying a move make the home follow, in both languages (issue 13): a move between two places
whose names are also other things ("从长安区搬到了曲江": 长安 is a car), Cantonese ("我搬咗去深圳"), a move told as
what the time since began with ("since moving to Chicago", "自从搬到杭州以后"); and an employer said after the
city is no home ("住在深圳大疆"). The near-misses stay as they were: a thing carried between rooms, another
person's move, a plan."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.from_to import restated
from memory_core.pipeline.regional_words import standard_words
from memory_core.pipeline.slots import read_clause

DAY = timedelta(days=30)


def _homes(texts: list[str]) -> dict[str, str]:
    """status by description of the user's lives_in items."""
    return {text: status for status, key, text in planned_items(texts, DAY) if key == "fact:lives_in"}


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["我住在西安长安区", "从长安区搬到了曲江"], "用户住在西安长安区", "用户住在曲江"),
    (["我住在广州", "我搬咗去深圳"], "用户住在广州", "用户住在深圳"),
    (["我住喺广州", "我哋搬咗嚟深圳"], "用户住在广州", "用户住在深圳"),
    (["我住在南京", "自从搬到杭州以后，我天天自己做饭"], "用户住在南京", "用户住在杭州"),
    (["我住在南京", "搬来成都以来胖了五斤"], "用户住在南京", "用户住在成都"),
    (["I live in Boston", "since moving to Chicago I cook way more"], "User lives in Boston",
     "User lives in Chicago"),
    (["I live in Leeds", "Ever since relocating to Bristol we walk everywhere"], "User lives in Leeds",
     "User lives in Bristol"),
])
def test_the_home_follows_a_move_said_in_everyday_words(texts: list[str], old: str, new: str) -> None:
    homes = _homes(texts)
    assert homes.get(old) == "superseded" and homes.get(new) == "active", homes


def test_a_move_between_places_is_of_the_home_whatever_else_their_names_are() -> None:
    assert restated("从长安区搬到了曲江") == "我搬到曲江了"
    assert restated("我从长安区搬到曲江了") == "我搬到曲江了"
    assert restated("把沙发从客厅搬到了卧室") == "把沙发从客厅搬到了卧室"  # a thing carried inside the home
    assert restated("小米换成了华为") == "我现在用华为手机"  # a device changed is still a device


@pytest.mark.parametrize(("said", "standard"), [
    ("我搬咗去深圳", "我搬去了深圳"), ("我哋搬咗嚟香港三年", "我们搬来了香港三年"), ("上个月搬咗屋", "上个月搬家了"),
    ("我上個月搬咗去深圳喇", "我上个月搬去了深圳了"),  # a clause-final 喇 is 了
])
def test_a_cantonese_move_reads_as_the_mandarin_one(said: str, standard: str) -> None:
    assert standard_words(said) == standard


@pytest.mark.parametrize(("clause", "claim"), [
    ("我住在深圳大疆", "住在深圳"), ("我在深圳大疆上班", "住在深圳"),
    ("我住在北京字节跳动附近", "住在北京字节跳动附近"),
])
def test_an_employer_after_the_city_is_no_home(clause: str, claim: str) -> None:
    claims = [h.claim for h in read_clause(clause, "zh").hits if h.attr.id == "lives_in"]
    assert claims == [claim]


@pytest.mark.parametrize(("texts", "home"), [
    (["I live in Boston", "my sister, since moving to Chicago, cooks way more"], "User lives in Boston"),
    (["我住在南京", "他自从搬到杭州以后，就不联系了"], "用户住在南京"),
    (["我住在南京", "我表姐搬咗去深圳"], "用户住在南京"),
])
def test_another_persons_move_leaves_the_home(texts: list[str], home: str) -> None:
    assert [t for t, s in _homes(texts).items() if s == "active"] == [home]


@pytest.mark.parametrize(("texts", "home"), [
    (["我住在杭州", "去深圳看我姐，住她家"], "用户住在杭州"),
    (["我住在杭州", "我现在住在上海的汉庭"], "用户住在杭州"),
    (["我住在杭州", "所以这个月都住在上海了，项目在这边"], "用户住在杭州"),
    (["我住在杭州", "借住在朋友家，在望京"], "用户住在杭州"),
    (["I live in Denver", "staying with my parents in Ohio for two weeks"], "User lives in Denver"),
    (["I live in Denver", "on a business trip to Tokyo, living in a hotel in Shinjuku"], "User lives in Denver"),
])
def test_a_stay_at_a_hotel_or_someone_elses_home_leaves_the_home(texts: list[str], home: str) -> None:
    assert [t for t, s in _homes(texts).items() if s == "active"] == [home]


def test_a_hotel_chain_one_works_at_is_still_the_employer() -> None:
    assert [h.value for h in read_clause("我在汉庭上班", "zh").hits if h.attr.id == "works_at"] == ["汉庭"]


def test_a_move_typed_in_traditional_characters_with_a_cantonese_ending() -> None:
    # an item is stored in the script of the turn it comes from
    assert _homes(["我住喺广州", "我上個月搬咗去深圳喇"]) == {"用户住在广州": "superseded", "用戶住在深圳": "active"}


@pytest.mark.parametrize(("said", "employer"), [
    ("I work remotely for Stripe", "Stripe"), ("I work full-time at Acme", "Acme"), ("I work at Acme", "Acme"),
])
def test_an_employer_worked_for_remotely_is_still_the_employer(said: str, employer: str) -> None:
    assert [h.value for h in read_clause(said, "en").hits if h.attr.id == "works_at"] == [employer]


@pytest.mark.parametrize(("texts", "active"), [
    (["我住在朝阳", "房租太贵了所以搬到通州了"], ["用户住在通州"]),
    (["我住在朝阳", "我哥工作调动了所以搬到上海了"], ["用户住在朝阳"]),  # his move, and the subject carries on
])
def test_a_move_said_as_the_consequence_with_no_comma(texts: list[str], active: list[str]) -> None:
    assert [t for t, s in _homes(texts).items() if s == "active"] == active
