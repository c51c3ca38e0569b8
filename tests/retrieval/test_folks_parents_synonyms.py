""" "My folks" are the user's parents: the shipped synonym group links folks, parents and 父母 / 爸妈, so a
question naming the parents finds a memory that said "folks", in either language, without an embedder."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Turn
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings
from memory_core.text.synonyms import synonym_aliases

T0 = datetime(2025, 10, 2, 9, tzinfo=UTC)


@pytest.mark.parametrize(("term", "other"), [("folk", "parent"), ("parent", "folk"), ("父母", "folk")])
def test_the_group_links_folks_and_parents(term: str, other: str) -> None:
    # keys and aliases are the stemmed forms the BM25 index holds
    assert (other,) in synonym_aliases()[term]


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    yield mem
    mem.close()


def _say(memory: Memory, lines: list[str]) -> None:
    memory.ingest(
        [
            Turn(
                user_id="u",
                turn_id=f"t{n}",
                session_id=f"s{n}",
                role="user",
                text=text,
                timestamp=T0 + timedelta(days=n),
            )
            for n, text in enumerate(lines)
        ]
    )


@pytest.mark.parametrize("query", ["Where do my parents live?", "我父母住在哪里？"])
def test_a_question_about_the_parents_finds_the_folks(memory: Memory, query: str) -> None:
    _say(memory, ["Mum rang again, my folks are still back in Cork", "what's a good pasta for a weeknight?"])
    found = [r.item.description for r in memory.recall("u", query, k=5).results]
    assert found and "Cork" in found[0], found
