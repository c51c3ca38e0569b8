"""Locust load: many chat backends publishing turns and recalling, over 10,000 users, with the no-op floor.

Each simulated backend (a locust user) picks a random memory user of
``GULFSTREAM_LOAD_USERS`` (default 10,000) per call and, by weight, publishes
a finished turn (1), recalls before answering (3), or round-trips a Celery
no-op through the recall worker's queue (1; the floor, same run). A recall
that came back degraded (answered from the database fallback) counts as a
failure. Reported through locust's request events: type ``rpc``, names
``publish``, ``recall``, ``noop``.

Environment: ``GULFSTREAM_REDIS_URL``; ``GULFSTREAM_RECALL_SHARDS`` (N > 0:
user affinity over ``recall.0`` … ``recall.N-1``); ``GULFSTREAM_LOAD_USERS``;
``GULFSTREAM_LOAD_WAIT_S`` ("min,max" seconds a backend waits between calls).
Run headless and bounded by ``bench_load.py`` (loopback only).
"""

from __future__ import annotations

import os
import random
import time
from datetime import UTC, datetime
from itertools import count
from typing import Any

from celery import Celery
from locust import User, between, events, task

from api_shim.client import MemoryClient
from memory_core import wire
from memory_core.wire.affinity import shard_queues

WORDS = [
    "coffee", "tea", "lisbon", "porto", "berlin", "hiking", "running", "piano", "guitar", "sister",
    "brother", "dog", "cat", "garden", "python", "doctor", "teacher", "sushi", "chess", "tennis", "yoga",
    "museum", "concert", "火锅", "咖啡", "深圳", "爬山", "钢琴", "妹妹"
]
_client: MemoryClient | None = None
_celery: Celery | None = None
_seq = count()


def shared() -> tuple[MemoryClient, Celery]:
    """One client per locust process (thread- and greenlet-safe), as a chat backend would keep one."""
    global _client, _celery
    if _client is None:
        url = os.environ["GULFSTREAM_REDIS_URL"]
        shards = int(os.environ.get("GULFSTREAM_RECALL_SHARDS", "0"))
        _client = MemoryClient(url, recall_timeout_ms=1000, recall_queues=shard_queues(shards) if shards else None)
        _celery = Celery("load", broker=url, backend=url, set_as_current=False)
        _celery.conf.task_routes = {wire.NOOP: {"queue": "recall"}}
    assert _celery is not None
    return _client, _celery


def fire(name: str, started: float, exc: BaseException | None = None, length: int = 0) -> None:
    events.request.fire(request_type="rpc", name=name, response_time=(time.perf_counter() - started) * 1e3,
                        response_length=length, exception=exc, context={})


class ChatBackend(User):
    """A chat service: after each user message it recalls; after each answer it publishes the turn."""

    wait_time = between(*(float(x) for x in os.environ.get("GULFSTREAM_LOAD_WAIT_S", "0.05,0.15").split(",")))
    users = int(os.environ.get("GULFSTREAM_LOAD_USERS", "10000"))

    def _user(self) -> str:
        return f"user-{random.randrange(self.users)}"

    @task(1)
    def publish(self) -> None:
        client, _ = shared()
        started = time.perf_counter()
        try:
            n = next(_seq)
            client.publish_turn(self._user(), f"load-{os.getpid()}-{n}",
                                f"I went {' '.join(random.choices(WORDS, k=6))}", "user", f"s{n // 50}",
                                datetime.now(UTC))
            fire("publish", started)
        except Exception as exc:  # reported to locust as a failure
            fire("publish", started, exc)

    @task(3)
    def recall(self) -> None:
        client, _ = shared()
        started = time.perf_counter()
        try:
            reply = client.recall(self._user(), " ".join(random.choices(WORDS, k=3)), k=5)
            error: Any = RuntimeError(f"degraded: {reply.reason}") if reply.degraded else None
            fire("recall", started, error, len(reply.results))
        except Exception as exc:  # reported to locust as a failure
            fire("recall", started, exc)

    @task(1)
    def noop(self) -> None:
        _, celery = shared()
        started = time.perf_counter()
        try:
            celery.send_task(wire.NOOP).get(timeout=10)
            fire("noop", started)
        except Exception as exc:  # reported to locust as a failure
            fire("noop", started, exc)
