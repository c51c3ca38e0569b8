"""The MCP tools' arguments are strict (``memory_core.integrations.mcp_args``): "3" is not an integer, and a
refused call is one readable line per field; driven in process by the MCP SDK's own client."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from mcp import Client

from memory_core.embedded import EmbeddedMemory
from memory_core.integrations.mcp_server import build_mcp_server


def _calls(tmp_path: Path, calls: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    """Each tool call's result, on a fresh embedded store whose default user is ``ana``."""
    api = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/mcp.db")
    server = build_mcp_server(api, user_id="ana")

    async def main() -> list[Any]:
        async with Client(server) as client:
            return [await client.call_tool(name, args) for name, args in calls]

    try:
        return asyncio.run(main())
    finally:
        api.close()


def test_scalar_arguments_take_their_json_type_only(tmp_path: Path) -> None:
    refused: list[tuple[str, dict[str, Any], str]] = [
        ("search_memories", {"query": "where do I live?", "k": "3"},
         "k: Input should be a valid integer (got str '3')"),
        ("search_memories", {"query": "我住在哪里", "limit": 2.0},
         "limit: Input should be a valid integer (got float 2.0)"),
        ("search_memories", {"query": "cat", "k": True}, "k: Input should be a valid integer (got bool True)"),
        ("get_memories", {"offset": "0"}, "offset: Input should be a valid integer (got str '0')"),
        ("recall_context", {"query": "猫", "budget_tokens": "200"},
         "budget_tokens: Input should be a valid integer (got str '200')"),
        ("recall_context", {"query": 3}, "query: Input should be a valid string (got int 3)"),
        ("delete_memory", {"memory_id": "m-1", "purge": "true"}, "purge: Input should be a valid boolean"),
        ("add_memory", {"text": "I like tea", "metadata": {"level": 2}}, "metadata.level: Input should be a valid "
                                                                         "string (got int 2)"),
    ]
    results = _calls(tmp_path, [(name, args) for name, args, _ in refused])
    for (name, args, line), result in zip(refused, results, strict=True):
        assert result.is_error, (name, args, result)
        text = result.content[0].text
        assert text.startswith(f"Error executing tool {name}: InvalidField: {line}"), text
        assert "\n" not in text and "errors.pydantic.dev" not in text, text  # one line, no pydantic report


def test_the_right_types_are_taken_and_an_object_may_come_as_json_text(tmp_path: Path) -> None:
    added, found, listed, recalled = _calls(tmp_path, [
        ("add_memory", {"text": "I moved to Lisbon and I love spicy food.", "metadata": {"via": "mcp"}}),
        ("search_memories", {"query": "where do I live?", "k": 3}),
        ("get_memories", {"filters": '{"kind": "fact"}', "limit": 10, "offset": 0}),  # the SDK reads the JSON text
        ("recall_context", {"query": "我住在哪里", "k": 2, "budget_tokens": 200}),
    ])
    for result in (added, found, listed, recalled):
        assert not result.is_error, result.content
    assert "Lisbon" in found.structured_content["result"][0]["description"]
    assert [r["kind"] for r in listed.structured_content["result"]] == ["fact"]
    assert "Lisbon" in recalled.structured_content["context"]


def test_several_refused_fields_are_one_line_each(tmp_path: Path) -> None:
    (result,) = _calls(tmp_path, [("search_memories", {"query": 7, "limit": "3", "k": "x"})])
    assert result.is_error
    assert result.content[0].text.splitlines() == [
        "Error executing tool search_memories: InvalidField: query: Input should be a valid string (got int 7)",
        "limit: Input should be a valid integer (got str '3')",
        "k: Input should be a valid integer (got str 'x')",
    ]


def test_a_missing_argument_is_named(tmp_path: Path) -> None:
    (result,) = _calls(tmp_path, [("get_memory", {})])
    assert result.is_error and result.content[0].text == (
        "Error executing tool get_memory: InvalidField: memory_id: required")
