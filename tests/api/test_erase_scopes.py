"""Erasing a person reaches the memories the Mem0-shaped calls keep for them with an agent
(``<user>#agent#<agent>``, ``memory_core.user_scopes``), health data included, and says what it erased;
Mem0's ``delete_all(user_id=…)`` deletes them as Mem0's filter on user_id alone does. EN and ZH."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.mem0_compat import Memory


@pytest.fixture()
def mem(tmp_path: Path) -> Memory:
    return Memory(EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/scopes.db"))


def test_delete_all_by_user_deletes_the_users_agent_memories_and_counts_each_scope(mem: Memory) -> None:
    mem.add("I want vegetarian meals on flights", user_id="bob", agent_id="travel-bot")
    mem.add("我的血型是O型阴性", user_id="bob", agent_id="nurse-bot")
    mem.add("I live in Leeds", user_id="bob")
    mem.add("I live in Oslo", user_id="bobby")  # a user whose id starts with bob's is another user
    mem.add("I like jazz", agent_id="travel-bot")  # the agent's own memory names no user

    answer = mem.delete_all(user_id="bob")

    scopes = {(d["user_id"], d["agent_id"]): d["deleted"] for d in answer["deleted"]}
    assert set(scopes) == {("bob", None), ("bob", "travel-bot"), ("bob", "nurse-bot")}, answer
    assert all(n >= 1 for n in scopes.values()), answer
    for agent in ("travel-bot", "nurse-bot"):
        assert mem.get_all(user_id="bob", agent_id=agent) == {"results": []}
    assert mem.get_all(user_id="bob") == {"results": []}
    assert mem.get_all(user_id="bobby")["results"], "another user is untouched"
    assert mem.get_all(agent_id="travel-bot")["results"], "the agent's own memories are not the user's"


def test_reset_of_a_user_erases_their_agent_scopes_too(mem: Memory) -> None:
    mem.add("My blood type is O negative and I live in Kyiv.", user_id="erz", agent_id="nurse-bot")
    mem.add("I live in Kyiv", user_id="erz")
    api = mem.api
    assert set(api.users()) == {"erz", "erz#agent#nurse-bot"}

    removed = api.reset(user_id="erz")

    assert removed >= 3 and api.users() == []
    assert mem.get_all(user_id="erz", agent_id="nurse-bot") == {"results": []}


def test_a_user_with_memories_only_through_an_agent_is_still_deleted(mem: Memory) -> None:
    mem.add("I am allergic to penicillin", user_id="cy", agent_id="nurse-bot")
    answer = mem.delete_all(user_id="cy")
    assert [(d["user_id"], d["agent_id"]) for d in answer["deleted"] if d["deleted"]] == [("cy", "nurse-bot")]
    assert mem.get_all(user_id="cy", agent_id="nurse-bot") == {"results": []}


def test_erasing_a_user_whose_id_holds_a_like_wildcard_reaches_only_their_own_scopes(mem: Memory) -> None:
    mem.add("I live in Leeds", user_id="a_b", agent_id="nurse-bot")
    mem.add("I live in Oslo", user_id="axb", agent_id="nurse-bot")  # '_' as a LIKE wildcard would match 'x'
    api = mem.api

    assert api.reset(user_id="a_b") >= 1

    assert api.users() == ["axb#agent#nurse-bot"]
    assert mem.get_all(user_id="axb", agent_id="nurse-bot")["results"], "the other user is untouched"
