"""Fixtures of the lifecycle tests: an embedded memory on SQLite with a manual clock."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from _turns import T0

from memory_core.lifecycle import ManualClock
from memory_core.service import Memory
from memory_core.settings import load_settings
from memory_core.store.sql import SqlStore


@pytest.fixture
def clock() -> ManualClock:
    """A clock at 2025-03-03 09:00 UTC."""
    return ManualClock(T0)


@pytest.fixture
def memory(tmp_path: Path, clock: ManualClock) -> Iterator[Memory]:
    """An embedded ``Memory`` on a fresh SQLite file, lifecycle on ``clock`` (wall timeline), no after-ingest pass."""
    store = SqlStore(f"sqlite:///{tmp_path / 'm.db'}", migrate=True)
    mem = Memory(store, settings=load_settings(maintain_every_turns=0, decay_timeline="wall"), clock=clock)
    try:
        yield mem
    finally:
        mem.close()
