"""A health condition said again by its adjective ("I'm asthmatic", "I'm a type two diabetic", "I'm coeliac") is
the condition's own item, hit again, never a second item; a relative's adjective is the relative's."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("texts", "word"), [
    (["I have asthma", "I'm an asthmatic, so the gym air con matters"], "asthma"),
    (["I have type 2 diabetes", "I'm a type two diabetic"], "diabet"),
    (["I have celiac disease", "I'm coeliac, gluten makes me ill"], "eliac"),
    (["I have diabetes", "I'm diabetic, remember"], "diabet"),
])
def test_the_adjective_restates_the_condition(tmp_path: Path, texts: list[str], word: str) -> None:
    rows = [(k, t) for k, t in active(slot_items(tmp_path, texts, start=START, days_apart=20))
            if word in t.casefold()]
    assert len(rows) == 1, rows


def test_a_relatives_adjective_is_theirs(tmp_path: Path) -> None:
    rows = active(slot_items(tmp_path, ["I have asthma", "my daughter is asthmatic as well"], start=START,
                             days_apart=20))
    assert [t for k, t in rows if k.startswith("fact:health")] == ["User has asthma"], rows
