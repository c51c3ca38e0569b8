"""A move out of the dorm said by the dorm alone ends the dorm as the home (issue 13, trial 30 W7).

"我住在仙林校区的宿舍" then "在校外租了个单间，终于不用住宿舍了" left the dorm the current home for months: the new
home is named by no place, and "不用住宿舍了" was read by no home cue. The same in English ("moved out of the
dorms", "no more dorm life"). A turn that only mentions the dorm ("今天宿舍停电了") ends nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _memstore import DictStore

from memory_core.model import Turn
from memory_core.pipeline import WritePipeline


def _active_homes(turns: tuple[str, ...]) -> list[str]:
    store, pipeline = DictStore(), WritePipeline()
    for day, text in enumerate(turns, start=1):
        turn = Turn("u1", f"t{day}", "s", "user", text, datetime(2026, 3, day, 8, tzinfo=UTC))
        store.apply("u1", pipeline.plan(turn, store))
    return [i.description for i in store.list_items("u1", statuses=("active",)) if i.key == "fact:lives_in"]


@pytest.mark.parametrize("turns", [
    ("我住在仙林校区的宿舍", "在校外租了个单间，终于不用住宿舍了"),
    ("我住宿舍", "搬出宿舍了，在校外租了个单间"),
    ("I live in the dorms on north campus", "got my own studio off campus, no more dorm life"),
    ("I live in the dorms on north campus", "finally moved out of the dorms, renting a studio now"),
])
def test_the_dorm_is_no_longer_the_home(turns: tuple[str, ...]) -> None:
    homes = _active_homes(turns)
    assert homes and all(("不再" in h or "no longer" in h) for h in homes)


def test_a_mention_of_the_dorm_ends_nothing() -> None:
    assert _active_homes(("我住在仙林校区的宿舍", "今天宿舍停电了")) == ["用户住在仙林校区的宿舍"]
