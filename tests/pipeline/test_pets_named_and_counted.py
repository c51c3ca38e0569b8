"""Pets: the kind, the breed and the name said apart ("got a cat! gray tabby, named Pixel", "Beagle, 3 yrs old, named
Rosie"), two named each after its breed ("一只布偶叫奶盖，一只狸花叫可乐"), a rescue that failed ending one of them
("奶盖没救过来"), and another pet got with its kind left out taking the kind of the user's pets
("又抱了一只回来，叫来福", "got another one! named Biscuit"). English and Chinese."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.named_next import name_joined
from memory_core.pipeline.pet_another import kind_left_out

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _facts(tmp_path: Path, texts: list[str]) -> list[str]:
    return [text for _, text in active(slot_items(tmp_path, texts, start=START, days_apart=20))
            if not text.startswith("user:")]


@pytest.mark.parametrize(("text", "joined"), [
    ("got a cat! gray tabby, named Pixel (lol)", "got a cat, gray tabby, named Pixel (lol)"),
    ("We adopted a dog! Beagle, 3 yrs old, named Rosie.", "We adopted a dog, Beagle, 3 yrs old, named Rosie."),
    ("got a cat! My sister has a dog named Rex", "got a cat! My sister has a dog named Rex"),
    ("We got a puppy. The vet named Dr Smith said hi", "We got a puppy. The vet named Dr Smith said hi"),
])
def test_a_fragment_naming_the_pet_joins_the_sentence_that_got_it(text: str, joined: str) -> None:
    assert name_joined(text) == joined


@pytest.mark.parametrize(("text", "name", "kind"), [
    ("got a cat! gray tabby, named Pixel (after the game pixel art lol)", "Pixel", "tabby"),
    ("We adopted a new dog from the shelter! Beagle, 3 yrs old, named Rosie. Linda insisted lol", "Rosie", "Beagle"),
    ("we got a kitten, black and white, called Oreo", "Oreo", "kitten"),
])
def test_the_name_and_breed_said_after_the_pet_are_kept(tmp_path: Path, text: str, name: str, kind: str) -> None:
    facts = _facts(tmp_path, [text])
    assert any(name in f and kind in f for f in facts), facts


@pytest.mark.parametrize(("text", "names"), [
    ("我养了两只猫，一只布偶叫奶盖，一只狸花叫可乐。", ("奶盖", "可乐")),
    ("家里有两条狗，一条柯基叫豆豆，另一条金毛叫旺财", ("豆豆", "旺财")),
])
def test_two_pets_named_each_after_its_breed_keep_both_names(tmp_path: Path, text: str, names: tuple[str, str]) -> None:
    facts = _facts(tmp_path, [text])
    assert any(all(n in f for n in names) for f in facts), facts


def test_a_failed_rescue_ends_that_pet_only(tmp_path: Path) -> None:
    facts = _facts(tmp_path, ["我养了两只猫，一只布偶叫奶盖，一只狸花叫可乐。", "奶盖没救过来，走了。😭"])
    assert any("可乐" in f for f in facts) and not any("奶盖" in f and "可乐" in f for f in facts), facts


@pytest.mark.parametrize(("text", "said"), [
    ("又抱了一只回来，叫来福", "又抱了一只"),
    ("新养了一条，叫旺财", "新养了一条"),
    ("we got another one! named Biscuit", "got another one"),
    ("我妈又抱了一只回来，叫来福", ""),  # another person's
    ("又买了一个，叫小白", ""),  # 个 counts no animal
    ("got another one for the office", ""),  # no name said
])
def test_a_pet_got_with_its_kind_left_out_is_read(text: str, said: str) -> None:
    assert kind_left_out(text) == said


@pytest.mark.parametrize(("texts", "kept"), [
    (["我养了一只猫，叫可乐", "又抱了一只回来，叫来福"], "猫叫来福"),
    (["I have a dog named Rex", "we got another one! named Biscuit"], "dog named Biscuit"),
])
def test_another_pet_takes_the_kind_of_the_users_pets(tmp_path: Path, texts: list[str], kept: str) -> None:
    facts = _facts(tmp_path, texts)
    assert any(kept in f for f in facts), facts
    assert not any(f.startswith("用户又抱了") for f in facts), facts


@pytest.mark.parametrize(("text", "name"), [
    ("we adopted a cat!!! from the Tierheim, a black tomcat, 3 years old, we named him Schrödinger", "Schrödinger"),
    ("Arjun and I got a dog!! an indie puppy, we named her Chai", "Chai"),
    ("we rescued a kitten last week, tiny and grumpy lol, I called her Noodle", "Noodle"),
])
def test_a_pet_named_asides_after_it_was_got_keeps_its_name(tmp_path: Path, text: str, name: str) -> None:
    facts = _facts(tmp_path, [text])
    assert any(f"named {name}" in f for f in facts), facts


@pytest.mark.parametrize("text", [
    "we got a dog last spring, my sister named him Chai",  # another person's naming
    "adopted a cat from the shelter, should we name him Toby?",  # a question, no name given
    "I adopted a cat, and my neighbour got a parrot, she named it Kiwi",  # a second getting between
])
def test_a_name_after_another_person_or_a_question_is_not_the_pets(text: str) -> None:
    assert name_joined(text) == text
