"""Mem0's UPDATE keeps the id (``memory_core.mem0_lineage``): a value an add changed is reported under the id
the caller holds, and ``get``, ``history``, ``update`` and ``delete`` of that id reach the memory's current
version, while the store keeps every version (the old one superseded, with its history). EN and ZH."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.mem0_compat import Memory
from memory_core.mem0_lineage import current_id, first_ids, line_revisions
from memory_core.model import MemoryItem, Status


def _rev(op: str, old: str, new: str, other: str | None = None) -> dict[str, Any]:
    return {"op": op, "reason": "", "actor": "pipeline", "at": "2026-01-01T00:00:00+00:00", "old_description": old,
            "new_description": new, "old_theme": "", "new_theme": "", "turn_id": None, "other_id": other}


class _Histories:
    """Revisions newest first per id, as ``MemoryAPI.history`` answers."""

    def __init__(self, revisions: dict[str, list[dict[str, Any]]]) -> None:
        self.revisions = revisions

    def history(self, item_id: str, *, user_id: str, reveal: bool = False) -> list[dict[str, Any]]:
        return self.revisions[item_id]


LINE = _Histories({
    "a": [_rev("supersede", "lives in Lisbon", "lives in Lisbon", "b"), _rev("create", "", "lives in Lisbon")],
    "b": [_rev("supersede", "lives in Braga", "lives in Braga", "c"), _rev("create", "", "lives in Braga")],
    "c": [_rev("update", "lives in Porto", "lives in Porto, near the river"), _rev("create", "", "lives in Porto")],
})


def test_current_id_follows_the_successors() -> None:
    assert [current_id(LINE, i, "u") for i in "abc"] == ["c", "c", "c"]


def test_a_cycle_in_damaged_data_ends() -> None:
    loop = _Histories({"x": [_rev("supersede", "t", "t", "y")], "y": [_rev("supersede", "t", "t", "x")]})
    assert current_id(loop, "x", "u") == "y"


def test_line_revisions_tell_one_memory() -> None:
    told = [(r["op"], r["old_description"], r["new_description"]) for r in reversed(line_revisions(LINE, "a", "u"))]
    assert told == [("create", "", "lives in Lisbon"), ("update", "lives in Lisbon", "lives in Braga"),
                    ("update", "lives in Braga", "lives in Porto"),
                    ("update", "lives in Porto", "lives in Porto, near the river")]
    assert [r["op"] for r in line_revisions(LINE, "c", "u")] == ["update", "create"]  # from the id asked on


class _Store:
    def __init__(self, items: list[MemoryItem]) -> None:
        self.items, self.reads = items, 0

    def superseded_by_key(self, user_id: str, key: str) -> list[MemoryItem]:
        self.reads += 1
        return [i for i in self.items if i.key == key and i.status == Status.SUPERSEDED]


def test_first_ids_walk_back_through_the_slot() -> None:
    items = []
    for item_id, after in (("a", "b"), ("b", "c")):
        item = MemoryItem(user_id="u", description=item_id, theme="places", id=item_id, key="fact:home")
        item.end(Status.SUPERSEDED, "changed", other_id=after)
        items.append(item)
    store = _Store(items)
    first = first_ids(store, "u")
    assert store.reads == 0  # nothing read until asked
    assert [first({"id": i, "key": "fact:home"}) for i in ("c", "b", "a")] == ["a", "a", "a"]
    assert first({"id": "c", "key": "fact:job"}) == "c" and first({"id": "c", "key": None}) == "c"
    assert store.reads == 4  # one narrow read per keyed record, none without a key


@pytest.fixture
def m(tmp_path: Path) -> Iterator[Memory]:
    mem = Memory(EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m0.db"))
    yield mem
    mem.close()


LIVES = {
    "en": (["I live in Lisbon", "Now I live in Braga", "We moved to Porto last week"],
           ["User lives in Lisbon", "User lives in Braga", "User lives in Porto"]),
    "zh": (["我住在杭州", "我现在住在上海", "上个月搬到成都了"], ["用户住在杭州", "用户住在上海", "用户住在成都"]),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_id_a_caller_holds_stays_the_memory(m: Memory, lang: str) -> None:
    said, texts = LIVES[lang]
    day = iter(range(1, 10))
    add = [lambda text: m.add([{"role": "user", "content": text,
                                "timestamp": f"2026-0{next(day)}-01T10:00:00Z"}], user_id=lang)["results"]][0]
    [first] = [r for r in add(said[0]) if r["event"] == "ADD"]
    assert first["memory"] == texts[0]
    held = first["id"]
    for before, text, now in zip(texts, said[1:], texts[1:], strict=False):
        events = add(text)
        assert [(r["id"], r["event"], r["memory"], r["previous_memory"]) for r in events] == [
            (held, "UPDATE", now, before)], events
        assert m.get(held)["memory"] == now and m.get(held)["id"] == held
    assert [(h["event"], h["new_memory"]) for h in m.history(held)] == [
        ("ADD", texts[0]), ("UPDATE", texts[1]), ("UPDATE", texts[2])]
    listed = m.get_all(user_id=lang)["results"]
    assert [r["memory"] for r in listed] == [texts[2]] and listed[0]["id"] != held  # the store keeps versions
    m.update(held, text=texts[2] + "!")  # update by the held id changes the current version
    assert m.get(held)["memory"] == texts[2] + "!" and m.get_all(user_id=lang)["results"][0]["memory"] == texts[2] + "!"
    m.delete(held)  # and delete deletes it
    assert m.get(held) is None and m.get_all(user_id=lang)["results"] == []
