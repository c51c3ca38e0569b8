"""Meat said as a need after a diet's end is the new diet, not an item of its own (data/slots.yaml, diet)."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory


@pytest.mark.parametrize("said", ["我不吃素了，还是要吃肉", "我不吃素了，还是得吃点肉"])
def test_a_need_of_meat_after_the_end_is_one_diet(mem: EmbeddedMemory, said: str) -> None:
    mem.add("我吃素三年了。", user_id="u", timestamp="2025-01-01T10:00:00Z")
    mem.add(said, user_id="u", timestamp="2025-06-01T10:00:00Z")
    items = [dict(i) for i in mem._list("u", None) if i["kind"] != "event"]
    active = [str(i["description"]) for i in items if i["status"] == "active"]
    assert active == ["用户吃肉"], active
    assert any(i["status"] == "superseded" and "素食" in str(i["description"]) for i in items), items


def test_meat_in_a_dish_name_is_no_diet(mem: EmbeddedMemory) -> None:
    mem.add("我还是吃肉包子", user_id="u", timestamp="2025-06-01T10:00:00Z")
    assert not any(str(i["key"]).startswith("fact:diet") for i in mem._list("u", None)), list(mem._list("u", None))
