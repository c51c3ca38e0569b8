"""Two secrets in one turn, English and Chinese: each value whole (a mark inside it is part of it) and each
with its thing, in the turn and in the statements the write path keeps (``sensitive_again``, ``split_clauses``)."""

from __future__ import annotations

import pytest

from memory_core.pipeline.extract import split_clauses
from memory_core.pipeline.sensitive import detect


@pytest.mark.parametrize(("text", "expected"), [
    ("my laptop password is hunter2!Q and my email one is Mail#2025",
     [("secret", "hunter2!Q", "computer"), ("secret", "Mail#2025", "email")]),
    ("我的电脑密码是 hunter2!Q，邮箱密码是 Mail#2025",
     [("secret", "hunter2!Q", "computer"), ("secret", "Mail#2025", "email")]),
    ("我的电脑密码是 hunter2!Q，邮箱的是 Mail#2025",
     [("secret", "hunter2!Q", "computer"), ("secret", "Mail#2025", "email")]),
    ("The locker code is 0090, and the bike one is 4411.", [("code", "0090", "locker"), ("code", "4411", "bike")]),
    ("我的柜子密码是 0090，单车的是 4411", [("code", "0090", "locker"), ("code", "4411", "bike")]),
])
def test_each_value_of_a_turn_is_found_whole_with_its_thing(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert [(f.category, f.value, f.thing) for f in detect(text)] == expected


@pytest.mark.parametrize(("text", "values"), [
    ("my password is hunter2 and the other one is fine", ["hunter2"]),
    ("I love my new password manager and the old one is gone", []),
    ("我的密码是 hunter2，别的是一样的", ["hunter2"]),
])
def test_a_later_one_that_is_no_value_is_not_found(text: str, values: list[str]) -> None:
    assert [f.value for f in detect(text)] == values


@pytest.mark.parametrize(("text", "clauses"), [
    ("my laptop password is hunter2!Q and my email one is Mail#2025",
     ["hunter2!Q", "my email password is Mail#2025"]),
    ("我的电脑密码是 hunter2!Q，邮箱密码是 Mail#2025", ["我的电脑密码是 hunter2!Q", "我的邮箱密码是 Mail#2025"]),
])
def test_a_mark_inside_a_value_ends_no_clause_and_the_second_secret_is_the_speakers(text: str,
                                                                                   clauses: list[str]) -> None:
    said = [clause for clause, _ in split_clauses(text)]
    for part in clauses:
        assert any(part in clause for clause in said), (part, said)


def test_a_mark_followed_by_a_space_still_ends_a_sentence() -> None:
    assert [c for c, _ in split_clauses("I moved to Lyon! I love my new flat.")] == \
        ["I moved to Lyon!", "I love my new flat."]
