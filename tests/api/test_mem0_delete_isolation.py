"""Mem0's calls by id name no user: deleting one memory by id changes that memory (and the raw turn it came
from) and nothing else, never another user's memory holding the same id (an import keeps a Mem0 export's ids,
unique per user only: ``delete(id)`` removed whichever user's item the store found first)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.errors import InvalidField
from memory_core.mem0_compat import Memory
from memory_core.mem0_import import parse_mem0
from memory_core.store.transfer import store_import

SHARED = "892db2ae-06d9-49e5-8b3e-585ef9b85b8e"


@pytest.fixture()
def m(tmp_path: Path) -> Iterator[Memory]:
    mem = Memory(EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m.db"))
    yield mem
    mem.close()


def _state(m: Memory) -> dict[tuple[str, str], tuple[str, int]]:
    store = m.api.memory.store
    return {(u, i.id): (str(i.status), len(i.history)) for u in store.users()
            for i in store.list_items(u, statuses=None)}


def _import(m: Memory, tmp_path: Path) -> None:
    src = tmp_path / "mem0.json"
    src.write_text(json.dumps({"results": [
        {"id": SHARED, "memory": "Likes jazz", "user_id": "ann", "created_at": "2025-01-01T10:00:00Z"},
        {"id": SHARED, "memory": "喜欢听京剧", "user_id": "bob", "created_at": "2025-01-01T10:00:00Z"},
        {"id": "11111111-06d9-49e5-8b3e-585ef9b85b8e", "memory": "Lives in Oslo", "user_id": "bob",
         "created_at": "2025-01-01T10:00:00Z"}]}, ensure_ascii=False))
    store_import(m.api.memory.store, parse_mem0(src))


def test_an_id_two_users_hold_is_refused_and_nothing_changes(m: Memory, tmp_path: Path) -> None:
    _import(m, tmp_path)
    before = _state(m)
    for call in (lambda: m.delete(SHARED), lambda: m.get(SHARED), lambda: m.history(SHARED),
                 lambda: m.update(SHARED, text="Likes blues")):
        with pytest.raises(InvalidField, match="held by 2 users"):
            call()
    assert _state(m) == before
    m.delete("11111111-06d9-49e5-8b3e-585ef9b85b8e")  # an id one user holds: that memory alone
    after = _state(m)
    assert {k for k in after if after[k] != before[k]} == {("bob", "11111111-06d9-49e5-8b3e-585ef9b85b8e")}


def test_deleting_one_memory_changes_it_and_its_raw_turn_only(m: Memory) -> None:
    for text in ("I live in Lisbon and I work as a nurse.", "My sister Jo is a teacher. I love jazz.",
                 "I moved to Porto last month.", "我住在杭州，我喜欢喝龙井茶。"):
        m.add([{"role": "user", "content": text}], user_id="ann")
    m.add([{"role": "user", "content": "I live in Berlin."}], user_id="bob")
    m.add([{"role": "user", "content": "I live in Rome."}], user_id="ann", agent_id="bot")
    store = m.api.memory.store
    target = next(i for i in store.list_items("ann") if i.description == "User loves jazz")
    raw = {i.id for i in store.list_items("ann") if i.kind == "event" and set(i.source) & set(target.source)}
    before = _state(m)
    m.delete(target.id)
    after = _state(m)
    changed = {k for k in after if after[k] != before[k]}
    assert changed == {("ann", target.id), *{("ann", r) for r in raw}}
    assert all(after[k][0] == "deleted" for k in changed)
    before = after
    m.delete_all(user_id="bob")
    after = _state(m)
    assert {k[0] for k in after if after[k] != before[k]} == {"bob"}
