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


__all__ = ["active", "live", "slot_items"]
