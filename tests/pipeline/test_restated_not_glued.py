"""A restatement is a hit on the item it restates, never a second text glued onto it; a real detail is joined,
and two statements of one slot in one turn are joined with their subject whole."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _slot_items import active, slot_items

from memory_core.embedded import open_memory
from memory_core.model import Turn
from memory_core.settings import Settings

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("texts", "name"), [
    (["adopted a greyhound!! His name is Biscuit", "took Biscuit for a walk by the lake this morning"], "Biscuit"),
    (["我养了一只柯基，叫豆豆", "我家狗叫豆豆，今天带它去公园了"], "豆豆"),
    (["I have a tabby cat called Miso", "my cat Miso knocked a glass off the table lol"], "Miso"),
])
def test_a_pet_named_again_by_its_plain_kind_is_a_hit(tmp_path: Path, texts: list[str], name: str) -> None:
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    memory.ingest([Turn("u1", f"t{n}", "s", "user", text, START.replace(day=1 + n)) for n, text in enumerate(texts)])
    pets = [i for i in memory.store.list_items("u1") if i.kind != "event" and name in i.description]
    assert len(pets) == 1 and pets[0].description.count(name) == 1, [p.description for p in pets]
    assert pets[0].hit >= 1


def test_a_real_detail_is_still_joined(tmp_path: Path) -> None:
    live = active(slot_items(tmp_path, ["I have a dog named Rex", "Rex is 3 years old btw"], start=START,
                             days_apart=30))
    assert any("Rex" in text and "3" in text for _, text in live), live


@pytest.mark.parametrize(("texts", "broken", "whole"), [
    (["I have a new girlfriend, Dana", "we got married last weekend!! Dana is my wife now"], "; 's", "User's wife"),
    (["我女朋友叫小雨", "我们上周结婚了！小雨现在是我老婆了"], "，的", "用户的老婆"),
])
def test_two_statements_of_one_slot_keep_their_subject(tmp_path: Path, texts: list[str], broken: str,
                                                       whole: str) -> None:
    live = [text for _, text in active(slot_items(tmp_path, texts, start=START, days_apart=30))]
    assert not any(broken in t for t in live) and any(whole in t for t in live), live
