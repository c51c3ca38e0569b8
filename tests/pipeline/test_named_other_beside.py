"""A person named first, with no relation said, who likes, dislikes or fears a thing the user has a statement of:
that statement is neither hit nor given the person's words. A sentence opening on the user's own pet's name is
still its detail; a thing said first ("Running keeps me sane") is no person."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.named_other import opening_name

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("text", "name"), [
    ("Priya hates camping", "Priya"),
    ("Oh, Marcus can't stand cilantro", "Marcus"),
    ("Jen never drinks coffee", "Jen"),
    ("I hate camping", ""),
    ("Honestly I love it", ""),
    ("Running keeps me sane", ""),
    ("Tea is my thing", ""),
    ("Friday is my day off", ""),
    ("Google is hiring again", ""),
    ("我老公不吃辣", ""),
])
def test_opening_name(text: str, name: str) -> None:
    assert opening_name(text) == name


@pytest.mark.parametrize(("texts", "mine"), [
    (["I love camping", "Priya hates camping, she says it's too cold"], "loves camping"),
    (["I drink coffee every morning", "Jen never drinks coffee"], "drinks coffee every morning"),
])
def test_a_named_persons_view_leaves_the_users_statement(tmp_path: Path, texts: list[str], mine: str) -> None:
    rows = active(slot_items(tmp_path, texts, start=START, days_apart=20))
    assert [t for _, t in rows if mine in t] == [f"User {mine}"], rows


def test_the_users_pet_named_first_still_adds_its_detail(tmp_path: Path) -> None:
    rows = active(slot_items(tmp_path, ["I have a cat named Biscuit", "Biscuit is a ragdoll, very fluffy"],
                             start=START, days_apart=20))
    assert any("Biscuit" in t and "ragdoll" in t for _, t in rows), rows
