"""Write-behind for recall workers: an applied batch is applied to the cached index when announced.

A curate worker that applied a user's turns (and an embed worker that stored
vectors) PUBLISHes the user id on ``CHANGED_CHANNEL``. Each recall worker
listens on a daemon thread and applies the store's changes to its cached
index of that user (``Recaller.catch_up``), so the user's next recall finds
its index current: the delta is read and applied between a chat's turns,
not inside the recall that follows them (measured before: the first recall
after a write paid a round trip and the delta, and under 50 turns/s its p99
was 4x the p99 without writes). Users this worker does not hold are ignored;
announcements arriving together are coalesced per user. Losing an
announcement (Redis away, the listener reconnecting) costs nothing but
speed: the recall path still checks the version and catches up itself.
Turned off by ``GULFSTREAM_RECALL_CATCH_UP=false``.

The listener applies changes on its own thread, beside the thread answering
recalls: the store's round trips are made before the index's lock is taken
(``Recaller._read_delta``), and the process hands the GIL over every
``SWITCH_INTERVAL_S`` rather than Python's default 5 ms, so a recall that
arrives while a change is applied waits for the apply, not for a whole
switch interval of it.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from typing import Any

from celery.signals import worker_ready, worker_shutdown

from workers.app import app, context
from workers.bootstrap import Context, redis_client

__all__ = ["CHANGED_CHANNEL", "SWITCH_INTERVAL_S", "announce_change", "catch_up_counts"]

log = logging.getLogger(__name__)
CHANGED_CHANNEL = "gulfstream:changed"
#: The GIL's switch interval (s) in a recall worker that applies changes on the listener's thread.
SWITCH_INTERVAL_S = 0.001
_stop = threading.Event()
#: users caught up and announcements that failed (for tests and the operator's log)
catch_up_counts = {"caught_up": 0, "failed": 0}


def announce_change(ctx: Context, user_id: str) -> None:
    """Tell the recall workers that the user's memory changed (best effort: a failure is logged)."""
    if not ctx.settings.recall_catch_up:
        return
    try:
        ctx.redis.publish(CHANGED_CHANNEL, user_id)
    except Exception as exc:  # recall catches up by itself at the next recall
        log.info("could not announce a change of %s to the recall workers: %s", user_id, exc)


def _recall_queues(consumer: Any) -> list[str]:
    names = getattr(consumer.app.amqp.queues, "consume_from", None) or {}
    return sorted(n for n in names if n == "recall" or n.startswith("recall."))


def _catch_up(users: set[str]) -> None:
    recaller = context().memory.recaller
    recaller = getattr(recaller, "recaller", recaller)  # the LLM recaller wraps the index cache
    catch_up = getattr(recaller, "catch_up", None)
    if catch_up is None:
        return
    for user_id in users:
        try:
            if catch_up(user_id):
                catch_up_counts["caught_up"] += 1
        except Exception as exc:  # the next recall of the user catches up (or reports) itself
            catch_up_counts["failed"] += 1
            log.warning("write-behind catch-up of %s failed: %r", user_id, exc)


def _listen(redis_url: str) -> None:
    client = redis_client(redis_url)
    while not _stop.is_set():
        try:
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            pubsub.subscribe(CHANGED_CHANNEL)
            while not _stop.is_set():
                message = pubsub.get_message(timeout=1.0)
                if message is None:
                    continue
                users = {message["data"]}
                while (more := pubsub.get_message(timeout=0)) is not None:  # coalesced per user
                    users.add(more["data"])
                _catch_up({u.decode() if isinstance(u, bytes) else str(u) for u in users})
        except Exception as exc:  # Redis away: listen again shortly; recall still checks versions itself
            log.warning("recall write-behind listener: %r; reconnecting", exc)
            _stop.wait(1.0)
    client.close()


@worker_ready.connect
def _start_listener(sender: Any = None, **_: Any) -> None:
    if sender is None or not _recall_queues(sender):
        return
    settings = app.services.settings()
    if not settings.recall_catch_up:
        return
    _stop.clear()
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    threading.Thread(target=_listen, args=(settings.redis_url,), name="gulfstream-recall-catchup",
                     daemon=True).start()
    log.info("recall write-behind: listening on %s (started %.0f)", CHANGED_CHANNEL, time.time())


@worker_shutdown.connect
def _stop_listener(**_: Any) -> None:
    _stop.set()
