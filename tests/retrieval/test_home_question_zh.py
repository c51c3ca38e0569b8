"""A Chinese where-do-I-live question said with 住 alone ("她现在住哪里？") asks the home's words too
(memory_core/retrieval/idioms.py): a raw turn beside one saying "我们终于住一起了" ranked above the home."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Turn
from memory_core.retrieval.idioms import plain_query
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings

T0 = datetime(2026, 6, 1, 20, tzinfo=UTC)
TURNS = ["I live in Xuhui now, the apartment is tiny but cute", "我妈妈住在成都，她下个月来看我",
         "陈默也搬来上海了！我们终于住一起了", "I stopped running, my knee hurts", "酒戒了，最近体检肝指标不太好"]


@pytest.fixture
def lexical(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    mem.ingest([Turn("ann", f"t{n}", f"s{n}", "user", text, T0 + timedelta(days=n)) for n, text in enumerate(TURNS)])
    yield mem
    mem.close()


@pytest.mark.parametrize("question", ["她现在住哪里？", "我住在哪？", "我住哪儿？", "她住在什么地方？"])
def test_a_home_question_said_with_zhu_finds_the_home_first(lexical: Memory, question: str) -> None:
    top = [r.item.description for r in lexical.recall("ann", question, k=3).results]
    assert top and "Xuhui" in top[0], top


def test_a_relatives_home_question_finds_theirs_first(lexical: Memory) -> None:
    top = [r.item.description for r in lexical.recall("ann", "我妈住哪？", k=3).results]
    assert top and "成都" in top[0], top


@pytest.mark.parametrize(("question", "asks_home"), [
    ("我住哪？", True), ("她现在住在哪里", True),
    ("我这几天住哪？", False), ("我出差住哪个酒店？", False),  # a stay, left to the whereabouts questions
    ("我住得开心吗？", False),
])
def test_only_a_question_of_where_one_lives_asks_the_homes_words(question: str, asks_home: bool) -> None:
    assert ("住址 城市 家 live home city" in plain_query(question)) is asks_home
