"""A turn that says the medicine was changed in a clause of its own ("降压药换了，现在吃缬沙坦", "my meds got changed,
now I'm on losartan") ends the drug it replaces: the other drug the turn names, else the user's drug of the same use,
never a drug of another use."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _turn_factory import dated_turns

from memory_core.pipeline.drug_switch import changed_elsewhere, named_beside
from memory_core.service import Memory

T0 = datetime(2026, 4, 15, 12, tzinfo=UTC)


def _drugs(memory: Memory, lines: list[str]) -> dict[str, str]:
    memory.ingest(dated_turns(lines, T0, timedelta(days=40)))
    return {i.key.rpartition(":")[2]: i.status for i in memory.store.list_items("u", statuses=("active", "superseded"))
            if str(i.key or "").startswith("fact:medication:")}


@pytest.mark.parametrize(("lines", "old", "new"), [
    (["医生让我每天吃一片氨氯地平", "我的降压药换了，现在吃缬沙坦，氨氯地平吃了脚肿"], "氨氯地平", "缬沙坦"),
    (["我每天吃一片氨氯地平", "换药了，现在吃缬沙坦"], "氨氯地平", "缬沙坦"),
    (["I take amlodipine for my blood pressure", "my blood pressure meds got changed, now I'm on losartan"],
     "amlodipine", "losartan"),
])
def test_a_changed_medicine_ends_the_one_it_replaces(memory: Memory, lines: list[str], old: str, new: str) -> None:
    drugs = _drugs(memory, lines)
    assert drugs.get(old) == "superseded" and drugs.get(new) == "active", drugs


def test_a_drug_of_another_use_stays(memory: Memory) -> None:
    drugs = _drugs(memory, ["我每天吃二甲双胍", "降压药换了，现在吃缬沙坦"])
    assert drugs == {"metformin": "active", "缬沙坦": "active"}, drugs


def test_the_cue_is_read_in_another_clause_only() -> None:
    assert changed_elsewhere("我的降压药换了，现在吃缬沙坦", "现在吃缬沙坦", "zh")
    assert not changed_elsewhere("去药店买了点药，现在吃缬沙坦", "现在吃缬沙坦", "zh")
    assert not changed_elsewhere("I switched my diet, now on losartan", "now on losartan", "en")
    assert named_beside("现在吃缬沙坦，氨氯地平吃了脚肿", "缬沙坦", "zh") == ("氨氯地平",)
