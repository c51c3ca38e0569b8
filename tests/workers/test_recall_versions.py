"""The recall worker's cache across erasure: versions never repeat for a user id.

The worker caches each user's index by ``memory_version``. If erasure reset
the version and new writes counted up to the same number again, the index of
the erased memory would be served again. Real Redis, PostgreSQL and workers.
"""

from __future__ import annotations

from typing import Any

from _workload import make_turns, wait_until

from api_shim.client import MemoryClient
from memory_core.store.sql import SqlStore


def test_recall_after_erase_and_new_writes_never_returns_erased_items(
        celery_procs: Any, redis_url: str, worker_db_url: str) -> None:
    celery_procs.worker("curate1", concurrency=1)
    celery_procs.worker("recall", queues="recall", pool="solo", concurrency=1)
    client = MemoryClient(redis_url, recall_timeout_ms=5000)
    store = SqlStore(worker_db_url)
    try:
        user = "u-erase"
        old = make_turns(user, ["I moved to Lisbon.", "I like green tea."])
        for t in old:
            client.publish_turn(**t)
        wait_until(lambda: store.last_applied_seq(user) >= 2, 30, "old turns applied", celery_procs.logs)
        before = store.memory_version(user)
        reply = client.recall(user, "where do I live", k=5)
        assert not reply.degraded and any("Lisbon" in r["item"]["description"] for r in reply.results)

        client.erase_user(user)
        versions = {before, store.memory_version(user)}
        new = [{**t, "turn_id": f"{t['turn_id']}-new"} for t in
               make_turns(user, ["I moved to Osaka.", "I like black coffee."])]
        for n, t in enumerate(new, start=1):
            client.publish_turn(**t)
            wait_until(lambda n=n: store.last_applied_seq(user) >= n, 30, "new turn applied",
                       celery_procs.logs)
            version = store.memory_version(user)
            assert version not in versions  # never the version of an earlier memory
            versions.add(version)
            for query in ("where do I live", "what do I drink", "Lisbon green tea"):
                texts = [r["item"]["description"] for r in client.recall(user, query, k=10).results]
                assert not any("Lisbon" in x or "green tea" in x for x in texts), texts
        texts = [r["item"]["description"] for r in client.recall(user, "where do I live", k=5).results]
        assert any("Osaka" in x for x in texts)
    finally:
        client.close()
        store.close()
