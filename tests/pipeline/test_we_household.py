"""First-person plural: "us" (lower case) and 我们家 / 我家 include the user. "Gran moved in with us" is a clause of
the user's; 我们家搬到了 X moves the user's home. "the US" is a place, 我们家人 / 我们公司 are not the user's home."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.clauses import split_clauses

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize("text", ["Gran moved in with us in March", "Grandpa has been living with us since May"])
def test_a_clause_with_us_is_the_users(text: str) -> None:
    assert [c for c, _ in split_clauses(text)], text


def test_the_us_as_a_place_is_no_first_person() -> None:
    assert list(split_clauses("The US election is next week")) == []


def test_a_parent_named_alone_moving_in_with_us_lives_with_the_user(tmp_path: Path) -> None:
    rows = slot_items(tmp_path, ["Gran moved in with us in March"], start=START, days_apart=20)
    assert any(key.startswith("fact:lives_with:") for key, _ in active(rows)), rows


@pytest.mark.parametrize(("texts", "new", "old"), [
    (["我住在厦门", "我们家去年搬到福州了"], "福州", "厦门"),
    (["我住在合肥", "我家已经搬到芜湖了"], "芜湖", "合肥"),
])
def test_the_households_move_is_the_users(tmp_path: Path, texts: list[str], new: str, old: str) -> None:
    kept = [t for k, t in active(slot_items(tmp_path, texts, start=START, days_apart=20)) if k == "fact:lives_in"]
    assert any(new in t for t in kept) and not any(old in t for t in kept), kept


@pytest.mark.parametrize("later", ["我们公司搬到福州了", "我们家人都在福州", "我家里人搬到福州了"])
def test_a_company_or_the_family_moving_is_not_the_users_home(tmp_path: Path, later: str) -> None:
    kept = [t for k, t in active(slot_items(tmp_path, ["我住在厦门", later], start=START, days_apart=20))
            if k == "fact:lives_in"]
    assert any("厦门" in t for t in kept), kept
