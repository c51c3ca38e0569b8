"""The same home said again with more or fewer words is a hit that keeps its start (issue 13, trial 30 W7).

"搬到上海了！住在徐汇" stores "用户住在上海，住在徐汇"; "我现在住在上海徐汇" weeks later names the same home as one run:
it must count a hit on the item and leave its ``valid_from`` (the move's day), not supersede it with itself.
A district of the same city not named before ("上海浦东") is a move as before.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline


def _homes(turns: list[str]) -> list[tuple[str, datetime | None, int]]:
    store, pipeline = DictStore(), WritePipeline()
    for day, text in enumerate(turns, start=1):
        turn = Turn("u1", f"t{day}", "s", "user", text, datetime(2026, 3, day, 8, tzinfo=UTC))
        store.apply("u1", pipeline.plan(turn, store))
    return [(i.description, i.valid_from, i.hit) for i in store.list_items("u1", statuses=("active",))
            if i.key == "fact:lives_in"]


@pytest.mark.parametrize("turns", [
    ["搬到上海了！住在徐汇", "我现在住在上海徐汇，养了只猫叫馒头"],
    ["我现在住在上海徐汇", "搬到上海了，住在徐汇"],
    ["我现在住在上海徐汇", "我住在上海"],
])
def test_the_same_home_said_again_is_a_hit(turns: list[str]) -> None:
    homes = _homes(turns)
    assert len(homes) == 1
    _, since, hits = homes[0]
    assert since is not None and since.day == 1 and hits == 1


def test_another_district_is_a_move() -> None:
    homes = _homes(["搬到上海了！住在徐汇", "搬到上海浦东了"])
    assert [text for text, _, _ in homes] == ["用户住在上海浦东"]
