"""A couple's anniversary is a fact of its own, one value at a time, said as such ("our anniversary is June
14th", "我们的结婚纪念日是6月14号") or after its date ("June 14, that's our anniversary"); a plan that
merely mentions an anniversary is no date of it."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from _turn_factory import dated_turns

from memory_core.service import Memory, open_memory
from memory_core.settings import Settings

T0 = datetime(2026, 4, 1, 20, tzinfo=UTC)


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    yield mem
    mem.close()


def _facts(memory: Memory, lines: list[str]) -> list[str]:
    memory.ingest(dated_turns(lines, T0, timedelta(days=10)))
    return [i.description for i in memory.store.list_items("u", statuses=("active",)) if i.key == "fact:anniversary"]


@pytest.mark.parametrize(
    ("line", "date"),
    [
        ("Our wedding anniversary is June 14th. 8 years this year!", "June 14th"),
        ("Our anniversary's on the 2nd of March", "the 2nd of March"),
        ("Booked a table for the 2nd of March, that's our anniversary", "the 2nd of March"),
        ("我们的结婚纪念日是6月14号，今年第八年了", "6月14号"),
        ("我和老公的纪念日是10月3号", "10月3号"),
    ],
)
def test_the_anniversary_is_stored_with_its_date(memory: Memory, line: str, date: str) -> None:
    facts = _facts(memory, [line])
    assert len(facts) == 1 and date in facts[0], facts


def test_a_new_date_replaces_the_old_one(memory: Memory) -> None:
    facts = _facts(memory, ["Our anniversary is June 14th", "Sorry, I mixed it up: our anniversary is June 15th"])
    assert len(facts) == 1 and "June 15th" in facts[0], facts


@pytest.mark.parametrize("line", ["What should I get my wife for our anniversary?", "我们纪念日去哪吃饭好？"])
def test_a_question_about_the_anniversary_stores_no_date(memory: Memory, line: str) -> None:
    assert _facts(memory, [line]) == []
