""""no, I said I work at REI, not Target" is the user's statement said again: the value is kept, the wrong one out."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.pipeline.said_meant import said_plainly

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("text", "read"), [
    ("no, I said I work at REI, not Target", "no, I work at REI, not Target"),
    ("I meant I live in Leeds", "I live in Leeds"),
    ("what I said was I'm vegetarian", "I'm vegetarian"),
    ("nope, I told you I don't eat pork", "nope, I don't eat pork"),
])
def test_the_opener_is_read_past(text: str, read: str) -> None:
    assert said_plainly(text) == read


@pytest.mark.parametrize("text", ["I said I'd call her", "she said I work too much", "I said hi to Tom"])
def test_a_promise_or_someone_else_saying_stays_as_written(text: str) -> None:
    assert said_plainly(text) == text


@pytest.mark.parametrize("texts", [
    ["I live in Denver", "no, I said I work at REI, not Target"],
    ["I work at Target", "no, I said I work at REI, not Target"],
])
def test_the_corrected_employer_is_the_current_one(tmp_path: Path, texts: list[str]) -> None:
    rows = active(slot_items(tmp_path, texts, start=START, days_apart=30))
    works = [d for k, d in rows if k.startswith("fact:works_at")]
    assert works and all("REI" in d and "Target" not in d for d in works), rows
