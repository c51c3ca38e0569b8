"""A thing named first and ended after it, with no subject, ends that thing ("coffee? gave it up", "酒戒了")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.model import Turn
from memory_core.pipeline.extract import MechanicalExtractor
from memory_core.pipeline.thing_first import own_quit

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _keys(text: str) -> dict[str, int]:
    turn = Turn("u1", "t1", "s", "user", text, START)
    return {c.key: c.polarity for c in MechanicalExtractor().statements(turn)}


@pytest.mark.parametrize(("text", "said"), [
    ("coffee? gave it up in March", "I quit coffee in March"),
    ("meat — not anymore", "I quit meat"),
    ("cigarettes: quit last year", "I quit cigarettes last year"),
    ("soda... done with it", "I quit soda"),
    ("I love tea. coffee? gave it up", "I love tea. I quit coffee"),
])
def test_thing_first_is_said_as_a_quit(text: str, said: str) -> None:
    assert own_quit(text) == said


@pytest.mark.parametrize("text", ["what? no more", "ok - done with it", "Is coffee bad? not anymore"])
def test_no_thing_named_is_left(text: str) -> None:
    assert own_quit(text) == text


@pytest.mark.parametrize(("text", "key"), [
    ("coffee? gave it up in March", "pref:coffee"),
    ("Metformin? stopped it in May", "fact:medication:metformin"),
    ("cigarettes: quit last year", "fact:smoking"),
    ("酒戒了", "pref:alcohol"),
    ("烟早就不抽了", "fact:smoking"),
    ("二甲双胍不吃了，医生让停的", "fact:medication:metformin"),
    ("奶茶最近也不喝了", "pref:milk tea"),
    ("可乐基本不喝了", "pref:可乐"),
])
def test_thing_first_ends_the_thing(text: str, key: str) -> None:
    assert _keys(text).get(key) == -1


def test_another_persons_quit_is_not_the_users() -> None:
    assert "pref:alcohol" not in _keys("他酒戒了")


def test_a_broken_vow_is_no_quit() -> None:
    assert _keys("没忍住破戒了，又抽了一根。").get("fact:smoking", 1) > 0
