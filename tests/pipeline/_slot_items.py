"""Helpers: the non-event items a short dated conversation leaves, for write-path tests."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from memory_core.embedded import open_memory
from memory_core.model import Kind, Status, Turn
from memory_core.settings import Settings


def slot_items(tmp_path: Path, texts: list[str], *, start: datetime, days_apart: int) -> list[tuple[str, str, str]]:
    """Ingest ``texts`` as user turns ``days_apart`` days apart from ``start`` (SQLite, no embedder).

    Returns every non-event item of user ``u1`` as (status, key, description), superseded ones included.
    """
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    memory.ingest([Turn("u1", f"t{n}", "s", "user", text, start + timedelta(days=days_apart * n))
                   for n, text in enumerate(texts)])
    return [(i.status, str(i.key), i.description) for i in memory.store.list_items("u1", statuses=None)
            if i.kind != "event"]


def live(store: Any, user: str = "u1") -> list[Any]:
    """The active items of ``user`` other than events (raw turns), in the store's order."""
    return [i for i in store.list_items(user, statuses=[Status.ACTIVE]) if i.kind != Kind.EVENT]


def active(rows: list[tuple[str, str, str]]) -> list[tuple[str, str]]:
    """The (key, description) of the active rows of ``slot_items``."""
    return [(key, text) for status, key, text in rows if status == "active"]


def assert_replaced(rows: list[tuple[str, str, str]], old: str, new: str) -> None:
    """Assert that ``slot_items`` rows hold ``new`` active, ``old`` superseded, and no active row with ``old`` alone."""
    live_rows = [text for status, _, text in rows if status == "active"]
    assert not any(old in t and new not in t for t in live_rows), live_rows
    assert any(new in t for t in live_rows), live_rows
    assert any(old in t for status, _, t in rows if status == "superseded"), rows


__all__ = ["active", "assert_replaced", "live", "slot_items"]


def statement_keys(text: str, *, at: datetime) -> dict[str, tuple[int, str]]:
    """The mechanical extractor's statements of one user turn: ``key -> (polarity, description)``."""
    from memory_core.pipeline.extract import MechanicalExtractor

    turn = Turn("u1", "t1", "s", "user", text, at)
    return {c.key: (c.polarity, c.description) for c in MechanicalExtractor().statements(turn)}


def live_texts(tmp_path: Path, texts: list[str], *, start: datetime, days_apart: int = 20) -> list[str]:
    """The descriptions of the active slot items after the user's turns, ``days_apart`` days apart."""
    return [text for _, text in active(slot_items(tmp_path, texts, start=start, days_apart=days_apart))]
