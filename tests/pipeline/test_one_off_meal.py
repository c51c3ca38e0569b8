"""A meal eaten once is an episode, not a like (``pipeline.one_off_meal``)."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory


def _likes(mem: EmbeddedMemory) -> list[str]:
    return [str(i["description"]) for i in mem._list("u", None) if i["kind"] == "preference"]


@pytest.mark.parametrize("text", ["国庆回成都看我妈了，吃了好多火锅", "昨晚和同事聚餐，喝了好多啤酒",
                                  "今天晚上吃了沙茶面，味道一般。"])
def test_a_meal_eaten_once_is_no_like(mem: EmbeddedMemory, text: str) -> None:
    mem.add(text, user_id="u", timestamp="2025-10-05T12:00:00Z")
    assert _likes(mem) == []


@pytest.mark.parametrize(("text", "thing"), [("周末吃了火锅，我现在每周都要吃一次火锅", "火锅"),
                                             ("我每天都吃火锅", "火锅")])
def test_a_meal_said_as_a_habit_is_a_like(mem: EmbeddedMemory, text: str, thing: str) -> None:
    mem.add(text, user_id="u", timestamp="2025-10-05T12:00:00Z")
    assert any(thing in d for d in _likes(mem)), _likes(mem)
