"""A question naming another person asks about them, even when what was said of them stayed a raw turn.

The user's own slot item of the asked attribute ("用户住在成都高新区") is curated and shares the question's
words, so it ranked above the turn that says the parents' home ("我爸妈住在重庆，退休了"); a question naming
the parents (in either language) now brings that turn first, and a question about the user keeps the
user's own item first (retrieval/own_slot.named_person_factors).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Turn
from memory_core.service import Memory, open_memory
from memory_core.settings import load_settings

T0 = datetime(2026, 3, 1, tzinfo=UTC)


@pytest.fixture
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(load_settings(database_url=f"sqlite:///{tmp_path / 'm.sqlite3'}", embedder="none"))
    yield mem
    mem.close()


def _said(mem: Memory, *texts: str) -> None:
    mem.ingest([Turn("u", f"t{n}", "s1", "user", text, T0 + timedelta(days=n)) for n, text in enumerate(texts)])


def _first(mem: Memory, query: str) -> str:
    found = mem.recall("u", query, k=1).results
    return found[0].item.description if found else ""


def test_a_question_naming_the_parents_brings_the_turn_about_them_first(memory: Memory):
    _said(memory, "我住在成都高新区", "我爸妈住在重庆，退休了")
    for query in ("Where do her parents live?", "我爸妈住在哪？", "她父母住哪个城市？"):
        assert "重庆" in _first(memory, query), query
    for query in ("她住在哪？", "Where do I live?"):
        assert "成都" in _first(memory, query), query


def test_a_question_naming_the_landlord_brings_the_landlord_first(memory: Memory):
    _said(memory, "I'm a data analyst at a logistics company", "our landlord is a retired firefighter, super chill guy")
    for query in ("房东是干什么的？", "What does her landlord do for a living?"):
        assert "landlord" in _first(memory, query), query
    assert "analyst" in _first(memory, "What's my job?")
