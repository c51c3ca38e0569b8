"""A curate trigger flag left by a killed task does not hold a user's turns until it expires.

The curate-waiting flag is set before the trigger is published. A task
killed in between (Celery terminates running late-ack tasks when the broker
connection drops, as on every Redis restart; a hard time limit while the
publish retries against a Redis that is down) leaves the flag with no
message behind it, and the sweeper's wake-up is gated by the same flag: the
user's stored turns waited for the flag's TTL (120 s). This was the flaky
timeout of ``test_redis_restarts.py``. The sweeper now re-queues a trigger
whose flag is older than a few sweep intervals.

Here the orphan is made directly: turns stored, the flag set as
``wake_curator`` sets it, no message. The real worker and beat must apply
the turns long before the flag would expire.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any

import redis
from _workload import wait_until

from memory_core.model import Turn
from memory_core.store.sql import SqlStore
from workers.inbox import WAKE_FLAG_TTL_S, curate_waiting_key

TEXTS = {
    "orphan-en": ["I moved to Lisbon.", "I like green tea.", "I work as a nurse."],
    "orphan-zh": ["我搬到了上海。", "我喜欢喝绿茶。", "我是一名护士。"],
}


def test_sweeper_requeues_a_trigger_whose_flag_has_no_message(celery_procs: Any, redis_url: str,
                                                               store: SqlStore) -> None:
    start = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)
    r = redis.Redis.from_url(redis_url)
    for user, texts in TEXTS.items():
        store.append_many([Turn(user_id=user, turn_id=f"{user}-t{i}", session_id=f"{user}-s", role="user",
                                text=text, timestamp=start + timedelta(minutes=i))
                           for i, text in enumerate(texts)])
        # what a task killed between the flag and its publish leaves behind
        r.set(curate_waiting_key(user), repr(time.time()), ex=WAKE_FLAG_TTL_S)
    assert all(store.pending_turns(user, limit=10) for user in TEXTS)
    celery_procs.worker("curate", queues="ingest,curate,maintenance")
    celery_procs.beat()
    began = time.monotonic()
    wait_until(lambda: all(store.last_applied_seq(u) == len(t) for u, t in TEXTS.items()), WAKE_FLAG_TTL_S / 2,
               "the orphaned users' turns applied before their flags expire", celery_procs.logs)
    assert time.monotonic() - began < WAKE_FLAG_TTL_S / 2
    for user in TEXTS:
        assert not store.pending_turns(user, limit=10), user
        assert any(item.kind != "event" for item in store.list_items(user)), user  # curated, not only stored
    r.close()
