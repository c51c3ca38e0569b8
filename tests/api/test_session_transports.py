"""The session calls on the remote transports: the same answers as embedded, the window served from Redis.

The tiered ``prompt_context`` too: the same block (times of this run aside), packed on the worker.

Real Celery workers, Redis and PostgreSQL (the shared ``stack``), and the HTTP shim in front of them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import redis
from _http_stack import Stack

from api_shim.api_client import DistributedMemory, HttpMemory
from memory_core.embedded import EmbeddedMemory
from memory_core.errors import InvalidInput
from workers.session_window import window_keys

TURNS = [("I am planning the move to Lisbon next month, the flat hunt is exhausting", "user"),
         ("Noted. Which neighbourhoods are you looking at?", "assistant"),
         ("我们打算住在阿尔法玛附近，离地铁近一点", "user"),
         ("好的，我记下了。", "assistant"),
         ("Also remind me that the movers need the inventory list by Friday", "user")]


def _undated(text: str) -> str:
    """The block with the run's own times (working memory's updates, checkpoints) blanked: the turns keep theirs."""
    return re.sub(r"20\d\d-\d\d-\d\d[ T][\d:.]+(?:[+-]\d\d:\d\d|Z)?", lambda m: m[0] if m[0].startswith("2026-11-20")
                  else "<now>", text)


def _script(mem: Any, user: str) -> list[Any]:
    mem.add([{"role": role, "content": text, "id": f"t{n}"} for n, (text, role) in enumerate(TURNS)],
            user_id=user, session_id="move-1", timestamp="2026-11-20T10:00:00Z")
    out: list[Any] = []
    for budget in (None, 40):
        window = mem.session_context(user_id=user, session_id="move-1", budget_tokens=budget)
        out.append(([(t["turn_id"], t["role"], t["text"]) for t in window["turns"]], window["summary"],
                    window["older_turns"], window["tokens"]))
    out.append(mem.session_context(user_id=user, session_id="nothing-here")["turns"])
    out.append(mem.working_memory(user_id=user, session_id="move-1"))
    state = mem.update_working_memory(user_id=user, session_id="move-1", goal="move to Lisbon",
                                      add_steps=["find a flat", "book movers"], scratch={"budget": "2000 EUR"})
    state = mem.update_working_memory(user_id=user, session_id="move-1", step_states={0: "done"},
                                      checkpoint="flat found")
    out.append((state["goal"], [(s["text"], s["state"]) for s in state["steps"]], state["scratch"],
                [c["label"] for c in state["checkpoints"]], state["checkpoints"][0]["done_steps"]))
    out.append(mem.working_memory(user_id=user, session_id="move-1")["steps"])
    out.append(mem.prompt_context("Where am I moving to?", user_id=user, session_id="move-1", budget_tokens=0))
    for query, budget in (("Where am I moving to?", None), ("我们打算住在哪里？", 120)):
        packed = mem.prompt_context(query, user_id=user, session_id="move-1", budget_tokens=budget)
        assert packed["tokens"] <= (budget or 10_000) and packed["lines"]["working"] >= 1
        out.append((_undated(packed["text"]), packed["tokens"], packed["truncated"], packed["lines"],
                    len(packed["item_ids"])))
    for bad_args in ({"query": " "}, {"query": "where?", "k": 0}, {"query": "where?", "budget_tokens": -1}):
        with pytest.raises(InvalidInput):
            mem.prompt_context(user_id=user, session_id="move-1", **bad_args)
    for bad in ({"colour": "red"}, {"step_states": {"x": "done"}}, {"status": "sleeping"}):
        with pytest.raises(InvalidInput):
            mem.update_working_memory(user_id=user, session_id="move-1", **bad)
    with pytest.raises(InvalidInput):
        mem.session_context(user_id=user, session_id="move-1", budget_tokens=0)
    out.append(mem.clear_working_memory(user_id=user, session_id="move-1"))
    out.append(mem.working_memory(user_id=user, session_id="move-1"))
    out.append(mem.clear_working_memory(user_id=user, session_id="move-1"))
    return out


@pytest.fixture(scope="module")
def embedded_answers(tmp_path_factory: pytest.TempPathFactory) -> list[Any]:
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path_factory.mktemp('sess')}/m.db")
    try:
        return _script(mem, "sia")
    finally:
        mem.close()


def test_distributed_session_calls_match_embedded_and_use_redis(stack: Stack, embedded_answers: list[Any]) -> None:
    mem = DistributedMemory(stack.redis.url, database_url=stack.db_url, request_timeout_s=30)
    client = redis.Redis.from_url(stack.redis.url)
    try:
        answers = _script(mem, "sia-d")
        assert answers == embedded_answers
        turns_key, meta_key, summary_key = window_keys("sia-d", "move-1")
        held = client.zrange(turns_key, 0, -1)
        assert len(held) == len(TURNS) and b"Lisbon" in held[0]
        meta = client.hgetall(meta_key)
        assert (meta[b"before"], meta[b"trimmed"]) == (b"0", b"0")
        assert client.exists(summary_key)  # the 40-token window folded the older turns into a summary in Redis
        assert client.ttl(turns_key) > 0
    finally:
        mem.close()
        client.close()


def test_http_session_calls_match_embedded(stack: Stack, embedded_answers: list[Any]) -> None:
    mem = HttpMemory(stack.base_url, stack.key("acme"))
    try:
        assert _script(mem, "sia-h") == embedded_answers
    finally:
        mem.close()


def test_erase_removes_the_session_windows(stack: Stack, tmp_path: Path) -> None:
    mem = DistributedMemory(stack.redis.url, database_url=stack.db_url, request_timeout_s=30)
    client = redis.Redis.from_url(stack.redis.url)
    try:
        mem.add("我下周要去成都出差", user_id="era-d", session_id="s:1")
        assert client.exists(window_keys("era-d", "s:1")[0])
        mem.reset(user_id="era-d")
        assert not client.keys("*era-d*")
        assert mem.session_context(user_id="era-d", session_id="s:1")["turns"] == []
    finally:
        mem.close()
        client.close()


def test_delete_all_forgets_the_session_turns_on_every_transport(stack: Stack, tmp_path: Path) -> None:
    said = [{"role": "user", "content": "我下周要去成都出差", "timestamp": "2026-11-20T10:00:00+08:00"},
            {"role": "user", "content": "I need a hotel near the office", "timestamp": "2026-11-20T10:01:00+08:00"}]
    client = redis.Redis.from_url(stack.redis.url)
    apis = [(EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/d.db"), "wipe"),
            (DistributedMemory(stack.redis.url, database_url=stack.db_url, request_timeout_s=30), "wipe-d"),
            (HttpMemory(stack.base_url, stack.key("acme")), "wipe-h")]
    try:
        for mem, user in apis:
            mem.add(said, user_id=user, session_id="trip")
            assert len(mem.session_context(user_id=user, session_id="trip")["turns"]) == 2
            mem.delete_all(user_id=user)
            assert mem.session_context(user_id=user, session_id="trip")["turns"] == [], user
            again = mem.add(said, user_id=user, session_id="trip")  # the same messages, stored anew
            assert again["results"] and len(mem.session_context(user_id=user, session_id="trip")["turns"]) == 2
        assert client.exists(window_keys("wipe-d", "trip")[0])  # filled again by the replay's ingest
    finally:
        for mem, _ in apis:
            mem.close()
        client.close()
