"""Plain facts a new user said that left no item: an instrument being learnt ("I started learning the piano too"),
a driving licence learnt for then got ("开始晚上学驾照了" … "驾照拿到了"), a diagnosis in everyday words ("got a carpal
tunnel diagnosis", "查出来腱鞘炎"), and a field of study said in the past ("I majored in chemE"). English and
Chinese."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.gist import gist_clause

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _facts(tmp_path: Path, texts: list[str]) -> list[str]:
    return [text for _, text in active(slot_items(tmp_path, texts, start=START, days_apart=20))
            if not text.startswith("user:")]


@pytest.mark.parametrize(("text", "kept"), [
    ("I started learning the piano too.", "piano"),
    ("I've been taking violin lessons", "violin"),
    ("got a carpal tunnel diagnosis, wrist brace now lol", "carpal tunnel"),
    ("I got my ADHD diagnosis last year", "ADHD"),
    ("查出来腱鞘炎", "腱鞘炎"),
    ("体检查出甲状腺结节了", "甲状腺结节"),
    ("开始晚上学驾照了，科目一过了🎉", "驾照"),
    ("I majored in chemE", "chemE"),
])
def test_a_plain_fact_is_kept(tmp_path: Path, text: str, kept: str) -> None:
    facts = _facts(tmp_path, [text])
    assert any(kept in f for f in facts), facts


@pytest.mark.parametrize("text", ["I want to start learning the piano", "I finally got a diagnosis"])
def test_a_wish_or_a_diagnosis_unnamed_keeps_no_fact(tmp_path: Path, text: str) -> None:
    assert not [f for f in _facts(tmp_path, [text]) if "piano" in f or "diagnosis" in f]


def test_a_licence_learnt_for_then_got_is_one_goal_done(tmp_path: Path) -> None:
    facts = _facts(tmp_path, ["开始晚上学驾照了，科目一过了🎉", "科目二挂了", "驾照拿到了！"])
    assert any("驾照" in f and "过了" in f for f in facts) and not any("开始晚上学驾照" in f for f in facts), facts


@pytest.mark.parametrize(("clause", "kept"), [
    ("I majored in chemE", True), ("I did my degree in nursing", True), ("I walked in the park", False),
])
def test_a_field_of_study_said_in_the_past_is_lasting(clause: str, kept: bool) -> None:
    assert gist_clause(clause, "en") is kept
