"""A quit names the job it ends, a role at home said with the quit is kept, a city glued to a listed employer is
where the work is, a school said with its year or an admission is a school, and a retirement or a wedding that
happened ends its plan. Chinese and English."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.model import MemoryItem, Status
from memory_core.pipeline.extract import MechanicalExtractor
from memory_core.pipeline.plan_kept import done_plans
from memory_core.pipeline.quit_unheld import quit_value, quits_unheld
from memory_core.pipeline.types import Candidate, Turn
from memory_core.pipeline.work_city import employer_after_city

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _held(text: str) -> MemoryItem:
    return MemoryItem(user_id="u1", description=text, theme="work", key="fact:works_at", status=Status.ACTIVE)


def _quit(claim: str, lang: str = "en") -> Candidate:
    """A quit as the slot reader makes it: its claim rendered, and the value it read."""
    named = re.match(r"no longer works at (.+)|已从(.+)离职", claim)
    return Candidate(kind="fact", description=("User " if lang == "en" else "用户") + claim, key="fact:works_at",
                     polarity=-1, claim=claim, lang=lang, single_valued=True,
                     value=next((g for g in named.groups() if g), "") if named else "")


@pytest.mark.parametrize(("claim", "lang", "value"), [
    ("no longer works at Starbucks", "en", "starbucks"),
    ("no longer works at the NHS", "en", "nhs"),
    ("no longer works at a startup", "en", "a startup"),
    ("已从蜜雪冰城离职", "zh", "蜜雪冰城"),
    ("no longer has a job", "en", ""),
    ("已离职", "zh", ""),
])
def test_quit_value_is_the_employer_named(claim: str, lang: str, value: str) -> None:
    assert quit_value(_quit(claim, lang)) == value


@pytest.mark.parametrize(("text", "value"), [
    ("I quit the Starbucks gig", "starbucks"),
    ("蜜雪冰城的兼职辞了", "蜜雪冰城"),
    ("I resigned from the NHS", "nhs"),
    ("上个月从美团辞职了", "美团"),
    ("I quit my job", ""),
    ("辞职了", ""),
])
def test_a_quit_read_from_a_turn_carries_the_employer_it_names(text: str, value: str) -> None:
    """The value is what the slot cue read, whatever the claim renders (``Candidate.value``)."""
    turn = Turn(user_id="u1", turn_id="t1", session_id="s1", role="user", text=text, timestamp=START)
    quits = [c for c in MechanicalExtractor().extract(turn) if c.key == "fact:works_at" and c.polarity < 0]
    assert [quit_value(c) for c in quits] == [value]


@pytest.mark.parametrize(("claim", "lang", "held", "unheld"), [
    ("no longer works at Starbucks", "en", "User works at Google", True),
    ("no longer works at Starbucks", "en", "User works at Starbucks as a barista", False),
    ("no longer works at Tencent", "en", "用户在鹅厂工作", False),
    ("已从字节离职", "zh", "用户在北京的字节跳动工作", False),
    ("已从蜜雪冰城离职", "zh", "用户在腾讯工作", True),
    ("no longer has a job", "en", "User works at Google", False),
])
def test_a_quit_of_an_employer_not_held_ends_nothing(claim: str, lang: str, held: str, unheld: bool) -> None:
    assert quits_unheld(_quit(claim, lang), [_held(held)]) is unheld


def test_a_named_quit_with_nothing_held_is_weighed_as_before() -> None:
    assert not quits_unheld(_quit("no longer works at Starbucks"), [])


@pytest.mark.parametrize(("value", "split"), [
    ("北京字节跳动", ("北京", "字节跳动")),
    ("杭州阿里", ("杭州", "阿里")),
    ("深圳腾讯", ("深圳", "腾讯")),
    ("北京银行", ("", "北京银行")),
    ("上海交通大学", ("", "上海交通大学")),
    ("字节跳动", ("", "字节跳动")),
])
def test_a_city_is_split_off_a_listed_employer_only(value: str, split: tuple[str, str]) -> None:
    assert employer_after_city(value) == split


@pytest.mark.parametrize(("key", "claim", "plans"), [
    ("fact:works_at", "has retired", ("todo:retire",)),
    ("fact:works_at", "已退休", ("todo:retire",)),
    ("fact:partner", "结婚了", ("todo:wedding",)),
    ("fact:partner", "got married", ("todo:wedding",)),
    ("fact:works_at", "no longer works at Google", ()),
    ("fact:partner@wei", "got married", ("todo:wedding@wei",)),
])
def test_a_told_act_names_the_plans_it_ends(key: str, claim: str, plans: tuple[str, ...]) -> None:
    cand = Candidate(kind="fact", description=claim, key=key, polarity=1, claim=claim)
    assert done_plans(cand) == plans


@pytest.mark.parametrize(("texts", "kept", "gone"), [
    (["I work at Google", "quit the Starbucks gig"], ["works at Google"], []),
    (["我在腾讯工作", "蜜雪冰城的兼职辞了，太累了"], ["在腾讯工作"], []),
    (["I'm a barista at Starbucks", "I quit my Starbucks job"], ["no longer works at Starbucks"],
     ["works as a barista"]),
    (["我在银行上班，是柜员", "我辞职当了家庭主妇"], ["家庭主妇"], ["职业是柜员"]),
    (["I work at a bank as a teller", "I quit to stay home with the baby"], ["stay-at-home parent"], ["teller"]),
    (["我在银行上班", "辞职回家带娃了"], ["全职带娃"], ["在银行工作"]),
    (["在北京字节跳动上班", "我在字节上班"], ["北京的字节跳动"], []),
    (["我是武汉大学大二的"], ["武汉大学", "大二"], ["职业"]),
    (["我被复旦录取了"], ["被复旦录取"], ["了和"]),
    (["got into UCLA!"], ["got into UCLA"], []),
    (["I'm a teacher", "I plan to retire next year", "I retired last week"], ["has retired"],
     ["plans to retire", "works as a teacher"]),
    (["I'm a teacher", "I'm retiring next year", "I retired last week"], ["has retired"],
     ["is retiring next year", "works as a teacher"]),
    (["我是老师", "我准备明年退休", "上个月退休了"], ["已退休"], ["准备明年退休", "职业是老师"]),
    (["婚礼定在十月", "上周结婚了"], ["结婚了"], ["婚礼定在十月"]),
    (["our wedding is set for October", "we got married last week!"], ["got married"], ["wedding is set"]),
])
def test_what_the_memory_keeps(tmp_path: Path, texts: list[str], kept: list[str], gone: list[str]) -> None:
    now = " | ".join(text for _, text in active(slot_items(tmp_path, texts, start=START, days_apart=1)))
    assert all(k in now for k in kept), now
    assert not any(g in now for g in gone), now
