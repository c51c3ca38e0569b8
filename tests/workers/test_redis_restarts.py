"""A curate worker outlives ten Redis restarts during ingest (issue: kombu's restore on a closed channel).

One curate worker (prefork, with gossip, mingle and heartbeats as ``ops/stack.sh``
runs it) consumes 4 users' turns while Redis is restarted ten times. The
worker process must never exit, and afterwards every user's memory equals
what the embedded mode builds: no turn lost, none applied twice.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from _workload import embedded_snapshots, make_turns, snapshot, turn_texts, wait_until

from api_shim.client import MemoryClient
from memory_core.store.sql import SqlStore

USERS = 4
TURNS = 40
RESTARTS = 10
SLOW = {"GULFSTREAM_PIPELINE": "_workload:SlowPipeline", "GULFSTREAM_TEST_PLAN_DELAY_MS": "40"}


def test_worker_survives_ten_redis_restarts_mid_ingest(celery_procs: Any, redis_server: Any,
                                                      worker_db_url: str, tmp_path: Path) -> None:
    worker = celery_procs.worker("curate", queues="ingest,curate,maintenance", concurrency=2,
                                 supervised_flags=True, **SLOW)
    celery_procs.beat()
    turns = {f"user{u:02d}": make_turns(f"user{u:02d}", turn_texts(u, TURNS)) for u in range(USERS)}
    client = MemoryClient(redis_server.url, publish_retry_s=30)
    errors: list[BaseException] = []

    def publish(user_turns: list[dict[str, Any]]) -> None:
        try:
            for t in user_turns:
                client.publish_turn(**t)
                time.sleep(0.2)
        except BaseException as exc:  # surfaced by the main thread
            errors.append(exc)

    publishers = [threading.Thread(target=publish, args=(t,)) for t in turns.values()]
    for p in publishers:
        p.start()
    for _ in range(RESTARTS):
        time.sleep(0.7)
        redis_server.restart(down_s=0.3)
        assert worker.alive, f"the worker died on a Redis restart:\n{worker.tail()}"
    for p in publishers:
        p.join(90)
    assert not errors, errors
    client.close()
    store = SqlStore(worker_db_url)
    try:
        wait_until(lambda: all(store.last_applied_seq(u) >= TURNS for u in turns), 180,
                   "every turn applied", celery_procs.logs)
        assert worker.alive, worker.tail()
        assert "Unrecoverable error" not in worker.tail(10**7)
        # curate runs end on their time budget, far from the hard limit whose kill can corrupt the pool's pipes
        assert "Hard time limit" not in worker.tail(10**7)
        expected = embedded_snapshots(turns, tmp_path)
        for user, user_turns in turns.items():
            assert [t.turn_id for t in store.list_turns(user)] == [t["turn_id"] for t in user_turns], user
            assert store.last_applied_seq(user) == TURNS
            assert snapshot(store, user) == expected[user], user
    finally:
        store.close()
