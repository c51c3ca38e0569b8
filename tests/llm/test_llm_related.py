"""The curation agent's related-item lookup and the per-language caches of the write path.

``RelatedItems`` keeps one user's BM25 over active non-event items across
turns: these tests change the store between calls (add, event, hit, update,
delete, merge, erase) and check both what is found and what was re-read or
rebuilt. The curation tools' schemas and the model bindings are built once
per language; the chat model sends its large request parts past the openai
client's typed walk.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _memstore import DictStore
from llm_support import fact, facts
from scripted_server import Reply, ScriptedServer, call

from memory_core.llm.chat import JSON_READY_KEYS
from memory_core.llm.curator import CurationAgent
from memory_core.llm.metrics import LLMMetrics
from memory_core.llm.related import RELATED_KINDS, RelatedItems
from memory_core.llm.tools import TOOL_NAMES, tool_specs
from memory_core.service import Memory
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import EndOp

DONE = Reply("DONE")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqlStore]:
    sql = SqlStore(f"sqlite:///{tmp_path}/related.sqlite3", migrate=True)
    yield sql
    sql.close()


def found(lookup: RelatedItems, store: Any, query: str, user: str = "u1", seq: int = 0) -> list[str]:
    index = lookup.index(store, user, seq)
    return [r.item.description for r in lookup.search(index, query, 10)]


def test_an_unchanged_memory_is_not_read_again(store: SqlStore) -> None:
    store.add("u1", "User lives in Lisbon", "places", kind="fact")
    lookup = RelatedItems()
    first = lookup.index(store, "u1")
    assert lookup.index(store, "u1") is first
    assert (lookup.reads, lookup.builds) == (1, 1)


def test_an_event_only_change_keeps_the_bm25(store: SqlStore) -> None:
    home = store.add("u1", "User lives in Lisbon", "places", kind="fact")
    lookup = RelatedItems()
    before = lookup.index(store, "u1")
    store.add("u1", "I went to Lisbon's old town today", "moments", kind="event")
    store.hit("u1", home, 3)  # hits leave the version: picked up at the next read
    after = lookup.index(store, "u1")
    assert (lookup.reads, lookup.builds) == (2, 1)
    assert after.bm25 is before.bm25
    [result] = lookup.search(after, "Lisbon", 10)
    assert (result.item.description, result.item.kind, result.item.hit) == ("User lives in Lisbon", "fact", 3)


def test_text_changes_are_seen_at_the_next_turn(store: SqlStore) -> None:
    home = store.add("u1", "User lives in Lisbon", "places", kind="fact")
    tea = store.add("u1", "User likes green tea", "taste", kind="preference")
    cello = store.add("u1", "User plays the cello", "music", kind="fact")
    lookup = RelatedItems()
    assert found(lookup, store, "moved to Lisbon") == ["User lives in Lisbon"]

    store.update("u1", home, "moved", "User lives in Porto")
    assert found(lookup, store, "moved to Lisbon") == []
    assert found(lookup, store, "Porto is nice") == ["User lives in Porto"]

    store.delete("u1", tea, "asked to forget")
    assert found(lookup, store, "green tea") == []

    store.apply("u1", [EndOp(cello, "superseded", "stopped playing")])
    assert found(lookup, store, "the cello") == []

    piano = store.add("u1", "User plays the piano", "music", kind="fact")
    organ = store.add("u1", "User plays the organ", "music", kind="fact")
    store.merge("u1", piano, organ, "User plays the piano and the organ", "music", "same thing")
    assert found(lookup, store, "organ") == ["User plays the piano and the organ"]
    assert lookup.builds == 5  # one per changed text set; tokens of unchanged texts were kept


def test_only_the_users_active_non_event_items_are_searched(store: SqlStore) -> None:
    store.add("u1", "User hiked near Sintra", "moments", kind="event")
    store.add("u1", "User wants to hike near Sintra again", "todo", kind="todo")
    store.add("u2", "User lives near Sintra", "places", kind="fact")
    lookup = RelatedItems()
    assert found(lookup, store, "Sintra") == ["User wants to hike near Sintra again"]
    assert "event" not in RELATED_KINDS


def test_chinese_items_are_found_and_names_kept_whole(store: SqlStore) -> None:
    store.add("u1", "用户住在杭州", "places", kind="fact")
    store.add("u1", "用户喜欢吃火锅", "taste", kind="preference")
    store.add("u1", "用户的猫名叫糯米团", "pets", kind="fact")
    lookup = RelatedItems()
    assert found(lookup, store, "我上个月搬到杭州了") == ["用户住在杭州"]
    assert found(lookup, store, "今晚想吃火锅") == ["用户喜欢吃火锅"]
    assert "糯米团" in lookup.index(store, "u1").lexicon  # a name jieba would cut into 糯米 + 团
    assert found(lookup, store, "今天带糯米团去看兽医") == ["用户的猫名叫糯米团"]

    store.add("u1", "用户的同事名叫林晓峰", "people", kind="fact")  # a new name: texts re-cut once
    builds = lookup.builds
    assert found(lookup, store, "林晓峰请我吃饭") == ["用户的同事名叫林晓峰"]
    assert lookup.builds == builds + 1


def test_a_turn_not_past_the_last_one_reads_again(store: SqlStore) -> None:
    store.add("u1", "User lives in Lisbon", "places", kind="fact")
    lookup = RelatedItems()
    lookup.index(store, "u1", seq=3)
    lookup.index(store, "u1", seq=4)
    assert lookup.reads == 1
    lookup.index(store, "u1", seq=4)  # the same turn planned again (its apply failed)
    assert lookup.reads == 2

    # After an erasure SQLite's per-user version counter starts again: the same
    # version can come back with other items. The turns are numbered again too.
    store.erase_user("u1")
    store.add("u1", "User lives in Osaka", "places", kind="fact")
    assert found(lookup, store, "Lisbon Osaka", seq=1) == ["User lives in Osaka"]


def test_a_store_with_the_base_defaults_is_read_again_only_after_a_change() -> None:
    plain = DictStore()  # the base store's hashed memory_version and list_items_for_index (with history)
    plain.add("u1", "User lives in Lisbon", "places", kind="fact")
    lookup = RelatedItems()
    assert found(lookup, plain, "Lisbon") == ["User lives in Lisbon"]
    assert found(lookup, plain, "Lisbon") == ["User lives in Lisbon"]
    assert lookup.reads == 1
    plain.add("u1", "用户喜欢里斯本的电车", "places", kind="preference")
    assert found(lookup, plain, "里斯本") == ["用户喜欢里斯本的电车"]
    assert lookup.reads == 2


def test_least_recently_used_users_are_dropped(store: SqlStore) -> None:
    for user in ("u1", "u2", "u3"):
        store.add(user, "User lives in Lisbon", "places", kind="fact")
    lookup = RelatedItems(max_users=2)
    for user in ("u1", "u2", "u3", "u1"):
        lookup.index(store, user)
    assert lookup.reads == 4


def test_the_agent_sees_what_an_earlier_turn_created_and_not_what_was_deleted(
        memory: Memory, server: ScriptedServer, make_turn) -> None:
    server.push(facts(fact("User plays the cello", theme="music")),
                Reply(tool_calls=[call("create_memory", content="User plays the cello", theme="music")]), DONE)
    memory.ingest([make_turn("I play the cello")])
    [cello] = [i for i in memory.store.list_items("u1") if i.kind != "event"]

    server.push(facts(fact("User practised the cello today", "event", "moments")), DONE)
    memory.ingest([make_turn("I practised the cello for two hours")])
    assert "User plays the cello" in server.requests[-1]["messages"][1]["content"]

    memory.store.delete("u1", cello.id, "asked to forget")
    server.push(facts(fact("User will buy new cello strings", "todo", "todo")), DONE)
    memory.ingest([make_turn("I need new cello strings")])
    assert "User plays the cello" not in server.requests[-1]["messages"][1]["content"]


def test_tool_specs_are_built_once_per_language_and_handed_out_as_copies(monkeypatch: pytest.MonkeyPatch) -> None:
    en, zh = tool_specs("en"), tool_specs("zh")
    assert [s["function"]["name"] for s in en] == list(TOOL_NAMES)
    assert en[0]["function"]["description"] != zh[0]["function"]["description"]
    assert en[0]["function"]["parameters"] == zh[0]["function"]["parameters"]

    from pydantic import BaseModel

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("schemas rebuilt")

    monkeypatch.setattr(BaseModel, "model_json_schema", classmethod(refuse))
    en[0]["function"]["parameters"]["properties"].clear()
    assert tool_specs("en")[0]["function"]["parameters"]["properties"]  # the cache was not touched
    assert tool_specs("fr") == tool_specs("en")


def test_the_agent_binds_its_tools_once_per_language(model: Any) -> None:
    agent = CurationAgent(model, LLMMetrics())
    assert agent.bound("en") is agent.bound("en")
    assert agent.bound("zh") is not agent.bound("en")
    tools = agent.bound("zh").kwargs["tools"]  # type: ignore[attr-defined]
    assert tools[0]["function"]["description"] == tool_specs("zh")[0]["function"]["description"]


def test_large_request_parts_go_out_as_extra_body(model: Any) -> None:
    from langchain_core.messages import HumanMessage

    bound = model.bind(response_format={"type": "json_object"}, tools=tool_specs("en"))
    payload = model._get_request_payload([HumanMessage(content="hello")], **bound.kwargs)
    assert payload["messages"] == []
    assert set(JSON_READY_KEYS) <= set(payload["extra_body"])
    assert payload["extra_body"]["messages"] == [{"role": "user", "content": "hello"}]
    assert "tools" not in payload and "response_format" not in payload
