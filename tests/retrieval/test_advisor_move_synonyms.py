"""Words the dictionary glosses with several heads (导师, 搬家) reach the other language through the shipped
synonym groups: an English question finds the Chinese memory without an embedder."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Turn
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings
from memory_core.text.synonyms import synonym_aliases

T0 = datetime(2025, 3, 2, 9, tzinfo=UTC)


@pytest.mark.parametrize(("term", "other"),
                         [("advisor", "导师"), ("导师", "advisor"), ("move", "搬家"), ("搬", "move")])
def test_the_group_links_both_languages(term: str, other: str) -> None:
    assert (other,) in synonym_aliases()[term]


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    yield mem
    mem.close()


def test_an_english_question_finds_the_chinese_advisor(memory: Memory) -> None:
    lines = ["我导师是王老师，做机器人的，人很好", "周末去爬山了", "换导师了，新导师是刘老师，做语音识别"]
    memory.ingest([Turn(user_id="u", turn_id=f"t{n}", session_id=f"s{n}", role="user", text=text,
                        timestamp=T0 + timedelta(days=10 * n)) for n, text in enumerate(lines)])
    found = [r.item.description for r in memory.recall("u", "who is my advisor now?", k=5).results]
    assert found and "刘老师" in found[0], found
