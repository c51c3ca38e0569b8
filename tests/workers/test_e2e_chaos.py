"""The distributed pipeline under failure (DESIGN invariants 1–3).

10 users × 50 turns are published concurrently while one curate worker is
SIGKILLed mid-task three times and Redis is restarted once. Afterwards every
user's memory equals what the embedded mode builds from the same turns in
order: nothing lost, nothing applied twice, nothing reordered.
"""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from _workload import embedded_snapshots, make_turns, snapshot, turn_texts, wait_until

from api_shim.client import MemoryClient
from memory_core.store.sql import SqlStore

KEEP_LOGS = Path(tempfile.gettempdir()) / "gulfstream-chaos-logs"  # worker logs of a failed run
USERS = 10
TURNS = 50
SLOW = {"GULFSTREAM_PIPELINE": "_workload:SlowPipeline", "GULFSTREAM_TEST_PLAN_DELAY_MS": "25"}


def test_kills_and_a_redis_restart_lose_and_repeat_nothing(celery_procs: Any, redis_server: Any,
                                                             worker_db_url: str, tmp_path: Path) -> None:
    victim = celery_procs.worker("victim", concurrency=2, **SLOW)
    celery_procs.worker("steady", concurrency=2, **SLOW)
    celery_procs.beat()
    turns = {f"user{u:02d}": make_turns(f"user{u:02d}", turn_texts(u, TURNS)) for u in range(USERS)}
    client = MemoryClient(redis_server.url, publish_retry_s=20)
    errors: list[BaseException] = []

    def publish(user_turns: list[dict[str, Any]]) -> None:
        try:
            for t in user_turns:
                client.publish_turn(**t)
                time.sleep(0.08)
        except BaseException as exc:  # surfaced by the main thread
            errors.append(exc)

    publishers = [threading.Thread(target=publish, args=(t,)) for t in turns.values()]
    for p in publishers:
        p.start()
    events = []
    for round_ in range(3):
        time.sleep(1.5)
        victim.kill()  # SIGKILL: the pool children die mid-task, nothing is acked
        events.append(f"killed victim (round {round_ + 1})")
        if round_ == 1:
            redis_server.restart()
            events.append("restarted redis")
        victim = celery_procs.worker(f"victim{round_ + 1}", concurrency=2, **SLOW)
    for p in publishers:
        p.join(60)
    assert not errors, errors
    client.close()

    store = SqlStore(worker_db_url)
    try:
        _check(store, turns, events, celery_procs, tmp_path)
    except AssertionError:
        shutil.copytree(tmp_path, KEEP_LOGS / tmp_path.name, dirs_exist_ok=True)
        raise
    finally:
        store.close()


def _check(store: SqlStore, turns: dict[str, list[dict[str, Any]]], events: list[str], celery_procs: Any,
           tmp_path: Path) -> None:
    def all_applied() -> bool:
        return all(store.last_applied_seq(u) >= TURNS for u in turns)

    wait_until(all_applied, 150, "every turn applied", lambda: "\n".join(events) + celery_procs.logs())
    expected = embedded_snapshots(turns, tmp_path)
    for user, user_turns in turns.items():
        stored = store.list_turns(user)
        assert [t.turn_id for t in stored] == [t["turn_id"] for t in user_turns], user
        assert store.last_applied_seq(user) == TURNS
        assert snapshot(store, user) == expected[user], user
