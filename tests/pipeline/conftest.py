"""Fixtures for the write-pipeline tests: a dict-backed store, turns, plan-then-apply, embedded memories."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from _memstore import DictStore
from _turn_factory import TurnFactory

from memory_core.embedded import EmbeddedMemory
from memory_core.model import Turn
from memory_core.pipeline import WritePipeline
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings


@pytest.fixture()
def mem(tmp_path: Path) -> Iterator[EmbeddedMemory]:
    """An embedded memory on a fresh SQLite file, closed after the test."""
    m = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m.db")
    try:
        yield m
    finally:
        m.close()


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    """A memory on a fresh SQLite file with per-tenant sensitive policies, closed after the test.

    Users ``acme:…`` are under ``drop``, ``beta:…`` under ``mask``, every other user under the default ``keep``.
    Tests of other users see the default settings. A test module that needs other settings defines its own
    ``memory``, which takes precedence.
    """
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3",
                               sensitive_policy_by_tenant="acme=drop,beta=mask"))
    yield mem
    mem.close()


@pytest.fixture
def store() -> DictStore:
    return DictStore()


@pytest.fixture
def pipeline() -> WritePipeline:
    return WritePipeline()





@pytest.fixture
def make_turn() -> TurnFactory:
    """Build turns with fresh ids and timestamps one minute apart, in the past."""
    counter = itertools.count(1)
    start = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)

    def make(text: str, role: str = "user", *, user_id: str = "u1", speaker: str = "",
             meta: dict[str, str] | None = None, turn_id: str | None = None) -> Turn:
        n = next(counter)
        return Turn(user_id=user_id, turn_id=turn_id or f"t{n}", session_id="s1", role=role, text=text,
                    timestamp=start + timedelta(minutes=n), speaker=speaker, meta=meta or {})

    return make


@pytest.fixture
def ingest(store: DictStore, pipeline: WritePipeline) -> Callable[[Turn], list[Any]]:
    """Plan one turn with the pipeline and apply its ops to the store; return the op results."""

    def run(turn: Turn) -> list[Any]:
        return store.apply(turn.user_id, pipeline.plan(turn, store))

    return run
