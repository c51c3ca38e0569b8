"""Mem0 OSS quickstart and memory-operation examples, run as written against Gulfstream.

Each block is the example from Mem0's docs (docs/open-source/python-quickstart.mdx and
docs/core-concepts/memory-operations/{add,search,update,delete}.mdx) with only the import
changed and placeholder ids replaced by ids the earlier calls returned. No LLM: ``add``
runs the mechanical pipeline. Each block is followed by checks of the answer shapes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_core.errors import InvalidField, UnknownItem


@pytest.fixture(autouse=True)
def _database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GULFSTREAM_DATABASE_URL", f"sqlite:///{tmp_path}/mem0.db")
    monkeypatch.delenv("GULFSTREAM_LLM_MODEL", raising=False)


def test_python_quickstart() -> None:
    from memory_core.mem0_compat import Memory

    m = Memory()
    messages = [
        {"role": "user", "content": "Hi, I'm Alex. I love basketball and gaming."},
        {"role": "assistant", "content": "Hey Alex! I'll remember your interests."}
    ]
    m.add(messages, user_id="alex")
    results = m.search("What do you know about me?", filters={"user_id": "alex"})
    print(results)

    assert set(results) == {"results"} and results["results"]
    top = results["results"][0]
    assert {"id", "memory", "user_id", "created_at", "score"} <= set(top)
    assert top["user_id"] == "alex"
    assert any("basketball" in r["memory"] for r in results["results"])
    m.close()


def test_add_operations() -> None:
    from memory_core.mem0_compat import Memory

    m = Memory()

    messages = [
        {"role": "user", "content": "I'm planning to watch a movie tonight. Any recommendations?"},
        {"role": "assistant", "content": "How about thriller movies? They can be quite engaging."},
        {"role": "user", "content": "I'm not a big fan of thriller movies but I love sci-fi movies."},
        {"role": "assistant", "content": "Got it! I'll avoid thriller recommendations and suggest sci-fi movies in the future."}  # noqa: E501 - the example as written
    ]

    # Store inferred memories (default behavior)
    result = m.add(messages, user_id="alice", metadata={"category": "movie_recommendations"})

    assert result["results"] and all(set(r) == {"id", "memory", "event"} for r in result["results"])
    assert {r["event"] for r in result["results"]} == {"ADD"}
    assert any("sci-fi" in r["memory"] for r in result["results"])

    # Optionally store raw messages without inference
    result = m.add(messages, user_id="alice", metadata={"category": "movie_recommendations"}, infer=False)

    assert [r["memory"] for r in result["results"]] == [msg["content"] for msg in messages]
    tagged = m.search("sci-fi movies", filters={"user_id": "alice", "category": "movie_recommendations"})
    assert tagged["results"] and all(r["metadata"] == {"category": "movie_recommendations"}
                                     for r in tagged["results"])
    assert m.get_all(filters={"user_id": "alice", "category": "cooking"}) == {"results": []}

    # the memory-operations page's add examples (first interaction, then a later turn alone)
    m.add(
        [{"role": "user", "content": "My dog's name is Biscuit. He's a golden retriever."}],
        user_id="alice",
    )
    m.add(
        [{"role": "user", "content": "He turned 5 today, and I'm taking him to the vet on Friday."}],
        user_id="alice",
    )
    found = m.search("what is my dog's name?", user_id="alice", limit=3)["results"]
    assert any("Biscuit" in r["memory"] for r in found)
    m.close()


@pytest.mark.parametrize(("said", "asked", "wanted"), [
    ("I moved to Berlin last month and I love hiking.", "where do I live?", "Berlin"),
    ("我上个月搬到了杭州，平时喜欢爬山。", "我住在哪里？", "杭州"),
])
def test_inferred_memories_carry_the_adds_metadata(said: str, asked: str, wanted: str) -> None:
    from memory_core.mem0_compat import Memory

    m = Memory()
    added = m.add([{"role": "user", "content": said}], user_id="kim", metadata={"category": "life"})
    m.add([{"role": "user", "content": "I like green tea." if wanted == "Berlin" else "我喜欢喝绿茶。"}],
          user_id="kim", metadata={"category": "taste"})
    made = {r["id"] for r in added["results"]}
    assert made and all(r["event"] == "ADD" for r in added["results"])
    life = m.get_all(filters={"user_id": "kim", "category": "life"})["results"]
    assert {r["id"] for r in life} == made  # the extracted memories, not the other add's
    assert all(r["metadata"]["category"] == "life" for r in life)
    found = m.search(asked, filters={"user_id": "kim", "category": "life"})["results"]
    assert found and wanted in found[0]["memory"]
    assert all(r["id"] in made for r in found)
    assert m.search(asked, filters={"user_id": "kim", "category": "work"}) == {"results": []}
    m.close()


def test_search_update_history_delete() -> None:
    from memory_core.mem0_compat import Memory

    m = Memory()
    m.add("I drink tea every morning and avoid coffee.", user_id="alice")
    m.add("我每天早上喝茶", user_id="li")

    # Simple search: entity IDs go in `filters`
    related_memories = m.search("Should I drink coffee or tea?", filters={"user_id": "alice"})

    assert related_memories["results"]
    assert all(r["user_id"] == "alice" for r in related_memories["results"])
    assert all("早上" not in r["memory"] for r in related_memories["results"])  # never another user's
    memory_id = related_memories["results"][0]["id"]

    memory = m  # the update page names its instance ``memory``
    # Replace the content
    memory.update(
        memory_id=memory_id,
        text="Alex now prefers decaf coffee",
    )

    assert m.get(memory_id)["memory"] == "Alex now prefers decaf coffee"
    history = m.history(memory_id=memory_id)
    assert [h["event"] for h in history] == ["ADD", "UPDATE"]
    assert history[-1]["new_memory"] == "Alex now prefers decaf coffee"
    assert history[-1]["old_memory"] == history[0]["new_memory"]
    assert {"id", "memory_id", "old_memory", "new_memory", "event", "created_at", "is_deleted"} <= set(history[0])

    all_memories = m.get_all(user_id="alice")
    assert memory_id in [r["id"] for r in all_memories["results"]]

    memory.delete(memory_id=memory_id)
    memory.delete_all(user_id="alice")

    assert m.get_all(user_id="alice") == {"results": []}
    assert m.get_all(filters={"user_id": "li"})["results"], "another user's memories stay"
    assert m.history(memory_id)[-1]["event"] == "DELETE"
    assert m.get("0000000000000000") is None
    with pytest.raises(UnknownItem):
        m.delete("0000000000000000")
    with pytest.raises(InvalidField):
        m.search("tea")  # no user id: refused, never a search over everyone
    with pytest.raises(InvalidField):
        m.search("tea", filters={"user_id": "li", "categories": {"contains": "diet"}})
    m.reset()
    assert m.get_all(user_id="li") == {"results": []}
    m.close()


@pytest.mark.parametrize("data", [b"I live in Oslo", bytearray("我住在奥斯陆".encode()), memoryview(b"I live in Oslo")])
def test_bytes_are_refused_as_messages_not_iterated(data: object) -> None:
    from memory_core.embedded import EmbeddedMemory
    from memory_core.mem0_compat import Memory

    m = Memory()
    name = type(data).__name__
    expected = f"messages must be a string or a list of {{role, content}} mappings; got {name}"
    try:
        with pytest.raises(InvalidField) as caught:
            m.add(data, user_id="alex")  # type: ignore[arg-type]
        assert str(caught.value) == expected  # was "message 0 must be a mapping ...; got int"
        assert m.get_all(filters={"user_id": "alex"})["results"] == []
    finally:
        m.close()
    mem = EmbeddedMemory.open()
    try:
        with pytest.raises(InvalidField, match="got " + name):
            mem.add(data, user_id="ana")  # type: ignore[arg-type]
        assert mem.get_all(user_id="ana") == []
        mem.add("I live in Oslo", user_id="ana", infer=False, theme="places")  # the string is fine
        assert [r["description"] for r in mem.get_all(user_id="ana")] == ["I live in Oslo"]
    finally:
        mem.close()


@pytest.mark.parametrize(("said", "query", "secrets", "kept"), [
    ("我的银行卡密码是 884422，我住在成都", "周末去哪玩", ["884422"], "成都"),
    ("I live in Lyon and my phone PIN is 4821. my gmail password is hunter2hunter2", "plans for the weekend",
     ["4821", "hunter2hunter2"], "Lyon"),
])
def test_a_search_that_names_no_secret_sees_none_even_in_the_broad_answer(
        said: str, query: str, secrets: list[str], kept: str) -> None:
    from memory_core.mem0_compat import Memory

    m = Memory()
    try:
        m.add([{"role": "user", "content": said}], user_id="s2")
        for answer in (m.search(query, filters={"user_id": "s2"}), m.search(query, filters={"user_id": "s2"}, limit=2),
                       m.get_all(user_id="s2")):
            shown = [r["memory"] for r in answer["results"]]
            assert shown and not [s for s in secrets if any(s in text for text in shown)], shown
        broad = [r["memory"] for r in m.search(query, filters={"user_id": "s2"})["results"]]
        assert any(kept in text for text in broad) and all("[" not in text for text in broad), broad
    finally:
        m.close()


@pytest.mark.parametrize("config", [{"vector_store": {"provider": "qdrant", "config": {"host": "localhost"}}},
                                    {"llm": {"provider": "openai"}, "version": "v1.1"},
                                    {"embedder": {"provider": "huggingface"}}])
def test_from_config_refuses_sections_it_would_ignore(tmp_path: Path, config: dict) -> None:
    from memory_core.mem0_compat import Memory

    with pytest.raises(InvalidField, match="does not take") as refused:
        Memory.from_config({"history_db_path": str(tmp_path / "cfg.db"), **config})
    assert next(k for k in config if k != "version") in str(refused.value)
    assert not (tmp_path / "cfg.db").exists(), "nothing opened"
    m = Memory.from_config({"history_db_path": str(tmp_path / "cfg.db"), "version": "v1.1"})
    m.add("I live in Leeds", user_id="bob")
    assert (tmp_path / "cfg.db").exists()
    m.close()


@pytest.mark.parametrize("field", ["timestmp", "tool_call_id", "metadata"])
def test_a_message_field_add_does_not_name_is_refused_and_nothing_is_stored(field: str) -> None:
    from memory_core.mem0_compat import Memory

    m = Memory()
    try:
        with pytest.raises(InvalidField) as caught:  # was: the field dropped, the message stamped "now"
            m.add([{"role": "user", "content": "I live in Rome", "timestamp": "2020-01-01T00:00:00Z"},
                   {"role": "user", "content": "I live in Paris", field: "2020-01-01T00:00:00Z"}], user_id="z")
        assert str(caught.value) == (f"message 1: unknown field {field!r}; a message takes role, content, "
                                     "timestamp, name, id")
        assert m.get_all(user_id="z")["results"] == []  # the good message before it is not stored either
        assert m.add({"role": "user", "content": "I live in Rome", "timestamp": 1577836800, "name": "Zed"},
                     user_id="z")["results"]  # every field the HTTP route names is still taken
    finally:
        m.close()
