"""A value taken back within the turn that said it is stored right (issue 13).

"My favourite colour is green. Wait no, I meant blue": the colour stored is blue and no "User meant blue" is made;
我喜欢喝美式咖啡，不对，我是说拿铁: the like is of 拿铁. "I mean" that only stresses changes nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline


def _active(text: str) -> list[tuple[str, str]]:
    """(key, description) of the active statements one user turn leaves."""
    store, pipeline = DictStore(), WritePipeline()
    turn = Turn("u1", "t1", "s", "user", text, datetime(2026, 3, 1, 8, tzinfo=UTC))
    store.apply("u1", pipeline.plan(turn, store))
    return [(str(i.key), i.description) for i in store.list_items("u1") if i.kind != "event"]


@pytest.mark.parametrize(("text", "right", "wrong"), [
    ("My favourite colour is green. Wait no, I meant blue, green is Clara's.", "blue", "green"),
    ("我喜欢喝美式咖啡，不对，我是说拿铁，美式太苦了。", "拿铁", "美式"),
    ("我养了一只猫，说错了，是一只狗，叫旺财。", "狗", "猫"),
])
def test_the_value_taken_back_is_replaced_and_the_cue_makes_no_item(text: str, right: str, wrong: str) -> None:
    active = _active(text)
    assert any(right in d for _, d in active), active
    assert not any(wrong in d for _, d in active), active
    assert not any(w in d.casefold() for _, d in active for w in ("meant", "是说")), active


def test_the_like_of_the_right_object_has_its_own_key() -> None:
    assert ("pref:拿铁", "用户喝拿铁") in _active("我喜欢喝美式咖啡，不对，我是说拿铁，美式太苦了。")


@pytest.mark.parametrize(("text", "kept"), [
    ("I like green tea, I mean, I really love it.", "green tea"),
    ("我喜欢喝拿铁，不对，是特别喜欢。", "拿铁"),
])
def test_a_cue_that_only_stresses_changes_nothing(text: str, kept: str) -> None:
    active = _active(text)
    assert any(kept in d for _, d in active), active


def test_the_right_value_is_stored_as_said() -> None:
    assert ("fact:lives_in", "User lives in Boston") in _active("I live in Austin, I mean Boston.")
