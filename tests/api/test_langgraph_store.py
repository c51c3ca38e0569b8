"""The LangGraph store on the Memory API: Get/Search/Put/Delete/ListNamespaces, async, and LangMem's tools."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from langmem import create_manage_memory_tool, create_search_memory_tool

from memory_core.embedded import EmbeddedMemory
from memory_core.errors import InvalidField
from memory_core.integrations.langgraph_store import MemoryStoreAdapter


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[EmbeddedMemory]:
    api = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/lg.db")
    yield api
    api.close()


def test_put_get_search_delete_and_namespaces(mem: EmbeddedMemory) -> None:
    store = MemoryStoreAdapter(mem, prefix=("memories",))
    store.put(("memories", "ana"), "seat-1", {"content": "Ana prefers window seats"})
    store.put(("memories", "ana", "taste"), "tea-1", {"content": "Ana 喜欢喝龙井茶"})
    store.put(("memories", "bob"), "seat-2", {"content": "Bob prefers aisle seats"})
    got = store.get(("memories", "ana"), "seat-1")
    assert got is not None and got.value["content"] == "Ana prefers window seats" and got.key == "seat-1"
    assert store.get(("memories", "bob"), "seat-1") is None, "a key of one user is not another's"
    prefs = {"likes": ["tea", "枣"], "n": 3}
    store.put(("memories", "bob"), "prefs", prefs)
    back = store.get(("memories", "bob"), "prefs")
    assert back is not None and back.value == prefs, "a JSON value comes back as it was put"
    hits = store.search(("memories", "ana"), query="window seat")
    assert hits[0].key == "seat-1" and hits[0].score is not None
    assert all(h.key != "seat-2" for h in hits)
    assert [h.key for h in store.search(("memories", "ana", "taste"), query="龙井茶")] == ["tea-1"]
    assert {h.key for h in store.search(("memories", "ana"))} == {"seat-1", "tea-1"}
    # put again updates (history kept), put None deletes
    store.put(("memories", "ana"), "seat-1", {"content": "Ana prefers aisle seats now"})
    assert mem.history("seat-1", user_id="ana")[0]["old_description"] == "Ana prefers window seats"
    store.delete(("memories", "ana"), "seat-1")
    assert store.get(("memories", "ana"), "seat-1") is None
    assert ("memories", "ana", "taste") in store.list_namespaces(prefix=("memories", "ana"))
    with pytest.raises(InvalidField):
        store.get(("elsewhere", "ana"), "tea-1")
    with pytest.raises(InvalidField):
        store.search(("memories", "ana"), filter={"colour": "red"})

    async def run() -> list:
        await store.aput(("memories", "li"), "k", {"content": "Li lives in Chengdu"})
        return await store.asearch(("memories", "li"), query="Chengdu")

    assert [h.key for h in asyncio.run(run())] == ["k"]


def test_langmem_tools_manage_and_search(mem: EmbeddedMemory) -> None:
    store = MemoryStoreAdapter(mem, prefix=("memories",))
    manage = create_manage_memory_tool(namespace=("memories", "ana"), store=store)
    search = create_search_memory_tool(namespace=("memories", "ana"), store=store)
    created = manage.invoke({"content": "User likes hiking in the Alps", "action": "create"})
    assert "created memory" in created
    key = created.split()[-1]
    assert mem.get(key, user_id="ana")["description"] == "User likes hiking in the Alps"
    found = search.invoke({"query": "hiking"})
    assert key in str(found) and "Alps" in str(found)
    manage.invoke({"content": "User likes hiking in the Dolomites", "action": "update", "id": key})
    assert mem.get(key, user_id="ana")["description"] == "User likes hiking in the Dolomites"
    manage.invoke({"action": "delete", "id": key})
    assert mem.get(key, user_id="ana")["status"] == "deleted"


def test_list_namespaces_lists_every_user_with_items(mem: EmbeddedMemory) -> None:
    store = MemoryStoreAdapter(mem, prefix=("memories",))
    store.put(("memories", "noor", "moments"), "a", {"content": "Noor is learning the oud"})
    store.put(("memories", "李雷", "taste"), "b", {"content": "李雷不吃香菜"})
    store.put(("memories", "李雷", "places"), "c", {"content": "李雷住在成都"})
    every = [("memories", "noor", "moments"), ("memories", "李雷", "places"), ("memories", "李雷", "taste")]
    assert store.list_namespaces() == every
    assert store.list_namespaces(prefix=("memories",)) == every
    assert store.list_namespaces(prefix=("memories", "李雷")) == every[1:]
    assert store.list_namespaces(prefix=("memories", "*", "taste")) == [every[2]]
    assert store.list_namespaces(suffix=("moments",)) == [every[0]]
    assert store.list_namespaces(max_depth=2) == [("memories", "noor"), ("memories", "李雷")]
    assert store.list_namespaces(limit=1, offset=1) == [every[1]]
    assert store.list_namespaces(prefix=("other",)) == []
    store.delete(("memories", "noor", "moments"), "a")
    assert ("memories", "noor", "moments") not in store.list_namespaces(), "no active item: not listed"
    assert mem.users() == ["noor", "李雷"], "the API lists users with items, deleted or not"
    with pytest.raises(InvalidField):
        mem.users(limit=0)


def test_list_namespaces_reads_every_page_of_a_users_items(mem: EmbeddedMemory,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from memory_core.integrations import langgraph_store

    monkeypatch.setattr(langgraph_store, "_PAGE", 2)  # pages of two items: the last theme is on the third page
    store = MemoryStoreAdapter(mem, prefix=("memories",))
    for n, (theme, text) in enumerate([("taste", "Ana likes oolong"), ("taste", "Ana 不吃香菜"),
                                       ("places", "Ana lives in Porto"), ("places", "Ana 常去里斯本"),
                                       ("work", "Ana works at a bakery")]):
        store.put(("memories", "ana", theme), f"k{n}", {"content": text})
    assert store.list_namespaces() == [("memories", "ana", t) for t in ("places", "taste", "work")]
    assert store.list_namespaces(max_depth=2) == [("memories", "ana")]
    for n in range(5):
        store.delete(("memories", "ana"), f"k{n}")
    assert store.list_namespaces(max_depth=2) == [], "a user with no active item has no namespace"


def test_list_namespaces_stays_in_its_tenant(mem: EmbeddedMemory) -> None:
    acme, globex = (MemoryStoreAdapter(mem, prefix=("m",), tenant=t) for t in ("acme", "globex"))
    acme.put(("m", "ana"), "a", {"content": "Ana prefers window seats"})
    globex.put(("m", "bob"), "b", {"content": "Bob 喜欢喝茶"})
    assert [ns[:2] for ns in acme.list_namespaces()] == [("m", "ana")]
    assert [ns[:2] for ns in globex.list_namespaces()] == [("m", "bob")]
