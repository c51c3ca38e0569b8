"""A raw turn the question found is not replaced by a curated item made from it that holds none of the question's
words (``diverse.Diverse._off_question``): "民宿的手续办下来了！…名字叫“乌云的蒙古包”" made "用户的闺女目前大三",
which stood in its place for "老周的民宿叫什么？" (new-user trial 38)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Turn
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings

T0 = datetime(2025, 3, 1, 9, tzinfo=UTC)


@pytest.fixture
def lexical(tmp_path: Path) -> Iterator[Memory]:
    """A fresh SQLite-backed ``Memory`` without an embedder."""
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    yield mem
    mem.close()


def _top(memory: Memory, lines: list[str], query: str, k: int = 3) -> str:
    memory.ingest([Turn(user_id="oq", turn_id=f"t{n}", session_id=f"s{n}", role="user", text=text,
                        timestamp=T0 + timedelta(days=n), speaker="user") for n, text in enumerate(lines)])
    return " | ".join(r.item.description for r in memory.recall("oq", query, k=k).results)


def test_a_turn_is_not_replaced_by_an_item_holding_none_of_the_question_words(lexical: Memory) -> None:
    lines = ["俺闺女在北京上大学，大三了", "民宿的手续办下来了！营业执照拿到了，名字叫“乌云的蒙古包”，闺女也高兴",
             "今天放羊去了"]
    assert "乌云的蒙古包" in _top(lexical, lines, "民宿叫什么名字？")
