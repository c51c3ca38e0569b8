"""An as-given save that says the user stopped something and what they do now ("User quit cello and now learns
violin", "I gave up tennis and now play golf", "用户不学大提琴了，现在学小提琴") ends the earlier save of what
stopped, with history, through every as-given door (``add(infer=False)``, the LangGraph store, LangMem's manage
tool, the Mem0-shaped ``Memory``), and is keyed by what holds now; a plain negative stops nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from langmem import create_manage_memory_tool

from memory_core.embedded import EmbeddedMemory
from memory_core.given_slot import given_reading
from memory_core.integrations.langgraph_store import MemoryStoreAdapter
from memory_core.mem0_compat import Memory

CHANGES = [
    ("User is learning the cello", "User quit cello and now learns violin"),
    ("I'm learning the cello", "I quit cello and now I learn violin"),
    ("User plays tennis", "User gave up tennis and now plays golf"),
    ("用户在学大提琴", "用户不学大提琴了，现在学小提琴"),
    ("我在学吉他", "我不学吉他了，改学钢琴了"),
]


@pytest.fixture()
def mem(tmp_path: Path) -> Iterator[EmbeddedMemory]:
    api = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path / 's.db'}", embedder="none")
    yield api
    api.close()


@pytest.mark.parametrize(("old", "new"), CHANGES)
def test_add_as_given_ends_what_the_user_stopped_with_history(mem: EmbeddedMemory, old: str, new: str) -> None:
    ids = [mem.add([{"role": "user", "content": t, "timestamp": ts}], user_id="s", infer=False)["results"][0]["id"]
           for t, ts in [(old, "2026-01-01T00:00:00Z"), (new, "2026-02-01T00:00:00Z")]]
    assert [mem.get(i, user_id="s")["status"] for i in ids] == ["superseded", "active"]
    assert [r["description"] for r in mem.get_all(user_id="s")] == [new]
    assert mem.get(ids[0], user_id="s")["description"] == old  # kept as history


@pytest.mark.parametrize(("old", "new"), CHANGES[:1] + CHANGES[3:4])
def test_langgraph_store_and_langmem_stop_then_take_up(mem: EmbeddedMemory, old: str, new: str) -> None:
    store = MemoryStoreAdapter(mem, prefix=("memories",))
    store.put(("memories", "a"), "k0", {"content": old})
    store.put(("memories", "a"), "k1", {"content": new})
    assert [r.value["content"] for r in store.search(("memories", "a"), limit=10)] == [new]
    manage = create_manage_memory_tool(namespace=("memories", "b"), store=store)
    manage.invoke({"content": old, "action": "create"})
    manage.invoke({"content": new, "action": "create"})
    assert [r.value["content"] for r in store.search(("memories", "b"), limit=10)] == [new]


def test_mem0_memory_stop_then_take_up(tmp_path: Path) -> None:
    m = Memory(EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m0.db", embedder="none"))
    m.add([{"role": "user", "content": "用户在学大提琴"}], user_id="q", infer=False)
    m.add([{"role": "user", "content": "用户不学大提琴了，现在学小提琴"}], user_id="q", infer=False)
    assert [r["memory"] for r in m.get_all(user_id="q")["results"]] == ["用户不学大提琴了，现在学小提琴"]


def test_the_new_save_is_keyed_by_what_holds_now() -> None:
    key, stopped = given_reading("我不学吉他了，改学钢琴了")
    assert "钢琴" in key and "吉他" not in key and any("吉他" in k or "guitar" in k for k in stopped)


@pytest.mark.parametrize(("old", "new"), [("User likes pork buns", "The user doesn't eat pork"),
                                          ("User plays tennis", "User plays golf"),
                                          ("User is learning the cello", "User is learning the violin")])
def test_a_plain_negative_or_another_value_stops_nothing(mem: EmbeddedMemory, old: str, new: str) -> None:
    first = mem.add(old, user_id="n", infer=False)["results"][0]["id"]
    mem.add(new, user_id="n", infer=False)
    assert mem.get(first, user_id="n")["status"] == "active"


def test_a_later_employer_supersedes_a_nurse_at_a_hospital(mem: EmbeddedMemory) -> None:
    first = mem.add([{"role": "user", "content": "User works as a nurse at Mass General",
                      "timestamp": "2026-01-01T00:00:00Z"}], user_id="w", infer=False)["results"][0]["id"]
    mem.add([{"role": "user", "content": "User now works at Kaiser", "timestamp": "2026-02-01T00:00:00Z"}],
            user_id="w", infer=False)
    assert mem.get(first, user_id="w")["status"] == "superseded"
