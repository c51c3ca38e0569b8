"""A pet or thing of the user's that went with another person for good ends the user's item (history kept); another
person minding it for a while, taking it to the vet, or a question changes nothing. English and Chinese."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.handed_on import handed_on, pets_naming

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("text", "thing"), [
    ("He took Pepper with him when he moved out", "Pepper"),
    ("my ex-wife got custody of the dog", "dog"),
    ("My girlfriend kept the cat when we broke up", "cat"),
    ("we rehomed the rabbit with my aunt", "rabbit"),
    ("handed my old car over to my nephew", "car"),
    ("Nala went to live with my grandparents", "Nala"),
    ("猫判给了前夫", "猫"),
    ("球球被前女友带走了", "球球"),
    ("她把狗带走了", "狗"),
    ("兔子给我表妹养了", "兔子"),
])
def test_a_thing_handed_on_is_named(text: str, thing: str) -> None:
    assert any(thing in t for t in handed_on(text)), handed_on(text)


@pytest.mark.parametrize("text", [
    "my neighbour is feeding Pepper while I'm away",
    "She took the dog for a walk",
    "he took Pepper to the groomer when he left work",
    "Pepper lives with me and my partner",
    "should I give the cat to my parents?",
    "my brother has a dog",
    "周末把狗送到我妈那寄养",
    "我妈帮我带两天猫",
    "要不要把猫送给我姐？",
    "我爸把他的车送给我了",
])
def test_a_while_a_question_or_anothers_own_thing_names_nothing(text: str) -> None:
    assert handed_on(text) == []


def test_pets_naming_reads_name_then_kind() -> None:
    rows = [("1", "fact:pet:cat", "User has a cat named Pepper"), ("2", "fact:pet:dog", "User has a dog named Rex"),
            ("3", "fact:pet:cat/sister", "User's sister has a cat named Tom")]
    assert pets_naming(["Pepper"], rows) == ["1"]
    assert pets_naming(["the dog"], rows) == ["2"]
    assert pets_naming(["cats"], rows) == ["1"]
    assert pets_naming(["Biscuit"], rows) == []


@pytest.mark.parametrize(("texts", "gone"), [
    (["I've got a corgi called Waffles", "my ex took Waffles when she moved out"], "Waffles"),
    (["We have a cat named Pepper", "we gave Pepper to our neighbours, my son turned out to be allergic"], "Pepper"),
    (["我养了一只柯基叫团子", "离婚以后团子归她了"], "团子"),
    (["我家有只布偶猫叫奶糖", "搬去北京前把奶糖送给我表姐了"], "奶糖"),
    (["I drive a Toyota Corolla", "gave my Corolla to my brother, I cycle now"], "Corolla"),
])
def test_a_thing_handed_on_ends_the_users_item(tmp_path: Path, texts: list[str], gone: str) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=20)
    assert any(gone in t for _, _, t in rows), rows  # the statement was read, and is kept in the history
    assert not any(gone in t for _, t in active(rows)), active(rows)


@pytest.mark.parametrize(("texts", "stays"), [
    (["I've got a corgi called Waffles", "my mum is looking after Waffles this weekend"], "Waffles"),
    (["我养了一只柯基叫团子", "我老公把团子带去洗澡了"], "团子"),
])
def test_minding_a_pet_ends_nothing(tmp_path: Path, texts: list[str], stays: str) -> None:
    rows = slot_items(tmp_path, texts, start=START, days_apart=20)
    assert any(stays in t for _, t in active(rows)), rows
