"""A list question shows every member it asks for, even one said in a turn whose curated item says something else.

"I'm a nurse and I went to Peru" yields "User works as a nurse": asked which countries the user has been to,
recall must show the turn (it names Peru), not the job item in its place. A question for one fact still shows
the curated item for its turn, and an item of several turns or one naming a member answers for itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Turn
from memory_core.retrieval.list_question import asked_members
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings
from memory_core.text.tokenize import tokenize

T0 = datetime(2025, 1, 1, 10, tzinfo=UTC)


@pytest.fixture
def lexical(tmp_path: Path) -> Iterator[Memory]:
    """A fresh SQLite-backed ``Memory`` without an embedder."""
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    yield mem
    mem.close()


def _ingest(memory: Memory, lines: list[str]) -> None:
    memory.ingest([Turn(user_id="mo", turn_id=f"t{n}", session_id=f"s{n}", role="user", text=text,
                        timestamp=T0 + timedelta(days=n), speaker="user") for n, text in enumerate(lines)])


def _texts(memory: Memory, query: str, k: int) -> list[str]:
    return [r.item.description for r in memory.recall("mo", query, k=k).results]


EN = ["I'm a nurse and I went to Peru on a volunteer trip.", "The weather has been awful.",
      "Back when I was in college I went to Italy with my roommate.",
      "My husband is Greek, we visited Greece last summer."]
ZH = ["我去年去了日本旅游，东京特别好玩。", "最近工作好忙。", "我大学毕业那年去过泰国。",
      "前几年还去过一趟法国，在巴黎待了一周。"]


@pytest.mark.parametrize(("lines", "query", "members"), [
    (EN, "Which countries have I been to?", ["Peru", "Italy", "Greece"]),
    (EN, "What countries have I visited?", ["Peru", "Italy", "Greece"]),
    (ZH, "我都去过哪些国家？", ["日本", "泰国", "法国"]),
    (ZH, "我去过哪几个国家？", ["日本", "泰国", "法国"]),
])
def test_every_member_of_a_list_is_in_the_top_k(lexical: Memory, lines: list[str], query: str,
                                                 members: list[str]) -> None:
    _ingest(lexical, lines)
    top = " | ".join(_texts(lexical, query, 3))
    for member in members:
        assert member in top, top


@pytest.mark.parametrize(("line", "query", "item"), [
    ("I live in Ohio with my parrot.", "Where do I live?", "User lives in Ohio"),
    ("我住在成都，家里还有一只鹦鹉。", "我住在哪里？", "用户住在成都"),
])
def test_a_question_for_one_fact_keeps_the_curated_item(lexical: Memory, line: str, query: str, item: str) -> None:
    _ingest(lexical, [line])
    assert _texts(lexical, query, 1) == [item]


def test_an_item_naming_a_member_answers_for_itself(lexical: Memory) -> None:
    _ingest(lexical, ["I have a tabby cat named Miso.", "We also adopted a rescue greyhound called Pepper."])
    top = _texts(lexical, "What pets do I have?", 2)
    assert all(not text.startswith("user:") for text in top), top  # the curated items, not their turns
    assert any("Miso" in t for t in top) and any("Pepper" in t for t in top), top


def test_asked_members_only_for_a_list_question() -> None:
    assert "peru" in asked_members("Which countries have I been to?", tokenize("Which countries have I been to?"))
    assert "泰国" in asked_members("我都去过哪些国家？", tokenize("我都去过哪些国家？"))
    assert asked_members("Which country do I live in?", tokenize("Which country do I live in?")) == frozenset()
    assert asked_members("Which books have I read?", tokenize("Which books have I read?")) != frozenset()
