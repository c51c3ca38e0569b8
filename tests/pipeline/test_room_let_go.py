"""A room let go for a dorm or the parents' home (issue 13): the new place is where the user lives or whom with.

"开学搬回宿舍了，单间退了": a term word before the move leaves the move the speaker's, so the dorm supersedes the
rented room; "gave up the studio, moving back in with my parents": the user lives with their parents.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items


@pytest.mark.parametrize(("texts", "old", "new"), [
    (["我在五道口租了个单间住", "开学搬回宿舍了，单间退了"], "五道口", "宿舍"),
    (["我住在学校外面的公寓", "毕业后搬回老家了"], "公寓", "老家"),
])
def test_a_move_after_a_term_word_is_the_speakers(texts: list[str], old: str, new: str) -> None:
    items = planned_items(texts, timedelta(days=30))
    assert any(s == "superseded" and old in d for s, _, d in items), items
    assert any(s == "active" and k == "fact:lives_in" and new in d for s, k, d in items), items


@pytest.mark.parametrize(("text", "who"), [
    ("gave up the studio, moving back in with my parents", "parents"),
    ("I moved back in with my mum after the breakup", "mom"),
    ("my lease ended so I'm moving back in with my dad", "dad"),
])
def test_moving_back_in_with_a_parent_is_whom_one_lives_with(text: str, who: str) -> None:
    items = planned_items(["I rent a studio in Queens", text], timedelta(days=30))
    assert any(s == "active" and k == f"fact:lives_with:{who}" for s, k, _ in items), items


def test_a_parent_moving_in_is_still_theirs() -> None:
    items = planned_items(["My mom moved back in with her sister"], timedelta(days=1))
    assert not any(k.startswith("fact:lives_with") for _, k, _ in items), items
