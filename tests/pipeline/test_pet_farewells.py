"""A pet's death said the everyday way ends the pet: a name after "sadly"/"unfortunately", a farewell ("RIP
Nibbles"), as "died" and 走了 already do; a pet said to be ill stays. English and Chinese."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("texts", "name"), [
    (["I have a cat called Mochi.", "Sadly Mochi passed away last month."], "Mochi"),
    (["We have a hamster named Nibbles.", "RIP Nibbles, he was the best boy."], "Nibbles"),
    (["I have a dog named Rex.", "Unfortunately, Rex died on Sunday."], "Rex"),
    (["我养了一只猫叫豆豆。", "豆豆上个月走了。"], "豆豆"),
])
def test_a_pets_death_ends_the_pet(tmp_path: Path, texts: list[str], name: str) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=3)
    pets = [(state, text) for state, key, text in rows if key.startswith("fact:pet")]
    assert pets and all(state != "active" for state, _ in pets), rows


@pytest.mark.parametrize("texts", [
    ["I have a cat named Luna.", "Sadly Luna is sick this week."],
    ["我养了一只狗叫旺财。", "旺财这两天生病了。"],
])
def test_a_sick_pet_stays(tmp_path: Path, texts: list[str]) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=3)
    assert any(state == "active" and key.startswith("fact:pet") for state, key, _ in rows), rows
