"""A health value masked in an item's text is masked in its key too, also when the key names it by its object's
id in the other language (我每天吃二甲双胍 keyed ``fact:medication:metformin``); ``reveal`` shows the key as stored."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory


@pytest.mark.parametrize(("text", "value"), [
    ("我每天吃二甲双胍。", "metformin"),
    ("我对花生过敏。", "peanuts"),
    ("I take metformin every day.", "metformin"),
    ("I'm allergic to peanuts.", "peanuts"),
])
def test_a_masked_value_is_masked_in_the_key(tmp_path: Path, text: str, value: str) -> None:
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m.db", embedder="none")
    try:
        added = mem.add(text, user_id="ann")["results"]
        shown = [r for r in mem.get_all(user_id="ann") if r["kind"] != "event"]
        assert shown and all(value not in str(r["key"]) and "[health]" in str(r["key"]) for r in shown), shown
        assert all(value not in str(r["key"]) for r in added if r["kind"] != "event"), added
        revealed = [r for r in mem.get_all(user_id="ann", reveal=True) if r["kind"] != "event"]
        assert any(value in str(r["key"]) for r in revealed), revealed
    finally:
        mem.close()


def test_a_value_not_masked_keeps_its_key(tmp_path: Path) -> None:
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m.db", embedder="none")
    try:
        mem.add("我每天喝咖啡。", user_id="ann")
        assert any(r["key"] == "pref:coffee" for r in mem.get_all(user_id="ann"))
    finally:
        mem.close()
