"""The session calls (short-term window, working memory, tiered prompt context) through the embedded API."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from memory_core.api import AsyncMemory, SessionAPI
from memory_core.embedded import EmbeddedMemory
from memory_core.errors import InvalidInput


def test_session_calls_as_json(tmp_path: Path) -> None:
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/s.db")
    try:
        assert isinstance(mem, SessionAPI)
        mem.add([{"role": "user", "content": "I live in Lisbon.", "id": "t1"},
                 {"role": "assistant", "content": "Noted.", "id": "t2"}], user_id="ann", session_id="s1")
        mem.add("我们在计划去成都的旅行", user_id="ann", session_id="s2")
        window = mem.session_context(user_id="ann", session_id="s1")
        assert [t["turn_id"] for t in window["turns"]] == ["t1", "t2"]
        assert window["turns"][0]["text"] == "I live in Lisbon." and isinstance(window["turns"][0]["timestamp"], str)
        assert mem.working_memory(user_id="ann", session_id="s1") is None
        state = mem.update_working_memory(user_id="ann", session_id="s1", goal="plan the move",
                                          add_steps=["find a flat", "ship the books"])
        assert state["goal"] == "plan the move" and len(state["steps"]) == 2
        assert mem.working_memory(user_id="ann", session_id="s1")["goal"] == "plan the move"
        packed = mem.prompt_context("where do I live?", user_id="ann", session_id="s1", budget_tokens=300)
        assert "Lisbon" in packed["text"] and "plan the move" in packed["text"] and packed["tokens"] <= 300
        assert mem.clear_working_memory(user_id="ann", session_id="s1") is True
        assert mem.working_memory(user_id="ann", session_id="s1") is None
        with pytest.raises(InvalidInput):
            mem.session_context(user_id="bad id", session_id="s1")
        twin = asyncio.run(AsyncMemory(mem).session_context(user_id="ann", session_id="s2"))
        assert twin["turns"][0]["text"] == "我们在计划去成都的旅行"
    finally:
        mem.close()
