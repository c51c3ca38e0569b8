"""A correction said as the whole statement again replaces the wrong one, with no blend (issue 13).

"oops I meant I take the subway to work" after "I drive to work": the commute is the subway, the car is
superseded, and no item says "take subway to work by car".
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _memstore import planned_items


def _items(texts: list[str]) -> list[tuple[str, str, str]]:
    """(status, key, description) of the facts ``texts`` leave, said a minute apart."""
    return planned_items(texts, timedelta(minutes=1), start=datetime(2026, 3, 1, 8, tzinfo=UTC))


@pytest.mark.parametrize(("first", "again", "right", "wrong"), [
    ("I drive to work.", "oops, I meant I take the train to work", "by train", "car"),
    ("I walk to work most days.", "my bad, I meant I cycle to work", "by bike", "foot"),
    ("我每天开车去公司", "说错了，我是骑车上班的", "骑车上班", "开车"),
    ("我坐地铁上班", "不对，我是打车上班", "打车上班", "地铁"),
])
def test_the_statement_said_again_is_current_and_the_wrong_one_ends(first: str, again: str, right: str,
                                                                     wrong: str) -> None:
    items = _items([first, again])
    active = [d for s, k, d in items if s == "active" and k == "fact:commute"]
    assert len(active) == 1 and right in active[0] and wrong not in active[0], items
    assert any(s == "superseded" and wrong in d for s, k, d in items if k == "fact:commute"), items


@pytest.mark.parametrize("texts", [
    ["I drive to work.", "I mean, I drive to work every single day"],
    ["我开车上班", "不对，我是说周末也开车"],
])
def test_a_cue_without_another_value_of_the_slot_changes_nothing(texts: list[str]) -> None:
    items = _items(texts)
    assert not any(s == "superseded" for s, k, _ in items if k == "fact:commute"), items
