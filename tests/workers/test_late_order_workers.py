"""Moves published newest-first, concurrently, through Redis, PostgreSQL and a celery curate worker:
each earlier home ends when the next one begins (tests/lifecycle/test_late_order.py, embedded)."""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from _workload import wait_until

from api_shim.client import MemoryClient
from memory_core.store.sql import SqlStore

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lifecycle"))
from test_late_order import EN, ZH, assert_chained, chain


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_moves_published_newest_first_chain(celery_procs: Any, redis_url: str, worker_db_url: str,
                                            store: SqlStore, lang: str) -> None:
    celery_procs.worker("curate1", concurrency=2)
    client = MemoryClient(redis_url, database_url=worker_db_url)
    cities = EN if lang == "en" else ZH
    text = "I moved again, I live in {} now." if lang == "en" else "我又搬家了，现在住在{}。"
    user = f"mover-{lang}"

    def publish(n: int) -> None:
        client.publish_turn(user, f"t{n}", text.format(cities[n]), role="user", session_id="s",
                            timestamp=f"2026-0{n + 1}-10T09:00:00Z")

    try:
        threads = [threading.Thread(target=publish, args=(n,)) for n in reversed(range(6))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wait_until(lambda: store.last_applied_seq(user) >= 6, 60, "six turns applied", celery_procs.logs)
        assert_chained(chain(store, user), cities)
    finally:
        client.close()
