"""``gulfstream remote mcp | chat`` on the distributed system and over HTTP (real workers, Redis, PostgreSQL)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from _http_stack import Stack
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from scripted_server import Reply, scripted_server

from api_shim.api_client import DistributedMemory

REPO = Path(__file__).resolve().parents[2]
PLUGIN = ["-c", "from api_shim.integrations.cli import app; app()"]
ENV = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO), "PYTHONIOENCODING": "utf-8", "HOME": "/tmp"}


def test_pyproject_mounts_the_plugin() -> None:
    text = (REPO / "pyproject.toml").read_text()
    assert 'remote = "api_shim.integrations.cli:app"' in text


def mcp_session(args: list[str], user: str) -> dict[str, Any]:
    params = StdioServerParameters(command=sys.executable, args=[*PLUGIN, "mcp", "--user", user, *args],
                                   cwd=str(REPO), env=ENV)

    async def main() -> dict[str, Any]:
        async with Client(params, read_timeout_seconds=60) as client:
            added = await client.call_tool("add_memory", {"text": "I moved to Lisbon and I love spicy food."})
            assert not added.is_error, added.content
            found = await client.call_tool("search_memories", {"query": "where do I live?"})
            context = await client.call_tool("recall_context", {"query": "where do I live?"})
            other = await client.call_tool("get_memory", {"memory_id": "0000000000000000"})
            return {"found": found.structured_content, "context": context.structured_content,
                    "other_error": other.is_error and "UnknownItem" in other.content[0].text}

    return asyncio.run(main())


def test_remote_mcp_on_the_workers_and_over_http(stack: Stack) -> None:
    distributed = mcp_session(["--redis-url", stack.redis.url, "--database-url", stack.db_url], "mcp-d")
    web = mcp_session(["--http-url", stack.base_url, "--api-key", stack.key("acme")], "mcp-h")
    for out in (distributed, web):
        assert "Lisbon" in out["found"]["result"][0]["description"]
        assert "Lisbon" in out["context"]["context"] and out["context"]["degraded"] is False
        assert out["other_error"]


def test_remote_chat_publishes_without_waiting(stack: Stack) -> None:
    def answer(body: dict[str, Any]) -> Reply:
        return Reply("You live in Porto." if "Porto" in body["messages"][0]["content"] else "I don't know yet.")

    opts = ["--redis-url", stack.redis.url, "--database-url", stack.db_url]
    mem = DistributedMemory(stack.redis.url, database_url=stack.db_url)
    try:
        with scripted_server() as server:
            server.push(*[answer] * 2)
            llm = ["--model", "scripted", "--base-url", server.base_url]
            env = {**os.environ, **ENV}
            first = subprocess.run([sys.executable, *PLUGIN, "chat", "--user", "chat-d", "--session", "s1",
                                    *llm, *opts], input="I moved to Porto last week.\n", capture_output=True,
                                   text=True, timeout=120, env=env, cwd=REPO)
            assert first.returncode == 0, first.stderr
            assert first.stdout.strip() == "I don't know yet."
            deadline = time.monotonic() + 30  # the turn was published, not awaited: the curator applies it
            while not any("Porto" in r["description"] for r in mem.get_all(user_id="chat-d")):
                assert time.monotonic() < deadline, "the published turn was never applied"
                time.sleep(0.1)
            second = subprocess.run([sys.executable, *PLUGIN, "chat", "--user", "chat-d", "--session", "s2",
                                     *llm, *opts], input="Where do I live?\n", capture_output=True, text=True,
                                    timeout=120, env=env, cwd=REPO)
            assert second.returncode == 0, second.stderr
            assert second.stdout.strip() == "You live in Porto."
    finally:
        mem.close()
