"""A recall worker under a cache budget: evicted users come back from their snapshots, caught up.

Real Redis, PostgreSQL and solo-pool recall worker processes. The worker's
cache budget holds only a few of the users' indexes, so recalling all of
them evicts (and snapshots) the rest; a user changed while evicted, or
while the worker was dead (SIGKILL), is answered from its snapshot plus the
changes since, exactly as an index built fresh from the store answers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from api_shim.client import MemoryClient
from memory_core.model import MemoryItem
from memory_core.retrieval.recall import Recaller
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp

USERS = [f"snap-{n}" for n in range(12)]
LINES = ["I adopted a dog named Rex {n}", "我的猫叫咪咪，很喜欢晒太阳 {n}", "My sister lives in Lisbon {n}",
         "我在深圳的面包店工作 {n}", "We hiked near Lake Tahoe in May {n}", "我们周末去西湖散步 {n}"]
QUERIES = ["Rex dog", "咪咪", "sister Lisbon", "面包店", "hiking lake", "西湖"]


def fill(store: SqlStore, user: str, start: int, count: int) -> None:
    store.apply(user, [AddOp(MemoryItem.create(user, LINES[n % len(LINES)].format(n=n), "life"))
                       for n in range(start, start + count)])


def ids(reply: Any) -> list[str]:
    assert not reply.degraded, reply.reason
    return [x["item"]["id"] for x in reply.results]


def test_evicted_and_restarted_users_come_back_from_snapshots(celery_procs: Any, redis_url: str,
                                                              worker_db_url: str, tmp_path: Path) -> None:
    snaps = tmp_path / "snaps"
    env = {"GULFSTREAM_RECALL_SNAPSHOT_DIR": str(snaps), "GULFSTREAM_RECALL_CACHE_MB": "1"}
    worker = celery_procs.worker("recall", queues="recall", pool="solo", concurrency=1, **env)
    store = SqlStore(worker_db_url)
    client = MemoryClient(redis_url, recall_timeout_ms=5000)
    fresh = Recaller(store)
    try:
        for user in USERS:
            fill(store, user, 0, 150)  # ~0.3 MiB of index each: a 1 MiB budget holds three or four
        for user in USERS:
            assert ids(client.recall(user, QUERIES[0], k=5))
        stats = client.recall_stats("recall", timeout_s=10)
        assert stats["builds"] == len(USERS) and stats["evictions"] >= len(USERS) - 4
        assert stats["cache_bytes"] <= 1 << 20 and len(stats["users"]) < len(USERS)
        evicted = [u for u in USERS if u not in stats["users"]]

        for user in evicted[:3]:  # changed while out of the cache
            fill(store, user, 150, 20)
        for user in evicted:
            for query in QUERIES:
                assert ids(client.recall(user, query, k=5)) == [r.item.id for r in fresh.recall(user, query, 5)]
        stats = client.recall_stats("recall", timeout_s=10)
        assert stats["builds"] == len(USERS)  # none built again: each came back from its snapshot
        assert stats["restores"] >= len(evicted)
        assert stats["cache_bytes"] <= 1 << 20

        worker.kill()  # SIGKILL: a new process has nothing cached, only the files
        for user in USERS[:4]:
            fill(store, user, 200, 10)
        celery_procs.worker("recall-2", queues="recall", pool="solo", concurrency=1, **env)
        for user in USERS[:4]:
            for query in QUERIES[:3]:
                assert ids(client.recall(user, query, k=5)) == [r.item.id for r in fresh.recall(user, query, 5)]
        stats = client.recall_stats("recall", timeout_s=10)
        assert stats["builds"] == 0 and stats["restores"] == 4
    finally:
        client.close()
        store.close()
