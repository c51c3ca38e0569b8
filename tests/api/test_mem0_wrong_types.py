"""Mem0-shaped calls with an argument of the wrong type (``filters=["alex"]``, ``limit="5"``, metadata that is no
mapping) are refused at the edge with a message naming the shape to send, on every transport they reach (the
embedded Python API, MCP, the HTTP shim; the CLI takes none of them), and nothing stored changes."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from _http_stack import Stack
from mcp import Client

from memory_core.embedded import EmbeddedMemory
from memory_core.errors import InvalidField
from memory_core.integrations.mcp_server import build_mcp_server
from memory_core.mem0_compat import Memory

MEM0_FILTERS = 'filters={"user_id": "alex"}'


@pytest.fixture
def mem0(tmp_path: Path) -> Any:
    m = Memory(EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m.db"))
    m.add("I live in Lisbon", user_id="alex")
    yield m
    m.api.close()


@pytest.mark.parametrize("call, named", [
    (lambda m: m.search("where do I live?", filters=["alex"]), MEM0_FILTERS),
    (lambda m: m.search("我住在哪里", filters="alex"), MEM0_FILTERS),
    (lambda m: m.get_all(filters=["alex"]), MEM0_FILTERS),
    (lambda m: m.search("where do I live?", user_id="alex", limit="5"), "limit must be an integer"),
    (lambda m: m.get_all(user_id="alex", limit="5"), "limit must be an integer"),
    (lambda m: m.search("where do I live?", user_id="alex", top_k="3"), "top_k must be an integer"),
    (lambda m: m.search("where do I live?", user_id="alex", threshold="0.5"), "threshold must be a number"),
    (lambda m: m.add("I like tea", user_id="alex", metadata=["tea"]), 'metadata={"category": "movies"}'),
    (lambda m: m.add("我喜欢喝茶", user_id="alex", metadata="tea"), 'metadata={"category": "movies"}'),
])
def test_the_python_mem0_shape_refuses_a_wrong_type_naming_the_shape(mem0: Any, call: Any, named: str) -> None:
    before = mem0.get_all(user_id="alex")
    with pytest.raises(InvalidField) as refused:
        call(mem0)
    assert named in str(refused.value)
    assert not isinstance(refused.value.__cause__, ValueError | TypeError)  # refused here, not deep inside
    assert mem0.get_all(user_id="alex") == before


def test_the_memory_api_names_its_own_filter_shape(mem0: Any) -> None:
    api = mem0.api
    with pytest.raises(InvalidField, match=r'filters=\{"theme": "places"\}.*got list'):
        api.search("where do I live?", user_id="alex", filters=["alex"])
    with pytest.raises(InvalidField, match=r"user_id is not a filter here: pass the user as user_id="):
        api.search("where do I live?", user_id="alex", filters={"user_id": "alex"})


def test_mcp_names_the_object_shapes(tmp_path: Path) -> None:
    api = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/mcp.db")
    server = build_mcp_server(api, user_id="ana")
    calls = [("search_memories", {"query": "where do I live?", "filters": ["alex"]}, 'such as {"theme": "places"}'),
             ("get_memories", {"filters": "alex"}, 'such as {"theme": "places"}'),
             ("search_memories", {"query": "我住在哪里", "filters": {"user_id": "alex"}}, "user_id is not a filter"),
             ("search_memories", {"query": "where?", "limit": "5"}, "limit: Input should be a valid integer"),
             ("add_memory", {"text": "I like tea", "metadata": ["tea"]}, 'such as {"category": "movies"}')]

    async def main() -> list[Any]:
        async with Client(server) as client:
            out = [await client.call_tool(name, args) for name, args, _ in calls]
            out.append(await client.call_tool("get_memories", {}))
            return out

    try:
        results = asyncio.run(main())
    finally:
        api.close()
    for (name, _, named), result in zip(calls, results, strict=False):
        assert result.is_error and named in result.content[0].text, (name, result.content)
    assert results[-1].structured_content["result"] == []  # the refused add stored nothing


def test_http_mem0_routes_name_the_shape(stack: Stack) -> None:
    acme = stack.client(stack.key("acme"))
    try:
        said = {"messages": [{"role": "user", "content": "I live in Lisbon"}], "user_id": "alex-wt"}
        assert acme.post("/mem0/memories", json=said).status_code == 200
        before = acme.get("/mem0/memories", params={"user_id": "alex-wt"}).json()
        for body, named in [({"query": "where?", "filters": ["alex-wt"]}, MEM0_FILTERS),
                            ({"query": "我住在哪里", "filters": "alex-wt"}, MEM0_FILTERS),
                            ({"query": "where?", "user_id": "alex-wt", "limit": "5"}, "limit"),
                            ({"query": "where?", "user_id": "alex-wt", "top_k": "5"}, "top_k"),
                            ({"query": "where?", "user_id": "alex-wt", "threshold": "0.5"}, "threshold")]:
            refused = acme.post("/mem0/search", json=body)
            assert refused.status_code == 422, refused.text
            assert named in refused.json()["error"]["message"], refused.text
        bad_meta = acme.post("/mem0/memories", json={**said, "messages": [{"role": "user", "content": "I like tea"}],
                                                     "metadata": ["tea"]})
        assert bad_meta.status_code == 422 and 'metadata={"category": "movies"}' in bad_meta.json()["error"]["message"]
        assert acme.get("/mem0/memories", params={"user_id": "alex-wt"}).json() == before
        found = acme.post("/mem0/search", json={"query": "where do I live?", "filters": {"user_id": "alex-wt"},
                                                "limit": 5})
        assert found.status_code == 200 and "Lisbon" in str(found.json()), found.text
    finally:
        acme.close()
