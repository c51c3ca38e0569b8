"""A move said with "in the end" (最后 / 最终) before the verb is a move like any other.

"最后还是搬去了成都" after "我住在杭州": the home is 成都 and 杭州 is history. The subject dropped after
最后 is the speaker's, as after 后来 or 终于. "最后一天" (the last day) is no adverb of a move.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items


@pytest.mark.parametrize("moved", [
    "最后还是搬去了成都，新家在高新区，离公司很近。",
    "最后搬到了成都。",
    "最终搬到了成都。",
    "我最终定居在成都。",
    "我最后还是搬到了成都。",
])
def test_a_move_said_in_the_end_supersedes_the_home(moved: str) -> None:
    items = planned_items(["我住在杭州。", moved], timedelta(days=120))
    active = [d for s, _, d in items if s == "active"]
    assert any("成都" in d and "杭州" not in d for d in active), items
    assert any(s == "superseded" and "杭州" in d for s, _, d in items), items


def test_the_last_day_is_no_move() -> None:
    items = planned_items(["我住在杭州。", "最后一天在杭州住，明天去机场。"], timedelta(days=3))
    assert not any(s == "superseded" for s, _, _ in items), items
