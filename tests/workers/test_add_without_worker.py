"""The distributed ``add`` with no worker to apply its turns, and an assistant's echo on the workers: real
Redis, PostgreSQL and Celery worker processes.

With no curate worker (the edits worker answering turn statuses) ``add`` waits ``wait_timeout_s`` and
raises ``NotApplied`` (README, distributed mode); its turns stay queued and a worker started later applies
them, and the same timed ``add`` retried stores nothing twice. The curate worker reads an assistant's reply
against the user turn it answers: an echo in the other language ("我对花生过敏" → "Noted, no peanuts!") leaves
no item.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from api_shim.api_client import DistributedMemory
from api_shim.client import MemoryClient
from memory_core.errors import NotApplied

SAID = [{"role": "user", "content": "I live in Lima.", "timestamp": "2026-04-01T10:00:00Z"}]


@pytest.fixture
def memory(redis_url: str, worker_db_url: str) -> Any:
    mem = DistributedMemory(MemoryClient(redis_url, database_url=worker_db_url))
    yield mem
    mem.close()


def test_add_without_a_worker_raises_not_applied_and_a_later_worker_applies_it(
        celery_procs: Any, memory: DistributedMemory) -> None:
    celery_procs.worker("edits1", queues="edits", concurrency=1)  # turn statuses answered; nothing curates
    memory.wait_timeout_s = 2.0
    start = time.monotonic()
    with pytest.raises(NotApplied, match=r"not applied within 2\.0 s"):
        memory.add(SAID, user_id="lima")
    assert 2.0 <= time.monotonic() - start < 15
    celery_procs.worker("curate1", queues="ingest,curate", concurrency=1)
    memory.wait_timeout_s = 60.0
    memory.add(SAID, user_id="lima")  # the same timed message: the same turn id, stored once
    lima = [r["description"] for r in memory.get_all(user_id="lima")]
    assert sum("Lima" in d for d in lima if d.startswith("User")) == 1, lima

    memory.add([{"role": "user", "content": "我对花生过敏", "timestamp": "2026-04-02T10:00:00Z"},
                {"role": "assistant", "content": "Noted, no peanuts!", "timestamp": "2026-04-02T10:00:05Z"}],
               user_id="nuts")
    kept = [r["description"] for r in memory.get_all(user_id="nuts")]
    assert kept and not [d for d in kept if "peanut" in d or d.startswith("assistant")], kept
