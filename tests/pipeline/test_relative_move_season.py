"""A move told with the season it was made in ("我妈去年冬天搬到三亚了") moves that person's home, or the user's
(issue 13/14): the season after "去年" is the move's time, and the old home of the same person is ended."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline


def _active(turns: tuple[str, ...], key: str) -> list[str]:
    store, pipeline = DictStore(), WritePipeline()
    for day, text in enumerate(turns, start=1):
        turn = Turn("u1", f"t{day}", "s", "user", text, datetime(2026, 3, day, 8, tzinfo=UTC))
        store.apply("u1", pipeline.plan(turn, store))
    return [i.description for i in store.list_items("u1", statuses=("active",)) if i.key == key]


@pytest.mark.parametrize(("turns", "key", "new", "old"), [
    (("我爸住在大连。", "我爸去年秋天搬到青岛了。"), "fact:dad/lives_in", "青岛", "大连"),
    (("我住在武汉。", "我去年年底搬到了长沙"), "fact:lives_in", "长沙", "武汉"),
])
def test_a_move_with_its_season_moves_the_home(turns: tuple[str, ...], key: str, new: str, old: str) -> None:
    homes = _active(turns, key)
    assert homes and all(new in h and old not in h for h in homes)


def test_a_move_planned_for_a_season_is_no_move() -> None:
    assert _active(("我住在武汉。", "我今年冬天打算搬到长沙"), "fact:lives_in") == ["用户住在武汉"]
