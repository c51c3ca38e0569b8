"""A hometown said again with fewer words is the same hometown: "我是潍坊人" after "我老家是山东潍坊的" is a
restatement (a hit), while another city is a new value that supersedes the old one."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from _turn_factory import dated_turns

from memory_core.model import MemoryItem
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings

T0 = datetime(2025, 7, 7, 20, tzinfo=UTC)


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    yield mem
    mem.close()


def _hometowns(memory: Memory, lines: list[str]) -> list[MemoryItem]:
    memory.ingest(dated_turns(lines, T0, timedelta(days=20)))
    return [i for i in memory.store.list_items("u", statuses=("active",)) if i.key == "fact:from"]


@pytest.mark.parametrize(
    ("first", "again"), [("我老家是山东潍坊的", "前面好像说过，我是潍坊人。"), ("我老家在浙江温州", "我是温州人")]
)
def test_the_city_alone_restates_the_hometown(memory: Memory, first: str, again: str) -> None:
    items = _hometowns(memory, [first, again])
    assert len(items) == 1 and items[0].hit == 1, [(i.description, i.hit) for i in items]


def test_another_city_is_a_new_hometown(memory: Memory) -> None:
    items = _hometowns(memory, ["我老家是湖南长沙的", "我是岳阳人"])
    assert [i.description for i in items] == ["用户是岳阳人"]
