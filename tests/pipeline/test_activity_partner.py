"""A partner in an activity (running, business, study) is not the partner slot: a new spouse ends nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Turn
from memory_core.service import open_memory
from memory_core.settings import Settings

T0 = datetime(2025, 4, 1, 8, tzinfo=UTC)


@pytest.mark.parametrize(("activity", "spouse", "kept"), [
    ("My tennis partner is my colleague Omar, we play every Thursday.", "My husband Luca is a chef.", "Omar"),
    ("My business partner Chen handles the finances of our shop.", "I married Sofia last spring.", "Chen"),
    ("我的舞伴是大学同学阿梅，每周六一起练。", "我老婆叫小丽，是护士。", "阿梅"),
])
def test_a_new_partner_does_not_end_an_activity_partner(tmp_path: Path, activity: str, spouse: str,
                                                        kept: str) -> None:
    memory = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    try:
        memory.ingest([Turn("u", f"t{n}", "s", "user", text, T0 + timedelta(days=n), speaker="Kim")
                       for n, text in enumerate([activity, spouse])])
        ended = [i for i in memory.store.list_items("u", statuses=None)
                 if kept in i.description and i.status != "active"]
        assert not ended, [(i.key, i.description, i.status) for i in ended]
        assert any(kept in i.description for i in memory.store.list_items("u"))
    finally:
        memory.close()
