"""Fixtures for the LLM path: a scripted OpenAI-compatible server, a ChatOpenAI pointed at it, and Memory."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from _turn_factory import TurnFactory
from llm_support import SATURDAY
from scripted_server import ScriptedServer, scripted_server

from memory_core.llm.chat import build_chat_model
from memory_core.model import Turn
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    with scripted_server() as srv:
        yield srv


@pytest.fixture
def llm_settings(server: ScriptedServer, tmp_path: Path) -> Settings:
    return Settings(database_url=f"sqlite:///{tmp_path}/llm.sqlite3", llm_model="scripted-model",
                    llm_base_url=server.base_url, llm_timeout_s=2.0, llm_max_retries=0)


@pytest.fixture
def model(llm_settings: Settings) -> Any:
    return build_chat_model(llm_settings)


@pytest.fixture
def memory(llm_settings: Settings) -> Iterator[Memory]:
    mem = open_memory(llm_settings)
    yield mem
    mem.close()





@pytest.fixture
def make_turn() -> TurnFactory:
    """Turns one minute apart from SATURDAY, ids t1, t2, ..."""
    counter = iter(range(1, 10_000))

    def make(text: str, role: str = "user", *, user_id: str = "u1", speaker: str = "",
             at: datetime | None = None) -> Turn:
        n = next(counter)
        return Turn(user_id=user_id, turn_id=f"t{n}", session_id="s1", role=role, text=text,
                    timestamp=at or SATURDAY + timedelta(minutes=n - 1), speaker=speaker)

    return make
