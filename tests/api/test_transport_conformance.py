"""One script, three transports: embedded (SQLite), distributed (real Celery workers, Redis, PostgreSQL)
and HTTP (the shim under uvicorn in front of the same workers). Each must give the same transcript."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from _http_stack import Stack
from conformance import run_script
from masking_script import run_masking_script
from purge_script import KEY, run_purge_script, stored_rows_holding

from api_shim.api_client import DistributedMemory, HttpMemory
from memory_core.api import AsyncMemory, MemoryAPI
from memory_core.embedded import EmbeddedMemory
from memory_core.errors import InvalidField, UnknownItem


@pytest.fixture(scope="module")
def embedded_transcript(tmp_path_factory: pytest.TempPathFactory) -> list[Any]:
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path_factory.mktemp('emb')}/m.db")
    try:
        return run_script(mem, "ana", "bob")
    finally:
        mem.close()


def distributed(stack: Stack) -> DistributedMemory:
    return DistributedMemory(stack.redis.url, database_url=stack.db_url, recall_timeout_ms=5000,
                             request_timeout_s=30)


def test_distributed_gives_the_embedded_transcript(stack: Stack, embedded_transcript: list[Any]) -> None:
    mem = distributed(stack)
    try:
        assert isinstance(mem, MemoryAPI)
        assert run_script(mem, "ana-d", "bob-d") == embedded_transcript
    finally:
        mem.close()


def test_http_gives_the_embedded_transcript(stack: Stack, embedded_transcript: list[Any]) -> None:
    mem = HttpMemory(stack.base_url, stack.key("acme"))
    try:
        assert run_script(mem, "ana-h", "bob-h") == embedded_transcript
    finally:
        mem.close()


def test_distributed_and_http_mask_sensitive_values_as_embedded_does(stack: Stack) -> None:
    # each transport runs the script's checks (no value shown unless revealed, the asked kind in clear); the
    # items themselves may differ where the workers curate a burst of turns in other batches than in process
    remote, web = distributed(stack), HttpMemory(stack.base_url, stack.key("acme"))
    try:
        assert run_masking_script(remote, "sec-d")
        assert run_masking_script(web, "sec-h")
    finally:
        remote.close()
        web.close()


def test_distributed_and_http_purge_a_deleted_secret_from_every_table(stack: Stack) -> None:
    remote, web = distributed(stack), HttpMemory(stack.base_url, stack.key("acme"))
    try:
        run_purge_script(remote, "purge-d", "en")
        run_purge_script(web, "purge-h", "zh")
        assert stored_rows_holding(stack.db_url, KEY) == []
    finally:
        remote.close()
        web.close()
    acme = stack.client(stack.key("acme"))
    try:  # the Mem0-shaped route
        said = [{"role": "user", "content": f"My OpenAI key is {KEY}, keep it for me."}]
        added = acme.post("/mem0/memories", json={"messages": said, "user_id": "purge-m"}).json()["results"]
        key_id = next(r["id"] for r in added if "OpenAI" in r["memory"])
        assert acme.delete(f"/mem0/memories/{key_id}", params={"purge": "true"}).status_code == 200
        assert acme.delete(f"/mem0/memories/{key_id}", params={"purge": "maybe"}).status_code == 422
        assert stored_rows_holding(stack.db_url, KEY) == []
    finally:
        acme.close()


def test_http_users_stay_inside_their_tenant(stack: Stack) -> None:
    acme, globex = HttpMemory(stack.base_url, stack.key("acme")), HttpMemory(stack.base_url, stack.key("globex"))
    try:
        item = acme.add("我住在杭州", user_id="zoe", infer=False)["results"][0]
        with pytest.raises(UnknownItem):
            globex.get(item["id"], user_id="zoe")
        assert globex.search("杭州", user_id="zoe") == []
        assert acme.get(item["id"], user_id="zoe")["user_id"] == "zoe"
    finally:
        acme.close()
        globex.close()


def test_async_twins_on_the_remote_transports(stack: Stack, tmp_path: Path) -> None:
    remote = distributed(stack)
    web = HttpMemory(stack.base_url, stack.key("acme"))

    async def script(api: AsyncMemory, user: str) -> tuple[list[str], str]:
        await api.add([{"role": "user", "content": "I started learning the cello."}], user_id=user)
        found = await api.search("cello", user_id=user)
        with pytest.raises(InvalidField):
            await api.search("cello", user_id=user, filters={"mood": "happy"})
        recalled = await api.recall("which instrument am I learning?", user_id=user)
        return [r["description"] for r in found], recalled["context"]

    try:
        one = asyncio.run(script(AsyncMemory(remote), "cy-d"))
        two = asyncio.run(script(AsyncMemory(web), "cy-h"))
        assert one[0] == two[0] and "cello" in one[1] and "cello" in two[1]
    finally:
        remote.close()
        web.close()


def test_mem0_rest_routes(stack: Stack) -> None:
    """Mem0 server calls, as its REST clients send them, against /mem0 of the shim."""
    acme, globex = stack.client(stack.key("acme")), stack.client(stack.key("globex"))
    try:
        messages = [{"role": "user", "content": "Hi, I'm Alex. I love basketball and gaming."},
                    {"role": "assistant", "content": "Hey Alex! I'll remember your interests."}]
        added = acme.post("/mem0/memories", json={"messages": messages, "user_id": "alex"})
        assert added.status_code == 200, added.text
        assert added.json()["results"] and all(r["event"] == "ADD" for r in added.json()["results"])
        found = acme.post("/mem0/search", json={"query": "basketball", "filters": {"user_id": "alex"}}).json()
        top = found["results"][0]
        assert "basketball" in top["memory"] and top["user_id"] == "alex" and "score" in top
        memory_id = top["id"]
        assert acme.get(f"/mem0/memories/{memory_id}").json()["memory"] == top["memory"]
        assert globex.get(f"/mem0/memories/{memory_id}").status_code == 404, "another tenant's memory"
        assert acme.get(f"/mem0/memories/{memory_id[:8]}").json()["id"] == memory_id, "a unique id prefix"
        assert globex.get(f"/mem0/memories/{memory_id[:8]}").status_code == 404, "another tenant's, by prefix"
        assert acme.get(f"/v1/users/alex/items/{memory_id[:7]}").json()["id"] == memory_id
        for given in ("pfx-mem0-1", "pfx-mem0-2"):
            acme.post("/v1/users/alex/items", json={"id": given, "description": "我喜欢篮球", "theme": "hobby",
                                                    "reason": "added by hand"})
        assert acme.get("/mem0/memories/pfx-mem0").status_code == 422, "a prefix of two memories"
        assert "matches 2 items" in acme.get("/v1/users/alex/items/pfx-mem0").json()["error"]["message"]
        assert acme.put(f"/mem0/memories/{memory_id}", json={"text": "Alex loves basketball"}).status_code == 200
        history = acme.get(f"/mem0/memories/{memory_id}/history").json()
        assert [h["event"] for h in history] == ["ADD", "UPDATE"] and history[-1]["new_memory"] == \
            "Alex loves basketball"
        listed = acme.get("/mem0/memories", params={"user_id": "alex"}).json()["results"]
        assert memory_id in [m["id"] for m in listed]
        assert acme.post("/mem0/search", json={"query": "x"}).status_code == 422, "no user, agent or run id"
        assert acme.delete(f"/mem0/memories/{memory_id}").status_code == 200
        assert acme.delete("/mem0/memories", params={"user_id": "alex"}).status_code == 200
        assert acme.get("/mem0/memories", params={"user_id": "alex"}).json() == {"results": []}
        acme.post("/mem0/memories", json={"messages": [{"role": "user", "content": "我喜欢喝茶"}],
                                          "user_id": "li", "infer": False})
        globex.post("/mem0/memories", json={"messages": [{"role": "user", "content": "I like tea"}],
                                            "user_id": "li", "infer": False})
        assert acme.post("/mem0/reset").status_code == 200
        assert acme.get("/mem0/memories", params={"user_id": "li"}).json() == {"results": []}
        assert globex.get("/mem0/memories", params={"user_id": "li"}).json()["results"], "reset stays in its tenant"
    finally:
        acme.close()
        globex.close()
