"""A death said in Chinese of one named first ("豆豆上个月生病走了") ends that pet and is no fact of the user;
"X死了" said for "extremely X" ("11号线挤死了") is no death."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory


@pytest.mark.parametrize(("owned", "death", "name"), [
    ("我养了一只猫叫豆豆", "豆豆上个月生病走了，才4岁", "豆豆"),
    ("我养了一只狗叫Lucky", "Lucky昨天走了，好难过", "Lucky"),
    ("我养了一只猫叫Mochi", "Mochi 走了，好难过", "Mochi"),  # a space after a Latin name
    ("我养了一只狗，叫Luna，是金毛", "Luna 今天早上走了", "Luna"),  # a time of day before the death
])
def test_a_named_pets_death_ends_the_pet(mem: EmbeddedMemory, owned: str, death: str, name: str) -> None:
    mem.add(owned, user_id="u", timestamp="2025-01-01T10:00:00Z")
    mem.add(death, user_id="u", timestamp="2025-06-01T10:00:00Z")
    items = [dict(i) for i in mem._list("u", None) if i["kind"] != "event"]
    assert all(i["status"] != "active" for i in items if "养" in str(i["description"]) or "一只" in str(
        i["description"])), items
    assert not any(str(i["description"]).startswith((f"用户{name}", f"用户 {name}")) for i in items), items


@pytest.mark.parametrize("text", ["我每天坐地铁上班，11号线挤死了", "今天热死了", "加班到十点，累死了"])
def test_extremely_said_with_si_le_is_no_death_and_no_fact(mem: EmbeddedMemory, text: str) -> None:
    mem.add(text, user_id="u", timestamp="2025-06-01T10:00:00Z")
    facts = [str(i["description"]) for i in mem._list("u", None) if i["kind"] != "event"]
    assert not any("死了" in d for d in facts), facts
