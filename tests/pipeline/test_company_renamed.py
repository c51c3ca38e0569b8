"""The user's company said by a new name ("our startup is now called Shiftwise", "我们公司改名叫拾光了") is where the
user works, the old name kept as history; "not payroll" said of the company after it is no fact about the user."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("turns", "now", "old"), [
    (["I work at Ledgerly, we do payroll software", "our startup is now called Shiftwise, AI scheduling"],
     "Shiftwise", "Ledgerly"),
    (["I work at Ledgerly", "we renamed the company to Shiftwise last month"], "Shiftwise", "Ledgerly"),
    (["我在光年科技上班", "我们公司改名叫拾光了"], "拾光", "光年"),
])
def test_the_new_name_is_the_employer(tmp_path: Path, turns: list[str], now: str, old: str) -> None:
    rows = slot_items(tmp_path, turns, start=START, days_apart=30)
    [current] = [text for state, key, text in rows if state == "active" and key == "fact:works_at"]
    assert now in current, rows
    assert any(state == "superseded" and old in text for state, _, text in rows), rows


@pytest.mark.parametrize(("text", "kept"), [
    ("remember: the company is Shiftwise now. AI scheduling for hospitals. not payroll", None),
    ("it's a bakery now. not a cafe", None),
    ("Not a fan of cilantro", "cilantro"),
    ("Our startup is called Shiftwise. not vegan anymore btw", "vegan"),
])
def test_a_contrast_of_the_thing_is_no_fact(tmp_path: Path, text: str, kept: str | None) -> None:
    rows = slot_items(tmp_path, [text], start=START, days_apart=1)
    facts = [t for state, key, t in rows if state == "active" and not key.startswith("event:")]
    assert not any("is not" in t and ("payroll" in t or "cafe" in t) for t in facts), rows
    if kept is not None:
        assert any(kept in t for t in facts), rows
