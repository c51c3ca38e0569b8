"""Plainly stated facts that left only the raw turn become items of their slot, so a later change supersedes them
(issue 13, trial 31 W10): the company the user founded or runs, a due date, the hospital chosen, a roommate."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _turn_factory import TurnFactory, dated_turns

from memory_core.embedded import EmbeddedMemory
from memory_core.model import Kind
from memory_core.pipeline import WritePipeline


def _keyed(make_turn: TurnFactory, text: str) -> dict[str, str]:
    return {c.key: c.description for c in WritePipeline().candidates(make_turn(text)) if c.kind != Kind.EVENT and c.key}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I founded Ledgerly, we do payroll software", "Ledgerly"),
        ("I run a startup called Shiftwise", "Shiftwise"),
        ("we co-founded Shiftwise last year", "Shiftwise"),
        ("my startup, Shiftwise, just raised money", "Shiftwise"),
        ("我自己开了家公司叫小鹿科技", "小鹿科技"),
        ("我跟朋友合伙开了个工作室叫光影", "光影"),
        ("我创办了小鹿科技", "小鹿科技"),
    ],
)
def test_a_company_founded_or_run_is_the_employer(make_turn: TurnFactory, text: str, value: str) -> None:
    assert value in _keyed(make_turn, text).get("fact:works_at", "")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("my due date is Feb 14", "Feb 14"),
        ("due date is Feb 14", "Feb 14"),
        ("I'm due in March", "March"),
        ("doctor moved the due date to Feb 9 after the scan", "Feb 9"),
        ("预产期是2月14号", "2月14号"),
        ("宝宝预产期推到了3月初", "3月初"),
    ],
)
def test_a_due_date_is_its_slot(make_turn: TurnFactory, text: str, value: str) -> None:
    assert value in _keyed(make_turn, text).get("fact:due_date", "")


@pytest.mark.parametrize("text", ["the due date for the report is Friday", "the rent is due on the 1st"])
def test_another_due_date_is_no_baby_due_date(make_turn: TurnFactory, text: str) -> None:
    assert "fact:due_date" not in _keyed(make_turn, text)


@pytest.mark.parametrize(
    "text", ["我闺蜜小美也怀孕了，预产期四月，在红房子医院", "my best friend Mia is pregnant, due date is April 2"]
)
def test_a_due_date_after_another_person_is_not_the_users(make_turn: TurnFactory, text: str) -> None:
    assert "fact:due_date" not in _keyed(make_turn, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("we're planning to deliver at St Mary's Hospital", "St Mary's Hospital"),
        ("和睦家 is way too expensive 八万多, we switched to 国际妇幼保健院, 特需部", "国际妇幼保健院"),
        ("我们决定在和睦家生宝宝", "和睦家"),
        ("我在和睦家建档了", "和睦家"),
        ("we're having the baby at Kaiser Oakland", "Kaiser"),
    ],
)
def test_the_hospital_chosen_is_its_slot(make_turn: TurnFactory, text: str, value: str) -> None:
    assert value in _keyed(make_turn, text).get("fact:hospital", "")


@pytest.mark.parametrize(
    "text",
    [
        "moved to Oakland for the hospital job",
        "我在北京生活",
        "我在上海出生",
        "I deliver in Brooklyn",
        "我是在北京生的",
    ],
)
def test_no_hospital_where_none_is_chosen(make_turn: TurnFactory, text: str) -> None:
    assert "fact:hospital" not in _keyed(make_turn, text)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("my roommate is Jonas", "fact:family:roommate:jonas"),
        ("Jonas moved out. new roommate is Aiko", "fact:family:roommate:aiko"),
    ],
)
def test_a_named_roommate(make_turn: TurnFactory, text: str, key: str) -> None:
    assert key in _keyed(make_turn, text)


def test_a_nationality_is_no_roommates_name(make_turn: TurnFactory) -> None:
    assert not [k for k in _keyed(make_turn, "my roommate is German") if k.startswith("fact:family")]


def test_a_moved_due_date_and_a_switched_hospital_supersede(mem: EmbeddedMemory) -> None:
    lines = [
        "due date is Feb 14 lol valentine's baby",
        "we're planning to deliver at St Mary's Hospital",
        "doctor moved the due date to Feb 9 after the scan",
        "St Mary's is too expensive, we switched to Kaiser Hospital",
    ]
    for turn in dated_turns(lines, datetime(2026, 8, 20, 20, tzinfo=UTC), timedelta(days=10), user_id="jess"):
        mem.add(
            [{"role": "user", "content": turn.text, "timestamp": turn.timestamp.isoformat()}],
            user_id="jess",
            session_id="s",
        )
    active = [r["description"] for r in mem.get_all(user_id="jess", limit=100) if r["kind"] != "event"]
    assert any("Feb 9" in d for d in active) and not any("Feb 14" in d for d in active)
    assert any("Kaiser" in d for d in active) and not any("St Mary" in d and "hospital is" in d for d in active)
