"""The Mem0 shape lists extracted memories, not the raw turns they came from; Mem0's entity ids (user_id,
agent_id, run_id) each scope memories; message content as a list of text parts. Embedded store, EN and ZH."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.errors import InvalidField
from memory_core.mem0_compat import Memory
from memory_core.mem0_shape import is_raw_turn, mem0_entities, mem0_listed, mem0_scope


@pytest.fixture
def m(tmp_path: Path) -> Iterator[Memory]:
    mem = Memory(EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/shape.db"))
    yield mem
    mem.close()


@pytest.mark.parametrize(("said", "fact"), [
    ("I'm allergic to shellfish", "User is allergic to"),
    ("我叫阿May，住在香港", "用户住在香港"),
])
def test_add_and_get_all_list_the_extracted_memory_not_its_raw_turn(m: Memory, said: str, fact: str) -> None:
    added = m.add(said, user_id="may")["results"]
    assert any(r["memory"].startswith(fact) for r in added)
    assert not any(r["memory"].startswith("user:") for r in added), added
    listed = [r["memory"] for r in m.get_all(user_id="may")["results"]]
    assert any(t.startswith(fact) for t in listed) and not any(t.startswith("user:") for t in listed), listed
    native = m.api.get_all(user_id="may")
    assert any(is_raw_turn(r) for r in native), "the native API still lists the raw turn"


@pytest.mark.parametrize("chat", ["hi there, how was your weekend?", "今天天气不错啊"])
def test_a_turn_that_produced_no_memory_is_still_listed(m: Memory, chat: str) -> None:
    added = m.add(chat, user_id="lee")["results"]
    assert [r["memory"] for r in added] == [f"user: {chat}"]
    assert [r["memory"] for r in m.get_all(user_id="lee")["results"]] == [f"user: {chat}"]


def test_a_superseded_fact_does_not_bring_its_raw_turn_back(m: Memory) -> None:
    m.add([{"role": "user", "content": "我住在杭州", "timestamp": "2026-10-01T10:00:00+08:00"}], user_id="kai")
    m.add([{"role": "user", "content": "I moved to Beijing", "timestamp": "2026-11-01T10:00:00+08:00"}],
          user_id="kai")
    listed = [r["memory"] for r in m.get_all(user_id="kai")["results"]]
    assert listed == ["User lives in Beijing"], listed


def test_get_all_limit_counts_listed_memories_only(m: Memory) -> None:
    m.add([{"role": "user", "content": "I live in Lisbon"}, {"role": "user", "content": "我喜欢喝乌龙茶"}],
          user_id="ana")
    one = m.get_all(user_id="ana", limit=1)["results"]
    assert len(one) == 1 and not one[0]["memory"].startswith("user:")


def test_agent_id_or_run_id_alone_scopes_memories(m: Memory) -> None:
    m.add("I like jazz", agent_id="bot1")
    m.add("我喜欢爵士乐", run_id="trip-1")
    agent = m.get_all(agent_id="bot1")["results"]
    assert [r["memory"] for r in agent] == ["User likes jazz"]
    assert agent[0]["agent_id"] == "bot1" and agent[0]["user_id"] is None
    assert m.search("jazz", filters={"agent_id": "bot1"})["results"][0]["memory"] == "User likes jazz"
    run = m.get_all(run_id="trip-1")["results"]
    assert run and run[0]["run_id"] == "trip-1" and "爵士" in run[0]["memory"]
    assert m.get_all(agent_id="bot2") == {"results": []}, "another agent sees nothing"
    assert m.get_all(user_id="bot1") == {"results": []}, "an agent's memories are not a user's of that name"
    with pytest.raises(InvalidField, match="user_id, agent_id or run_id"):
        m.add("hello")


def test_scope_ids_read_back() -> None:
    for ids in ({"user_id": "u1", "agent_id": None, "run_id": None},
                {"user_id": "u1", "agent_id": "a1", "run_id": None},
                {"user_id": "acme:张三", "agent_id": "客服", "run_id": None},
                {"user_id": None, "agent_id": "a1", "run_id": None},
                {"user_id": None, "agent_id": None, "run_id": "r1"}):
        assert mem0_entities(mem0_scope(ids["user_id"], ids["agent_id"], run_id=ids["run_id"])) == ids


@pytest.mark.parametrize("parts", [
    [{"type": "text", "text": "I live in Porto"}],
    ["我住在", {"type": "text", "text": "波尔图"}],
])
def test_content_given_as_text_parts(m: Memory, parts: list[object]) -> None:
    added = m.add([{"role": "user", "content": parts}], user_id="rui")["results"]
    assert any("Porto" in r["memory"] or "波尔图" in r["memory"] for r in added), added
    assert m.api.add([{"role": "user", "content": parts}], user_id="rui2")["results"], "the native API too"


@pytest.mark.parametrize("part", [{"type": "image_url", "image_url": {"url": "https://x/y.png"}},
                                  {"type": "text", "text": 5}, 7])
def test_a_content_part_that_is_not_text_is_refused_and_nothing_stored(m: Memory, part: object) -> None:
    with pytest.raises(InvalidField, match="content part 1"):
        m.add([{"role": "user", "content": [{"type": "text", "text": "我住在上海"}, part]}], user_id="zed")
    assert m.api.get_all(user_id="zed") == []


def test_listing_rule_on_records() -> None:
    turn = {"kind": "event", "key": "event:ab", "source": ["t1"], "status": "active"}
    chat = {"kind": "event", "key": "event:cd", "source": ["t2"], "status": "active"}
    fact = {"kind": "fact", "key": "fact:lives_in", "source": ["t1"], "status": "superseded"}
    assert mem0_listed([turn, chat], [turn, chat, fact]) == [chat]
    assert mem0_listed([turn, chat, fact]) == [chat, fact]


@pytest.mark.parametrize(("said", "query", "fact"), [
    ("Hi, I'm Alex. I love basketball and gaming.", "What does Alex love?", "User loves basketball"),
    ("我叫小周，我特别喜欢打羽毛球。", "小周喜欢什么运动？", "羽毛球"),
])
def test_search_lists_the_memory_in_the_place_of_the_turn_that_said_it(m: Memory, said: str, query: str,
                                                                        fact: str) -> None:
    m.add(said, user_id="alex")
    native = m.api.search(query, user_id="alex", k=5)
    found = m.search(query, user_id="alex", limit=5)["results"]
    texts = [r["memory"] for r in found]
    assert texts and fact in texts[0] and not any(t.startswith("user:") for t in texts), (texts, native)
    assert found[0]["score"] > 0


@pytest.mark.parametrize(("chat", "query"), [("hi there, how was your weekend?", "weekend"),
                                             ("今天天气不错啊", "天气")])
def test_search_still_lists_a_turn_that_produced_no_memory(m: Memory, chat: str, query: str) -> None:
    m.add(chat, user_id="lee")
    assert [r["memory"] for r in m.search(query, user_id="lee")["results"]] == [f"user: {chat}"]


def test_no_user_id_names_another_scope(m: Memory) -> None:
    m.add("I live in Porto and I'm allergic to peanuts", user_id="lin", agent_id="helper")
    m.add("我住在杭州", agent_id="bot")
    m.add("I like jazz", run_id="r1")
    for other in ("lin:helper", "lin#agent#helper", "agent#bot", "run#r1"):
        try:
            assert m.get_all(user_id=other) == {"results": []}, other
        except InvalidField as exc:
            assert "'#'" in str(exc), exc
    with pytest.raises(InvalidField, match="'#'"):
        m.delete_all(user_id="run#r1")
    assert m.get_all(run_id="r1")["results"], "the run's memories are untouched"
    with pytest.raises(InvalidField, match="'#'"):
        m.add("hi", user_id="ann", agent_id="a#b")
    mine = m.get_all(user_id="lin", agent_id="helper")["results"]
    assert any("Porto" in r["memory"] for r in mine)
    assert {(r["user_id"], r["agent_id"]) for r in mine} == {("lin", "helper")}, "both entity ids come back"


def test_a_run_beside_the_user_is_a_session_scope_kept_by_reads_and_delete_all(m: Memory) -> None:
    """Mem0's run_id: memories added with user_id and run_id are the user's and the run's; reads with both see
    that run's only, with user_id alone every run's; delete_all with both deletes that run's only."""
    added = m.add("For this trip I'm flying to Tokyo", user_id="bob", run_id="trip-42")
    m.add("这次出差我住在大阪的酒店", user_id="bob", run_id="trip-7")
    m.add("I live in Leeds", user_id="bob")
    [tokyo] = [r for r in m.get_all(user_id="bob")["results"] if "Tokyo" in r["memory"]]
    assert tokyo["id"] == added["results"][0]["id"] and (tokyo["run_id"], tokyo["metadata"]) == ("trip-42", {})
    assert len(m.get_all(user_id="bob")["results"]) == 3, "user_id alone: every run's"

    def run_of(listed: dict) -> set[str | None]:
        return {r["run_id"] for r in listed["results"]}

    assert run_of(m.get_all(user_id="bob", run_id="trip-42")) == {"trip-42"}
    assert run_of(m.get_all(filters={"user_id": "bob", "run_id": "trip-7"})) == {"trip-7"}
    assert run_of(m.search("where am I staying on this trip? Tokyo Osaka 大阪", user_id="bob",
                           run_id="trip-7")) == {"trip-7"}
    assert m.get_all(user_id="bob", run_id="trip-99") == {"results": []}
    with pytest.raises(InvalidField, match="run_id"):
        m.add("I like tea", user_id="bob", metadata={"run_id": "trip-42"})

    gone = m.delete_all(user_id="bob", run_id="trip-42")
    assert [(d["user_id"], d["run_id"], d["deleted"]) for d in gone["deleted"]] == [("bob", "trip-42", 1)]
    assert run_of(m.get_all(user_id="bob")) == {None, "trip-7"}, "the other run and the user's own stay"


@pytest.mark.parametrize("limit", [0, -1, "3", True, 2.0])
def test_get_all_refuses_a_limit_that_is_no_count(m: Memory, limit: object) -> None:
    m.add([{"role": "user", "content": "I live in Lisbon"}, {"role": "user", "content": "我喜欢喝乌龙茶"}],
          user_id="ana")
    with pytest.raises(InvalidField, match="limit must be an integer of at least 1"):
        m.get_all(user_id="ana", limit=limit)  # type: ignore[arg-type]


@pytest.mark.parametrize("metadata", ["oops", {"ids": {1, 2}}, {"gone": None}, {"x": float("nan")},
                                      {"mem0:json": "[]"}], ids=["text", "set", "null", "nan", "reserved-key"])
def test_add_refuses_metadata_that_is_no_json_and_stores_nothing(m: Memory, metadata: object) -> None:
    with pytest.raises(InvalidField, match="metadata"):
        m.add("我住在杭州", user_id="mei", metadata=metadata)  # type: ignore[arg-type]
    assert m.get_all(user_id="mei") == {"results": []}


def test_metadata_keeps_its_json_types_and_filters_by_value(m: Memory) -> None:
    given = {"source": "chat", "n": 2, "ok": True, "score": 0.5, "tags": ["a", "b"], "when": {"day": 1},
             "digits": "2", "标签": ["家", "猫"]}
    m.add("I live in Porto", user_id="mei", metadata=given)
    assert m.get_all(user_id="mei")["results"][0]["metadata"] == given
    for wanted in ({"n": 2}, {"n": "2"}, {"ok": True}, {"digits": "2"}, {"score": 0.5}):
        found = m.get_all(user_id="mei", filters=wanted)["results"]
        assert [r["metadata"] for r in found] == [given], wanted
    assert m.get_all(user_id="mei", filters={"ok": False})["results"] == []
    assert [r["metadata"] for r in m.search("Porto", user_id="mei", filters={"ok": True})["results"]] == [given]


def test_metadata_stored_as_text_before_reads_as_text(m: Memory) -> None:
    m.api.add("I live in Porto", user_id="old", metadata={"n": "2", "ok": "True"})  # what an add kept before
    assert m.get_all(user_id="old")["results"][0]["metadata"] == {"n": "2", "ok": "True"}


def test_search_takes_mem0_ranking_switches_and_refuses_turning_them_off(m: Memory) -> None:
    m.add("I live in Porto", user_id="kim")
    assert m.search("Porto", user_id="kim", rerank=True, keyword_search=True)["results"]
    for off in ({"rerank": False}, {"keyword_search": False}):
        with pytest.raises(InvalidField, match="not supported"):
            m.search("花生", user_id="kim", **off)  # type: ignore[arg-type]


def test_an_entity_id_given_twice_must_agree(m: Memory) -> None:
    m.add("I live in Porto", user_id="bob")
    assert m.search("Porto", user_id="bob", filters={"user_id": "bob"})["results"]
    with pytest.raises(InvalidField, match="differ"):
        m.search("Porto", user_id="bob", filters={"user_id": "carol"})
    with pytest.raises(InvalidField, match="differ"):
        m.get_all(agent_id="a1", filters={"agent_id": "a2"})
