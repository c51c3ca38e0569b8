"""A move or a new home said in passing, in both languages: after a greeting set off by a tilde
("好久不见～ 搬到重庆了", "long time no see~ moved to Denver"), after the new year or a holiday with its
perfective 了 ("年后搬到苏州了"), on the way out of a job ("裸辞搬回长沙了") and by how long one has lived
there up to now ("我在青岛生活三年了"); with the near-misses that must change nothing (another person's move,
a plan, a stay in the past, a tilde in a range)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.slots import read_clause

DAY = timedelta(days=60)


def _homes(texts: list[str]) -> dict[str, str]:
    """status by description of the user's lives_in items."""
    return {text: status for status, key, text in planned_items(texts, DAY) if key == "fact:lives_in"}


@pytest.mark.parametrize(("said", "clause"), [
    ("好久不见～ 搬到重庆了，火锅更正宗了哈哈", "我搬到重庆了"), ("好久没来聊了～ 搬到杭州了", "我搬到杭州了"),
    ("哈喽~ 搬到厦门了", "我搬到厦门了"),
    ("long time no see~ moved to Denver last month", "I moved to Denver last month"),
    ("hey!! hi there~ moved to Denver", "I moved to Denver"),
])
def test_a_greeting_set_off_by_a_tilde_leaves_the_clause_after_it_the_speakers(said: str, clause: str) -> None:
    assert clause in [c for c, _ in split_clauses(said)]


@pytest.mark.parametrize("said", ["周一～周五都在公司", "早上好～今天好冷", "hello world"])
def test_a_tilde_in_a_range_or_a_greeting_alone_states_nothing(said: str) -> None:
    assert not [c for c, _ in split_clauses(said) if "我" in c or c.startswith("I ")]


def test_another_persons_move_after_a_greeting_stays_theirs() -> None:
    assert [c for c, _ in split_clauses("好久不见~我表姐搬到厦门了")] == ["我表姐搬到厦门了"]
    assert _homes(["我住在南京", "好久不见～ 我表姐搬到厦门了"]) == {"用户住在南京": "active"}


@pytest.mark.parametrize(("clause", "claim"), [
    ("我年后搬到成都了", "住在成都"), ("我节后搬到苏州了", "住在苏州"), ("我年后搬去杭州了", "住在杭州"),
])
def test_a_move_after_the_new_year_told_with_its_perfective_is_done(clause: str, claim: str) -> None:
    reading = read_clause(clause, "zh")
    assert not reading.skip and claim in [h.claim for h in reading.hits]


@pytest.mark.parametrize("clause", ["我年后就搬到成都了", "我年后要搬到成都", "我年后搬到成都", "我下个月搬到成都了",
                                    "我年后就搬去杭州了"])
def test_a_move_still_to_come_after_the_new_year_is_a_plan(clause: str) -> None:
    reading = read_clause(clause, "zh")  # kept as the plan (todo:move), never as the home
    assert reading.skip == "plan" or [h.key for h in reading.hits] == ["todo:move"]


@pytest.mark.parametrize(("turns", "new", "old"), [
    (["我住在深圳，在南山上班", "上个月裸辞搬回长沙了"], "用户住在长沙", "用户住在深圳"),
    (["我住在上海", "辞职搬到成都了，先休息"], "用户住在成都", "用户住在上海"),
    (["我在青岛生活三年了，最爱海边", "上个月搬到济南了"], "用户住在济南", "用户住在青岛"),
    (["我在北京生活了十多年了", "年后搬到苏州了"], "用户住在苏州", "用户住在北京"),
])
def test_the_new_home_ends_the_old_one(turns: list[str], new: str, old: str) -> None:
    homes = _homes(turns)
    assert homes.get(new) == "active" and homes.get(old) == "superseded"


@pytest.mark.parametrize(("turns", "kept"), [
    (["我住在深圳", "我妹辞职搬回长沙了"], "用户住在深圳"),
    (["我住在济南", "我在青岛生活过三年，很怀念海边"], "用户住在济南"),
    (["我住在上海", "年后就搬去苏州了，房子还在找"], "用户住在上海"),
])
def test_another_persons_move_a_stay_once_or_a_plan_ends_nothing(turns: list[str], kept: str) -> None:
    homes = _homes(turns)
    assert homes.get(kept) == "active" and list(homes.values()).count("active") == 1
