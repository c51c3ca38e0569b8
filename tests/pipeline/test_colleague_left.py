"""A named person the user works with who leaves ("Dev left for Stripe", "老王离职去字节了") ends the statement of
their role with the user, kept as history; a person under no tie of work, or the user's own leaving, ends nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import slot_items

from memory_core.pipeline.colleague_left import left_names

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("turns", "name"), [
    (["my cofounder Dev is CTO, we met at CMU", "Dev told me he's leaving. he's burnt out and going to Stripe"], "Dev"),
    (["my cofounder Dev is CTO, we met at CMU", "Dev left for Stripe last week"], "Dev"),
    (["我同事老王在我们组做后端", "老王离职去字节了"], "老王"),
])
def test_the_role_ends(tmp_path: Path, turns: list[str], name: str) -> None:
    rows = slot_items(tmp_path, turns, start=START, days_apart=30)
    assert not any(state == "active" and name in text and "离职" not in text and "left" not in text
                   for state, k, text in rows if not k.startswith("event:")), rows  # only the leaving may hold
    assert any(state == "superseded" and name in text for state, _, text in rows), rows


@pytest.mark.parametrize("turns", [
    ["my friend Dev lives in Boston", "Dev left for Paris"],
    ["my cofounder Dev is CTO", "I told Dev I'm leaving early today"],
    ["my cofounder Dev is CTO", "Dev left a comment on the doc"],
])
def test_nothing_ends(tmp_path: Path, turns: list[str]) -> None:
    rows = slot_items(tmp_path, turns, start=START, days_apart=30)
    assert any(state == "active" and "Dev" in text for state, k, text in rows if not k.startswith("event:")), rows


def test_left_names() -> None:
    assert left_names("my boss Sarah quit last week") == ["Sarah"]
    assert left_names("小李辞职了") == ["小李"]
    assert left_names("我离职了") == []
    assert left_names("Dev left me a voicemail") == []
