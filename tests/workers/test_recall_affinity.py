"""Two recall workers with user affinity: each user's index lives in one, a killed one's users move.

Real Redis, PostgreSQL and two solo-pool recall worker processes, each on
its own shard queue; the client routes by a consistent-hash ring over the
queues and the workers' heartbeats.
"""

from __future__ import annotations

import time
from typing import Any

import redis
from _workload import wait_until

from api_shim.client import MemoryClient
from memory_core.model import MemoryItem
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp
from memory_core.wire.affinity import HEARTBEAT_TTL_S, HashRing, heartbeat_key, shard_queues

USERS = [f"user-{n}" for n in range(16)]
TEXTS = [("I adopted a dog named Rex", "Rex"), ("我的猫叫咪咪，很喜欢晒太阳", "咪咪"),
         ("My sister lives in Lisbon", "Lisbon"), ("我在深圳的面包店工作", "面包店")]


def test_each_user_is_held_by_one_worker_and_a_killed_workers_users_move(
        celery_procs: Any, redis_url: str, worker_db_url: str) -> None:
    queues = shard_queues(2)
    workers = [celery_procs.worker(f"recall-{n}", queues=q, pool="solo", concurrency=1)
               for n, q in enumerate(queues)]
    store = SqlStore(worker_db_url)
    client = MemoryClient(redis_url, recall_timeout_ms=3000, recall_queues=queues)
    r = redis.Redis.from_url(redis_url)
    try:
        for n, user in enumerate(USERS):
            text, _ = TEXTS[n % len(TEXTS)]
            store.apply(user, [AddOp(MemoryItem.create(user, f"{text} ({user})", "life"))])
        wait_until(lambda: all(r.exists(heartbeat_key(q)) for q in queues), 10, "heartbeats", celery_procs.logs)
        ring = HashRing(queues)
        owners = {user: ring.owner(user) for user in USERS}
        assert set(owners.values()) == set(queues)  # both workers own some of the 16 users

        for _ in range(3):  # every user recalled three times, in EN and ZH
            for n, user in enumerate(USERS):
                word = TEXTS[n % len(TEXTS)][1]
                reply = client.recall(user, word, k=3)
                assert not reply.degraded, reply.reason
                assert [x["item"]["user_id"] for x in reply.results] == [user]
        stats = {q: client.recall_stats(q, timeout_s=10) for q in queues}
        for queue, stat in stats.items():
            held = set(stat["users"])
            assert held == {u for u, q in owners.items() if q == queue}  # only the users it owns
            assert stat["builds"] == len(held)  # each built once, never twice
        assert set(stats[queues[0]]["users"]).isdisjoint(stats[queues[1]]["users"])

        workers[0].kill()  # SIGKILL: no warm shutdown, its heartbeat key just expires
        moved = [u for u, q in owners.items() if q == queues[0]]
        first = moved[0]
        n = USERS.index(first)
        reply = client.recall(first, TEXTS[n % len(TEXTS)][1], k=3, timeout_ms=1000)  # still listed as alive:
        assert not reply.degraded, reply.reason  # its deadline expires, the next worker on the ring answers
        assert [x["item"]["user_id"] for x in reply.results] == [first]

        wait_until(lambda: not r.exists(heartbeat_key(queues[0])), HEARTBEAT_TTL_S + 5, "heartbeat expiry",
                   celery_procs.logs)
        time.sleep(0.6)  # the client re-reads who is alive twice a second
        deadline_ms = 1000
        for user in moved:
            n = USERS.index(user)
            started = time.perf_counter()
            reply = client.recall(user, TEXTS[n % len(TEXTS)][1], k=3, timeout_ms=deadline_ms)
            elapsed_ms = (time.perf_counter() - started) * 1e3
            assert not reply.degraded, reply.reason
            assert elapsed_ms < deadline_ms  # answered by the other worker within the deadline
            assert [x["item"]["user_id"] for x in reply.results] == [user]
        survivor = client.recall_stats(queues[1], timeout_s=10)
        assert set(moved) <= set(survivor["users"])
        assert survivor["builds"] == len(survivor["users"])  # the moved users were each built once there
    finally:
        client.close()
        store.close()
        r.close()
