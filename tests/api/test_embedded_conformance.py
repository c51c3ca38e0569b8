"""The conformance script on the embedded transport (SQLite, in process), sync and async."""

from __future__ import annotations

import asyncio
from pathlib import Path

from conformance import run_script

from memory_core.api import AsyncMemory, MemoryAPI
from memory_core.embedded import EmbeddedMemory


def test_embedded_runs_the_script(tmp_path: Path) -> None:
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m.db")
    try:
        assert isinstance(mem, MemoryAPI)
        transcript = run_script(mem, "ana", "bob")
    finally:
        mem.close()
    assert transcript  # compared with the other transports in test_conformance


def test_async_twin_gives_the_sync_answers(tmp_path: Path) -> None:
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m.db")
    amem = AsyncMemory(mem)

    async def script() -> tuple[list, list, str]:
        await amem.add("我住在杭州", user_id="li", infer=False, theme="places")
        found = await amem.search("杭州", user_id="li")
        every = await amem.get_all(user_id="li")
        recalled = await amem.recall("我住在哪里", user_id="li")
        return found, every, recalled["context"]

    try:
        found, every, context = asyncio.run(script())
        assert [r["id"] for r in found] == [r["id"] for r in mem.search("杭州", user_id="li")]
        assert every == mem.get_all(user_id="li")
        assert "杭州" in context
    finally:
        mem.close()
