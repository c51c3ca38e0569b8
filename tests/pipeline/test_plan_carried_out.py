"""A plan changes nothing; the later turn that says it happened without naming the value again ("moved in last
week!", "finally made the move", 已经搬过去了, 搬完家了, "took the job", "accepted the offer", offer接了) takes the
value from the user's own standing plan, in English, Chinese and mixed. Negatives: another person's plan or move, a
conditional or a question, a plan older than the value now held, a time or manner said where a place would be."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import planned_items

from memory_core.model import Turn
from memory_core.pipeline.plan_done import done_acts, planned_value


def _live(texts: list[str]) -> list[str]:
    return [text for status, _, text in planned_items(texts, timedelta(days=12)) if status == "active"]


@pytest.mark.parametrize(("texts", "new", "old"), [
    (["I live in Chicago.", "I'm moving to Denver next month.", "moved in last week! the place is tiny"],
     "lives in Denver", "lives in Chicago"),
    (["I'm based in Austin.", "we're relocating to Portland in the spring", "finally made the move, loving it"],
     "lives in Portland", "lives in Austin"),
    (["I live in Manchester.", "my lease ends in June, then I'm moving to Leeds", "all moved in now, so lovely"],
     "lives in Leeds", "lives in Manchester"),
    (["我住在广州。", "下个月要搬去深圳了，房子已经租好了", "已经搬过去了，新家离地铁很近"], "住在深圳", "住在广州"),
    (["我现在住在成都。", "我们打算六月搬到杭州", "终于搬完家了，累死了"], "住在杭州", "住在成都"),
    (["我住在 Toronto", "下个月要搬去 Vancouver 了", "已经搬过来了，就是房租太贵"], "住在Vancouver", "Toronto"),
    (["I live in Chicago.", "I'm moving to Denver next month.", "the move is done, finally"], "lives in Denver",
     "lives in Chicago"),
    (["我住在广州。", "下个月要搬去深圳了", "搬家搞定了"], "住在深圳", "住在广州"),
])
def test_a_move_said_done_takes_the_planned_place(texts: list[str], new: str, old: str) -> None:
    live = _live(texts)
    assert any(new in t for t in live) and not any(old in t for t in live), live


@pytest.mark.parametrize(("texts", "new", "old"), [
    (["I work at Google.", "got an offer from Meta, haven't decided yet", "took the Meta job!"],
     "works at Meta", "works at Google"),
    (["I'm a consultant at Deloitte.", "Accenture made me an offer, still weighing it up",
      "accepted the offer this morning, I start on the 3rd"], "works at Accenture", "works at Deloitte"),
    (["我在腾讯上班。", "拿到了阿里的offer，还在纠结", "offer接了，下个月入职"], "在阿里工作", "在腾讯工作"),
    (["I work at Google.", "got an offer from Meta, haven't decided", "accepted Meta's offer"], "works at Meta",
     "works at Google"),
    (["I work at Google.", "Stripe offered me a job, not sure yet", "I'm taking the Stripe job"], "works at Stripe",
     "works at Google"),
    (["我在腾讯上班。", "签了阿里的offer，月底走"], "在阿里工作", "在腾讯工作"),
])
def test_an_offer_said_taken_is_the_new_employer(texts: list[str], new: str, old: str) -> None:
    live = _live(texts)
    assert any(new in t for t in live) and not any(old in t for t in live), live


@pytest.mark.parametrize(("texts", "kept", "not_said"), [
    (["I live in Chicago.", "I'm moving to Denver next month."], "lives in Chicago", "lives in Denver"),
    (["我住在广州。", "下个月要搬去深圳了"], "住在广州", "住在深圳"),
    (["I live in Leeds.", "we're moving to York in the summer", "my brother finally moved in last week"],
     "lives in Leeds", "lives in York"),
    (["我住在苏州。", "下个月要搬去上海了", "我闺蜜已经搬过去了，说房租很贵"], "住在苏州", "住在上海"),
    (["I live in Leeds.", "my sister is moving to York next month", "moved in last week!"], "lives in Leeds",
     "lives in York"),
    (["I live in London.", "should I move to Berlin?", "finally made the move"], "lives in London", "lives in Berlin"),
    (["I work at Google.", "my friend got an offer from Stripe", "accepted the offer!"], "works at Google",
     "works at Stripe"),
    (["我在腾讯上班。", "我同事拿到了阿里的offer", "offer接了"], "在腾讯工作", "用户在阿里工作"),
    (["I live in Chicago.", "I'm moving to Denver next month.", "I moved to Austin.", "moved in last week!"],
     "lives in Austin", "lives in Denver"),
])
def test_no_own_standing_plan_changes_nothing(texts: list[str], kept: str, not_said: str) -> None:
    live = _live(texts)
    assert any(kept in t for t in live) and not any(not_said in t for t in live), live


@pytest.mark.parametrize(("texts", "pet"), [
    (["planning to adopt a dog this spring", "we brought him home yesterday, a rescue beagle named Max"],
     "has a beagle named Max"),
    (["planning to adopt a dog this spring", "brought her home on Saturday, her name is Luna"], "has a dog named Luna"),
    (["打算养只猫，最好是英短", "把猫接回家了，叫团子"], "有一只猫叫团子"),
    (["想领养一只柯基", "终于领回家了！"], "养了一只柯基"),
])
def test_a_pet_brought_home_is_the_planned_pet(texts: list[str], pet: str) -> None:
    assert any(pet in t for t in _live(texts)), _live(texts)


@pytest.mark.parametrize("texts", [
    ["my sister is planning to adopt a dog", "brought him home yesterday"],
    ["planning to adopt a dog", "we brought him home from the hospital yesterday"],
    ["我们打算养只猫", "带回家了好多零食"],
])
def test_no_pet_without_the_users_own_pet_plan_and_a_pet_come_home(texts: list[str]) -> None:
    assert not any(k.startswith("fact:pet") for status, k, _ in planned_items(texts, timedelta(days=12))), texts


@pytest.mark.parametrize("text", ["I moved in last week", "we moved in together last week"])
def test_a_time_or_manner_is_no_place(text: str) -> None:
    assert not any("lives in" in t for t in _live([text])), _live([text])


def _turn(text: str) -> Turn:
    return Turn("u1", "t1", "s", "user", text, datetime(2026, 2, 1, tzinfo=UTC))


def test_done_acts_and_planned_values_in_both_languages() -> None:
    assert done_acts(_turn("moved in last week!")) == [("move", "")]
    assert done_acts(_turn("搬完家了，累死")) == [("move", "")]
    assert done_acts(_turn("offer接了")) == [("job", "")]
    assert done_acts(_turn("accepted Meta's offer")) == [("job", "Meta")]
    assert done_acts(_turn("决定接阿里的offer了")) == [("job", "阿里")]
    assert done_acts(_turn("接到了阿里的offer")) == []
    assert done_acts(_turn("should we move in next week?")) == []
    assert done_acts(_turn("my sister moved in last week")) == []
    assert planned_value("I'm moving to Denver next month.", "move") == "Denver"
    assert planned_value("拿到了阿里的offer，还在纠结", "job") == "阿里"
    assert planned_value("我妹妹下个月要搬去深圳", "move") == ""
    assert planned_value("if I moved to Tokyo I'd eat ramen every day", "move") == ""


@pytest.mark.parametrize(("texts", "ended"), [
    (["I work at Google.", "might quit my job", "finally quit, no plan B"], "User no longer has a job"),
    (["我在腾讯上班。", "在考虑要不要辞职", "终于辞了"], "用户已离职"),
    (["我在腾讯上班。", "上周裸辞了"], "用户已离职"),
])
def test_a_job_quit_said_bare_after_weighing_it_ends_the_employer(texts: list[str], ended: str) -> None:
    live = _live(texts)
    assert ended in live and not any("Google" in t or "腾讯" in t for t in live), live


@pytest.mark.parametrize(("texts", "kept"), [
    (["I work at Google.", "finally quit, no plan B"], "User works at Google"),
    (["I work at Google.", "might quit my job", "I quit smoking today"], "User works at Google"),
    (["I work at Google.", "my brother might quit his job", "he quit today"], "User works at Google"),
])
def test_a_bare_quit_without_the_users_own_job_plan_keeps_the_employer(texts: list[str], kept: str) -> None:
    assert kept in _live(texts), _live(texts)


@pytest.mark.parametrize(("texts", "ended", "gone"), [
    (["I drink coffee every day.", "want to quit coffee but can't", "finally quit!"], "User no longer drinks coffee",
     "User drinks coffee every day"),
    (["I smoke.", "thinking about quitting smoking", "finally quit for good"], "User has quit smoking", "User smokes"),
    (["我每天喝咖啡。", "想戒咖啡但戒不掉", "终于戒掉了"], "用户不再喝咖啡", "用户喝咖啡"),
    (["我抽烟。", "打算戒烟", "戒成功了"], "用户戒烟了", "用户抽烟"),
])
def test_a_habit_given_up_said_bare_after_weighing_it_ends_the_habit(texts: list[str], ended: str, gone: str) -> None:
    live = _live(texts)
    assert ended in live and gone not in live, live


def test_a_bare_quit_ends_what_the_user_weighed_last_only() -> None:
    live = _live(["I drink coffee.", "I work at Google.", "trying to quit coffee", "might quit my job",
                  "finally quit!"])
    assert "User no longer has a job" in live and "User drinks coffee" in live, live


def test_someone_elses_habit_plan_ends_nothing_of_the_users() -> None:
    assert "用户喝咖啡" in _live(["我每天喝咖啡。", "我妈想戒咖啡", "终于戒掉了"])
