"""The curation agent sees and writes the same slot keys as the mechanical path (issue 13 §6), EN and ZH."""

from __future__ import annotations

from llm_support import fact, facts
from scripted_server import Reply, ScriptedServer, call

from memory_core.service import Memory


def active_facts(memory: Memory, user: str = "u1") -> list:
    return [i for i in memory.store.list_items(user) if i.kind != "event"]


def test_the_agent_is_shown_the_rules_slot_and_creates_under_it(memory: Memory, server: ScriptedServer,
                                                                 make_turn) -> None:
    server.push(
        facts(fact("用户住在厦门", slot="home")),
        Reply(tool_calls=[call("create_memory", content="用户住在厦门", theme="places", kind="fact",
                               reason="用户说了住处", slot="fact:lives_in")]),
        Reply("完成"))
    memory.ingest([make_turn("我住在厦门，离海边很近。")])
    [item] = active_facts(memory)
    assert item.key == "fact:lives_in"
    prompt = server.requests[1]["messages"][1]["content"]
    assert "slot=fact:lives_in" in prompt and "规则读出的槽位" in prompt


def test_an_item_of_the_same_slot_is_in_view_with_its_key_and_its_successor_keeps_it(
        memory: Memory, server: ScriptedServer, make_turn) -> None:
    server.push(
        facts(fact("User works at Siemens", slot="employer")),
        Reply(tool_calls=[call("create_memory", content="User works at Siemens", theme="work", kind="fact",
                               reason="job", slot="fact:works_at")]),
        Reply("DONE"))
    memory.ingest([make_turn("I work at Siemens in Munich.")])
    [old] = active_facts(memory)
    server.push(
        facts(fact("User works at Bosch now", slot="employer")),
        Reply(tool_calls=[call("update_memory", id=old.id, content="User works at Bosch", reason="new job",
                               change="supersede")]),
        Reply("DONE"))
    memory.ingest([make_turn("Big change: I work at Bosch now.")])
    prompt = server.requests[-2]["messages"][1]["content"]
    assert f"[{old.id}]" in prompt and "slot=fact:works_at" in prompt
    [new] = active_facts(memory)
    assert new.description == "User works at Bosch" and new.key == "fact:works_at"
