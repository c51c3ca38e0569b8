"""Helpers: dated turns for lifecycle tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from memory_core.lifecycle import ManualClock
from memory_core.model import Turn
from memory_core.service import Memory
from memory_core.settings import load_settings
from memory_core.store.sql import SqlStore

#: The lifecycle tests' start: Monday 2025-03-03 09:00 UTC.
T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


def session(user: str, session_id: str, start: datetime, texts: list[str], prefix: str | None = None) -> list[Turn]:
    """User turns one minute apart, with ids ``<prefix>-<n>`` (prefix defaults to the session id)."""
    prefix = prefix or session_id
    return [Turn(user_id=user, turn_id=f"{prefix}-{n}", session_id=session_id, role="user", text=text,
                 timestamp=start + timedelta(minutes=n), speaker="user") for n, text in enumerate(texts)]


def wall_memory(path: Path, clock: ManualClock, **bounds: int) -> Memory:
    """An embedded memory on SQLite at ``path`` that maintains only when asked, on the wall-clock timeline;
    ``bounds`` are maintenance settings (``maintain_max_episodes=2``, ...)."""
    store = SqlStore(f"sqlite:///{path}", migrate=True)
    return Memory(store, settings=load_settings(maintain_every_turns=0, decay_timeline="wall", **bounds), clock=clock)
