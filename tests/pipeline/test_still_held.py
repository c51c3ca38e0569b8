"""A thing the user still has, said again with "still" / 还是, is a hit on its statement, not a second item or an
edit (issue 13 §3)."""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.pipeline.still_held import still_thing


def _items(mem: EmbeddedMemory) -> list[dict[str, object]]:
    return [i for i in mem._list("u", None) if i["kind"] != "event" and i["status"] == "active"]


@pytest.mark.parametrize(("first", "then", "name"), [
    ("I drive a 2015 Toyota Corolla.", "Still driving my Corolla, it just hit 200k km.", "Corolla"),
    ("我开的是一辆丰田卡罗拉。", "还是开那辆卡罗拉，跑了二十万公里了。", "卡罗拉"),
    ("我用的手机是iPhone 12。", "我还在用那台iPhone 12，电池不太行了。", "iPhone"),
    ("I have a ThinkPad X1 for work.", "I'm still using my old ThinkPad, it refuses to die.", "ThinkPad"),
])
def test_a_thing_still_held_is_a_hit(mem: EmbeddedMemory, first: str, then: str, name: str) -> None:
    mem.add(first, user_id="u", timestamp="2025-01-10T10:00:00Z")
    said = [str(i["description"]) for i in _items(mem)]
    mem.add(then, user_id="u", timestamp="2025-08-10T10:00:00Z")
    naming = [i for i in _items(mem) if name in str(i["description"])]
    assert len(naming) == 1, naming
    assert naming[0]["description"] in said and int(str(naming[0]["hit"])) >= 1, naming


@pytest.mark.parametrize(("text", "thing"), [
    ("Still driving my Corolla, it just hit 200k km.", "Corolla"),
    ("I still have my old Nokia lol", "Nokia"),
    ("还是开那辆卡罗拉，跑了二十万公里了。", "卡罗拉"),
    ("还是用着那台MacBook", "MacBook"),
    ("still using the same phone", ""),
    ("我还是在上海工作", ""),
    ("I drive a Corolla.", ""),
])
def test_still_thing_reads_the_thing_named_after_still(text: str, thing: str) -> None:
    assert still_thing(text) == thing


@pytest.mark.parametrize(("first", "then", "new"), [
    ("I have an iPhone 12.", "Still using an iPhone but upgraded to the iPhone 15 Pro last week.", "15"),
    ("我用的手机是华为P40。", "还是用华为，不过换成了Mate 60。", "Mate"),
])
def test_a_change_beside_still_is_kept(mem: EmbeddedMemory, first: str, then: str, new: str) -> None:
    mem.add(first, user_id="u", timestamp="2025-01-10T10:00:00Z")
    mem.add(then, user_id="u", timestamp="2025-08-10T10:00:00Z")
    assert any(new in str(i["description"]) for i in _items(mem)), _items(mem)
