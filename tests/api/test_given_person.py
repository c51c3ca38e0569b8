"""A note about the user in the third person ("User lives in Leeds", "The user has moved to Manchester",
"用户搬到曼彻斯特了"), as LLM memory managers write it, is keyed like the user's own words: a later value
supersedes it with history through every as-given door (``add(infer=False)``, the LangGraph store, LangMem's
manage tool, the Mem0-shaped ``Memory``); another named person's note stays keyed to them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from langmem import create_manage_memory_tool

from memory_core.embedded import EmbeddedMemory
from memory_core.given_person import as_own_words
from memory_core.given_slot import given_key
from memory_core.integrations.langgraph_store import MemoryStoreAdapter
from memory_core.mem0_compat import Memory


@pytest.fixture()
def mem(tmp_path: Path) -> Iterator[EmbeddedMemory]:
    api = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path / 'p.db'}", embedder="none")
    yield api
    api.close()


@pytest.mark.parametrize(("note", "own"), [
    ("User lives in Leeds", "I live in Leeds"),
    ("The user has moved to Manchester", "I have moved to Manchester"),
    ("User studies law and now watches anime", "I study law and now watch anime"),
    ("User's girlfriend is Amy", "My girlfriend is Amy"),
    ("The user doesn't eat pork", "I don't eat pork"),
    ("用户搬到曼彻斯特了", "我搬到曼彻斯特了"),
    ("Tom lives in Leeds", "Tom lives in Leeds"),
    ("Users like tea", "Users like tea"),
])
def test_a_note_on_the_user_reads_as_their_own_words(note: str, own: str) -> None:
    assert as_own_words(note) == own


def test_a_named_speaker_opening_the_note_stands_for_the_user() -> None:
    assert as_own_words("Mia lives in Porto", speaker="Mia") == "I live in Porto"
    assert as_own_words("林晓住在成都", speaker="林晓") == "我住在成都"
    assert as_own_words("Tom lives in Leeds", speaker="Mia") == "Tom lives in Leeds"


@pytest.mark.parametrize("note", ["User lives in Leeds", "The user has moved to Manchester", "用户住在利兹",
                                  "用户搬到曼彻斯特了", "User works as a nurse", "The user is vegetarian"])
def test_third_person_notes_get_the_slot_key_of_the_first_person_form(note: str) -> None:
    assert given_key(note) != "" and given_key(note) == given_key(as_own_words(note))


def test_another_named_person_is_not_keyed_as_the_user() -> None:
    assert given_key("Tom lives in Leeds") != "fact:lives_in"
    assert given_key("用户的同事住在利兹") != "fact:lives_in"


def test_third_then_first_person_saves_supersede_in_order(mem: EmbeddedMemory) -> None:
    said = [("User lives in Leeds", "2026-01-01T00:00:00Z"), ("User moved to Manchester", "2026-02-01T00:00:00Z"),
            ("I moved to Berlin", "2026-03-01T00:00:00Z")]
    ids = [mem.add([{"role": "user", "content": t, "timestamp": ts}], user_id="g", infer=False)["results"][0]["id"]
           for t, ts in said]
    assert [mem.get(i, user_id="g")["status"] for i in ids] == ["superseded", "superseded", "active"]
    hits = mem.search("where does the user live?", user_id="g", k=3)
    assert hits[0]["description"] == "I moved to Berlin"
    assert all(h["description"] != "User lives in Leeds" or h["status"] != "active" for h in hits)


@pytest.mark.parametrize(("old", "new"), [("User lives in Leeds", "User moved to Manchester"),
                                          ("The user lives in Leeds", "The user has moved to Manchester"),
                                          ("用户住在利兹", "用户搬到曼彻斯特了")])
def test_langgraph_store_third_person_move_supersedes(mem: EmbeddedMemory, old: str, new: str) -> None:
    store = MemoryStoreAdapter(mem, prefix=("memories",))
    ns = ("memories", "u2")
    store.put(ns, "k0", {"content": old})
    store.put(ns, "k1", {"content": new})
    assert [(r.key, r.value["content"]) for r in store.search(ns, limit=10)] == [("k1", new)]
    assert store.search(ns, query="where does the user live?", limit=1)[0].value["content"] == new


def test_langmem_manage_tool_third_person_job_change_supersedes(mem: EmbeddedMemory) -> None:
    store = MemoryStoreAdapter(mem, prefix=("memories",))
    manage = create_manage_memory_tool(namespace=("memories", "u5"), store=store)
    manage.invoke({"content": "User works as a nurse", "action": "create"})
    manage.invoke({"content": "The user now works as a teacher", "action": "create"})
    active = [r.value["content"] for r in store.search(("memories", "u5"), limit=10)]
    assert active == ["The user now works as a teacher"]


def test_mem0_memory_third_person_saves_keep_history(tmp_path: Path) -> None:
    m = Memory(EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m0.db", embedder="none"))
    m.add([{"role": "user", "content": "用户住在利兹"}], user_id="q", infer=False)
    m.add([{"role": "user", "content": "用户搬到曼彻斯特了"}], user_id="q", infer=False)
    texts = [r["memory"] for r in m.get_all(user_id="q")["results"]]
    assert texts == ["用户搬到曼彻斯特了"]


def test_named_other_person_notes_stay_side_by_side_with_the_users(mem: EmbeddedMemory) -> None:
    mine = mem.add("User lives in Leeds", user_id="t", infer=False)["results"][0]["id"]
    mem.add("Tom lives in York", user_id="t", infer=False)
    assert mem.get(mine, user_id="t")["status"] == "active"
