"""A Chinese clause whose verb has no object of its own stores no fact; a clause with one still does."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.model import Turn
from memory_core.pipeline.extract import MechanicalExtractor
from memory_core.pipeline.objectless import objectless


@pytest.mark.parametrize(("clause", "fragment"), [
    ("我用了三年了", True), ("我周末骑", True), ("我每周去两次", True), ("我养了两年了", True),
    ("我每天游泳", False), ("我每天喝咖啡", False), ("我周末骑车去公园", False), ("我不用了", False),
    ("我住在杭州", False), ("我在字节三年了", False), ("我是周一", False),
])
def test_objectless(clause: str, fragment: bool) -> None:
    assert objectless(clause) is fragment


@pytest.mark.parametrize(("text", "kept", "dropped"), [
    ("我用的是华为手机，用了三年了", "华为", "用户用了三年了"),
    ("我有一辆自行车，捷安特的，周末骑", "自行车", "用户周末骑"),
])
def test_trailing_fragment_is_no_fact(text: str, kept: str, dropped: str) -> None:
    turn = Turn(user_id="u", turn_id="t1", session_id="s", role="user", text=text,
                timestamp=datetime(2026, 3, 1, tzinfo=UTC))
    facts = [c.description for c in MechanicalExtractor().extract(turn) if not c.is_event and not c.restate_only]
    assert any(kept in f for f in facts)
    assert dropped not in facts
