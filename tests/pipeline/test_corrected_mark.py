"""A value the user corrected as a mistake is superseded and marked corrected (issue 13: "I meant Hangzhou, not
Suzhou. typo"); a real change of the same slot is superseded unmarked. The mark survives the SQL store."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from _memstore import DictStore

from memory_core.correction_mark import CORRECTED_META, was_corrected
from memory_core.model import Turn
from memory_core.pipeline.pipeline import WritePipeline
from memory_core.service import open_memory
from memory_core.settings import Settings

START = datetime(2026, 2, 1, tzinfo=UTC)


def _said(turns: list[tuple[int, str]]) -> dict[str, tuple[str, bool]]:
    """{description: (status, marked corrected)} of the non-event items ``turns`` (day, text) leave, in the
    order given (arrival order; the day dates each turn)."""
    store, pipeline = DictStore(), WritePipeline()
    for n, (day, text) in enumerate(turns):
        store.apply("u1", pipeline.plan(Turn("u1", f"t{n}", "s", "user", text, START + timedelta(days=day)), store))
    return {i.description: (str(i.status), was_corrected(i)) for i in store.list_items("u1", statuses=None)
            if i.kind != "event"}


@pytest.mark.parametrize(("turns", "wrong", "right"), [
    # the next turn corrects it
    ([(0, "I live in Shanghai."), (1, "first night in the new apartment in Suzhou 🏠"),
      (2, "actually I meant Hangzhou, not Suzhou. typo 🤦")], "User lives in Suzhou", "User lives in Hangzhou"),
    ([(0, "I live in Leeds."), (1, "I just moved to York."), (2, "sorry, not York, it was Bristol.")],
     "User lives in York", "User lives in Bristol"),
    ([(0, "我住在上海。"), (1, "搬到苏州了！新公寓的第一晚 🏠"), (2, "说错了，是杭州，不是苏州，打错了🤦")],
     "用户住在苏州", "用户住在杭州"),
    ([(0, "我住在上海。"), (1, "我搬到苏州了"), (2, "不是苏州是杭州，打错了")], "用户住在苏州", "用户住在杭州"),
    # a later turn, with other talk between
    ([(0, "I live in Shanghai."), (1, "I just moved to Suzhou."), (2, "I had noodles for lunch."),
      (5, "oops, I meant Hangzhou, not Suzhou")], "User lives in Suzhou", "User lives in Hangzhou"),
    ([(0, "我住在上海。"), (1, "我搬到苏州了"), (2, "今天中午吃了面条"), (5, "之前说错了，是杭州不是苏州")],
     "用户住在苏州", "用户住在杭州"),
])
def test_a_corrected_value_is_superseded_and_marked(turns: list[tuple[int, str]], wrong: str, right: str) -> None:
    items = _said(turns)
    assert items[wrong] == ("superseded", True), items
    assert items[right] == ("active", False), items
    assert not any(marked for d, (_, marked) in items.items() if d != wrong), items  # the real former home is not


@pytest.mark.parametrize("turns", [
    [(0, "I live in Shanghai."), (1, "I moved to Suzhou."), (2, "I moved to Hangzhou.")],
    [(0, "我住在上海。"), (1, "我搬到苏州了"), (2, "我又搬到杭州了")],
])
def test_a_real_move_is_superseded_unmarked(turns: list[tuple[int, str]]) -> None:
    items = _said(turns)
    assert sorted(s for s, _ in items.values()) == ["active", "superseded", "superseded"], items
    assert not any(marked for _, marked in items.values()), items


def test_the_mark_survives_the_sql_store(tmp_path: Path) -> None:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3"))
    try:
        mem.ingest([Turn("u", f"t{n}", "s", "user", text, START + timedelta(days=n)) for n, text in
                    enumerate(["I live in Shanghai.", "I just moved to Suzhou.", "I meant Hangzhou, not Suzhou"])])
        items = {i.description: i for i in mem.store.list_items("u", statuses=None)}
    finally:
        mem.close()
    assert items["User lives in Suzhou"].meta.get(CORRECTED_META) == "true"
    assert CORRECTED_META not in items["User lives in Shanghai"].meta
