"""Where the user no longer is, said without a verb of work or home ("I'm no longer at Google", "我已经不在谷歌了"):
the place or employer named ends, with history; another person's, a passing absence, or a value not stored ends
nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("first", "then", "key", "old"), [
    ("I work at Google.", "I'm no longer at Google.", "fact:works_at", "Google"),
    ("I work at Google.", "No longer with Google, taking a break for now.", "fact:works_at", "Google"),
    ("I live in Boston.", "I'm not in Boston anymore.", "fact:lives_in", "Boston"),
    ("我在谷歌工作", "我已经不在谷歌了", "fact:works_at", "谷歌"),
    ("我住在北京", "不在北京了，回老家了", "fact:lives_in", "北京"),
    ("I work at Google.", "我已经不在谷歌了", "fact:works_at", "Google"),
])
def test_the_place_or_employer_named_ends(tmp_path: Path, first: str, then: str, key: str, old: str) -> None:
    rows = slot_items(tmp_path, [first, then], start=START, days_apart=30)
    under = [(state, text) for state, k, text in rows if k == key]
    assert ("superseded", next(t for s, t in under if s == "superseded")) in under, rows  # kept as history
    [(_, now)] = [(s, t) for s, t in under if s == "active"]
    assert "no longer" in now or "不在" in now, rows
    assert not any(state == "active" and old in text and "no longer" not in text and "不在" not in text
                   for state, _, text in rows), rows


@pytest.mark.parametrize(("first", "then"), [
    ("I live in Boston.", "I'm not in Boston this week, I'm at a conference."),
    ("I work at Google.", "My sister is no longer at Google."),
    ("我在谷歌工作", "我姐已经不在谷歌了"),
    ("I work at Meta.", "I'm no longer at Google."),
])
def test_nothing_of_the_users_ends(tmp_path: Path, first: str, then: str) -> None:
    rows = slot_items(tmp_path, [first, then], start=START, days_apart=30)
    assert not any(state == "superseded" for state, key, _ in rows if key.startswith("fact:")), rows


def test_a_month_is_no_place(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["I live in Boston.", "Moved out in May, finally."], start=START, days_apart=30)
    assert not any(text.endswith("in May") for _, _, text in rows), rows
