"""The lifecycle job on real Redis, PostgreSQL, a celery worker and beat: scheduled, per-user locked."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import redis
from _workload import wait_until
from celery import Celery

from memory_core import wire
from memory_core.model import Kind, Status
from memory_core.store.sql import SqlStore
from workers.maintain_tasks import maintain_lock_key

NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)


def _seed(store: SqlStore, user: str) -> tuple[str, str]:
    """An event two months older than the user's newest item (it has faded) and that newest fact."""
    old = store.add(user, "Went to a street food market", "moments", kind=Kind.EVENT, importance=0.3,
                    valid_from=NOW - timedelta(days=60))
    fact = store.add(user, "Works as a nurse", "work", kind=Kind.FACT, importance=0.6, valid_from=NOW)
    return old, fact


def test_beat_runs_maintenance_for_every_user(celery_procs: Any, store: SqlStore) -> None:
    seeded = {user: _seed(store, user) for user in ("ann", "bo")}
    celery_procs.worker("maint", queues="maintenance", concurrency=1)
    celery_procs.beat(GULFSTREAM_MAINTAIN_INTERVAL_S="1")

    def archived() -> bool:
        return all(store.get(u, old).status == Status.ARCHIVED for u, (old, _) in seeded.items())

    wait_until(archived, 60, "faded events archived by the scheduled job", celery_procs.logs)
    for user, (old, fact) in seeded.items():
        assert store.get(user, fact).status == Status.ACTIVE
        assert store.get(user, old).history[-1].reason.startswith("faded")


def test_a_user_whose_maintenance_lock_is_held_is_skipped(celery_procs: Any, store: SqlStore,
                                                          redis_url: str) -> None:
    old, _ = _seed(store, "cy")
    client = redis.Redis.from_url(redis_url)
    lock = client.lock(maintain_lock_key("cy"), timeout=60)
    assert lock.acquire(blocking=False)
    worker = celery_procs.worker("maint", queues="maintenance", concurrency=1)
    sender = Celery(broker=redis_url)  # a plain client: the task by name, as a backend sends it
    sender.send_task(wire.MAINTAIN_USER, args=["cy"], queue="maintenance", ignore_result=True)
    wait_until(lambda: "'busy': True" in worker.tail(), 30, "the run to find the lock held", celery_procs.logs)
    assert store.get("cy", old).status == Status.ACTIVE
    lock.release()
    sender.send_task(wire.MAINTAIN_USER, args=["cy"], queue="maintenance", ignore_result=True)
    wait_until(lambda: store.get("cy", old).status == Status.ARCHIVED, 30, "the next run to archive",
               celery_procs.logs)
    client.close()
    sender.close()


def test_a_backlog_is_caught_up_in_slices_queued_one_after_another(celery_procs: Any, store: SqlStore,
                                                                   redis_url: str) -> None:
    faded = [store.add("dee", f"Went to market number {n}", "moments", kind=Kind.EVENT, importance=0.3,
                       valid_from=NOW - timedelta(days=60 + n)) for n in range(5)]
    store.add("dee", "Works as a pilot", "work", kind=Kind.FACT, importance=0.6, valid_from=NOW)
    worker = celery_procs.worker("maint", queues="maintenance", concurrency=1, GULFSTREAM_MAINTAIN_MAX_ENDS="2",
                                 GULFSTREAM_MAINTAIN_SLICE_PAUSE_S="0.2")
    sender = Celery(broker=redis_url)
    sender.send_task(wire.MAINTAIN_USER, args=["dee"], queue="maintenance", ignore_result=True)
    wait_until(lambda: all(store.get("dee", i).status == Status.ARCHIVED for i in faded), 60,
               "the queued slices to archive every faded event", celery_procs.logs)
    wait_until(lambda: "'backlog': False" in worker.tail(), 30, "the last slice to finish", celery_procs.logs)
    assert worker.tail().count("'backlog': True") == 2  # 2 + 2 + 1 archive ops from the one task sent
    sender.close()
