"""A friend called buddy, mate, pal or 哥们 ("My buddy Sam lives in Austin", "我哥们Sam住在上海")
is another person: the fact is the friend's, and the friend's later move supersedes it (issue 13)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.text.relations import relation_names

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("My buddy Sam lives in Austin.", "fact:buddy/sam/lives_in"),
        ("My mate Tom works at Rolls-Royce.", "fact:mate/tom/works_at"),
        ("我哥们Sam住在上海。", "fact:哥们/sam/lives_in"),
    ],
)
def test_the_fact_is_the_friends_not_the_users(tmp_path: Path, text: str, key: str) -> None:
    rows = active(slot_items(tmp_path, [text], start=START, days_apart=1))
    assert any(k == key for k, _ in rows), rows
    assert not any(k.startswith(("fact:lives_in", "fact:works_at")) for k, _ in rows), rows


@pytest.mark.parametrize(
    ("texts", "old", "new"),
    [
        (["My buddy Sam lives in Austin.", "Sam moved to Denver last month."], "Austin", "Denver"),
        (["我哥们Sam住在上海。", "Sam搬到杭州了。"], "上海", "杭州"),
        (["Jake lives in Austin.", "我朋友Jake刚 move 到 Denver 了。"], "Austin", "Denver"),
    ],
)
def test_the_friends_move_supersedes_the_old_home(tmp_path: Path, texts: list[str], old: str, new: str) -> None:
    rows = active(slot_items(tmp_path, texts, start=START, days_apart=30))
    assert not any(old in d for _, d in rows), rows
    assert any(new in d for _, d in rows), rows


def test_buddy_mate_and_gemen_name_a_friend() -> None:
    for word in ("buddy", "mate", "pal", "哥们"):
        assert "friend" in relation_names(word) and "朋友" in relation_names(word)
