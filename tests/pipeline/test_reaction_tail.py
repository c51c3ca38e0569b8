"""A reaction emoji closing a clause is not stored in the item ("User is Lin", not "User is Lin 👋"); an emoji of
a thing or one that is the predicate stays."""

from __future__ import annotations

import pytest

from memory_core.pipeline.reaction_tail import without_reaction_tail
from memory_core.pipeline.third_person import third_person


@pytest.mark.parametrize(("text", "cut"), [
    ("I'm Lin 👋", "I'm Lin"),
    ("my name's Ana 😄", "my name's Ana"),
    ("我叫小林 😊✨", "我叫小林"),
    ("I love 🍣", "I love 🍣"),
    ("the camera is 🔥", "the camera is 🔥"),
    ("👍", "👍"),
    ("I live in Leeds", "I live in Leeds"),
])
def test_without_reaction_tail(text: str, cut: str) -> None:
    assert without_reaction_tail(text) == cut


def test_third_person_is_clean() -> None:
    assert third_person("I'm Marco 🙂", "User", "en") == "User is Marco"
    assert third_person("my name's Ana 😄", "User", "en") == "User's name is Ana"
