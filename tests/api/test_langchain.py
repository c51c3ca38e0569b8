"""LangChain on the Memory API: the retriever's Documents, the four memory tools, the turn-store chat history."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

from memory_core.embedded import EmbeddedMemory
from memory_core.integrations.langchain import MemoryRetriever, TurnChatHistory, memory_tools


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[EmbeddedMemory]:
    api = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/lc.db")
    yield api
    api.close()


def test_retriever_returns_documents_with_item_metadata(mem: EmbeddedMemory) -> None:
    mem.add("I moved to Lisbon in March.", user_id="ana", timestamp="2026-03-02T10:00:00Z")
    mem.add("我养了一只叫豆豆的猫", user_id="ana", infer=False, theme="pets")
    mem.add("I live in Berlin.", user_id="bob")
    docs = MemoryRetriever(api=mem, user_id="ana", k=3).invoke("where do I live?")
    assert docs and "Lisbon" in docs[0].page_content
    meta = docs[0].metadata
    assert {"id", "theme", "kind", "created_at", "valid_from", "score"} <= set(meta)
    assert meta["valid_from"] == "2026-03-02T10:00:00+00:00"
    assert docs[0].id == meta["id"] == mem.get(meta["id"], user_id="ana")["id"]
    assert all("Berlin" not in d.page_content for d in docs)
    zh = MemoryRetriever(api=mem, user_id="ana", filters={"theme": "pets"}).invoke("我养的猫")
    assert [d.page_content for d in zh] == ["我养了一只叫豆豆的猫"]


def test_tools_search_save_update_delete(mem: EmbeddedMemory) -> None:
    tools = {t.name: t for t in memory_tools(mem, user_id="ana")}
    assert set(tools) == {"search_memory", "save_memory", "update_memory", "delete_memory"}
    saved = tools["save_memory"].invoke({"text": "Ana is allergic to peanuts", "theme": "health"})
    item_id = saved.removeprefix("saved ")
    assert mem.get(item_id, user_id="ana")["theme"] == "health"
    hits = [json.loads(line) for line in tools["search_memory"].invoke({"query": "peanuts allergy"}).splitlines()]
    assert hits[0]["id"] == item_id
    # the tool's answer goes into the model's prompt: the health value is masked there, stored in clear
    assert tools["update_memory"].invoke({"item_id": item_id, "text": "Ana is allergic to cashews"}) \
        == f"updated {item_id}: Ana is allergic to [health]"
    assert mem.get(item_id, user_id="ana", reveal=True)["description"] == "Ana is allergic to cashews"
    # a bad call answers with the error for the model, and changes nothing
    assert tools["update_memory"].invoke({"item_id": item_id, "text": " "}).startswith("error (EmptyText)")
    assert tools["delete_memory"].invoke({"item_id": "0000000000000000"}).startswith("error (UnknownItem)")
    assert tools["delete_memory"].invoke({"item_id": item_id}) == f"deleted {item_id}"
    assert mem.get(item_id, user_id="ana")["status"] == "deleted"
    assert tools["search_memory"].invoke({"query": "cashews"}) == "no memory matches"
    # another user's tools cannot touch ana's items
    other = {t.name: t for t in memory_tools(mem, user_id="bob")}
    kept = mem.add("Ana plays chess", user_id="ana", infer=False)["results"][0]["id"]
    assert other["delete_memory"].invoke({"item_id": kept}).startswith("error (UnknownItem)")
    assert mem.get(kept, user_id="ana")["status"] == "active"


def test_chat_history_is_the_turn_store(mem: EmbeddedMemory) -> None:
    history = TurnChatHistory(mem, "ana", "s1")
    history.add_messages([HumanMessage("I just adopted a puppy named Miso."), AIMessage("Congratulations!")])
    history.add_user_message("我下周去成都出差")
    other = TurnChatHistory(mem, "ana", "s2")
    other.add_user_message("Unrelated session")
    assert [(m.type, m.content) for m in history.messages] == [
        ("human", "I just adopted a puppy named Miso."), ("ai", "Congratulations!"), ("human", "我下周去成都出差")]
    assert [m.content for m in other.messages] == ["Unrelated session"]
    # the turns fed the write pipeline: the memory knows about the puppy
    assert any("Miso" in r["description"] for r in mem.search("puppy", user_id="ana"))
    assert TurnChatHistory(mem, "bob", "s1").messages == []


def test_clear_starts_the_history_afresh_and_keeps_memory(mem: EmbeddedMemory) -> None:
    history = TurnChatHistory(mem, "cy", "s1")
    history.add_messages([HumanMessage("I just got a cat named Tofu."), AIMessage("Cute!")])
    history.clear()
    assert history.messages == []
    assert TurnChatHistory(mem, "cy", "s1").messages == [], "a later history object of the session sees the clear"
    history.add_user_message("What should I feed her?")
    assert [m.content for m in TurnChatHistory(mem, "cy", "s1").messages] == ["What should I feed her?"]
    assert any("Tofu" in r["description"] for r in mem.search("cat", user_id="cy")), "long-term memory stays"
    window = [t["text"] for t in mem.session_context(user_id="cy", session_id="s1")["turns"]]
    assert window[0] == "I just got a cat named Tofu." and "[chat history cleared]" in window


def test_a_system_message_is_a_system_turn_never_a_memory(mem: EmbeddedMemory) -> None:
    history = TurnChatHistory(mem, "dee", "s1")
    history.add_messages([SystemMessage("You are a helpful assistant. Always answer in French.")])
    assert [(m.type, m.content) for m in history.messages] == [
        ("system", "You are a helpful assistant. Always answer in French.")]
    assert mem.get_all(user_id="dee") == []
