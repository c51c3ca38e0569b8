"""Recall workers with user affinity: heartbeats for the clients' hash ring, and a cache report.

A recall worker started on a shard queue (``-Q recall.0``, see
``memory_core.wire.affinity``) keeps ``heartbeat_key(queue)`` alive in Redis
from a daemon thread, so clients route its users to it; a warm shutdown
deletes the key at once, a killed worker's key expires after
``HEARTBEAT_TTL_S`` and its users move to the next worker on the ring.
``recall_stats`` answers which users' indexes this worker holds (sent to
one shard queue; used by the affinity test and by operators).
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from typing import Any

from celery.signals import worker_ready, worker_shutdown

from memory_core import wire
from memory_core.wire.affinity import HEARTBEAT_EVERY_S, HEARTBEAT_TTL_S, RECALL_STATS, heartbeat_key
from workers.app import app, context
from workers.bootstrap import redis_client

__all__ = ["recall_stats", "shard_queues_consumed"]

log = logging.getLogger(__name__)
_SHARD_PREFIX = "recall."
_stop = threading.Event()
_beating: list[str] = []


def shard_queues_consumed(consumer: Any) -> list[str]:
    """The recall shard queues this worker consumes (from its ``-Q``)."""
    names = getattr(consumer.app.amqp.queues, "consume_from", None) or {}
    return sorted(n for n in names if n.startswith(_SHARD_PREFIX))


def _beat(queues: list[str]) -> None:
    client = redis_client(app.services.settings().redis_url)
    me = f"{socket.gethostname()}:{os.getpid()}"
    failures = 0
    while not _stop.is_set():
        try:
            with client.pipeline(transaction=False) as pipe:
                for queue in queues:
                    pipe.set(heartbeat_key(queue), me, ex=HEARTBEAT_TTL_S)
                pipe.execute()
            failures = 0
        except Exception as exc:  # Redis away: keep trying; clients see the worker as gone meanwhile
            failures += 1
            if failures == 1:
                log.warning("recall heartbeat for %s failed: %s", queues, exc)
        _stop.wait(HEARTBEAT_EVERY_S)
    try:
        client.delete(*(heartbeat_key(q) for q in queues))  # a warm shutdown: clients move at once
    except Exception:  # the key expires by itself
        log.info("could not delete the recall heartbeat of %s", queues, exc_info=True)
    client.close()


@worker_ready.connect
def _start_heartbeat(sender: Any = None, **_: Any) -> None:
    queues = shard_queues_consumed(sender) if sender is not None else []
    if not queues:
        return
    _beating[:] = queues
    _stop.clear()
    threading.Thread(target=_beat, args=(queues,), name="gulfstream-recall-heartbeat", daemon=True).start()
    log.info("recall worker for %s: heartbeat every %.0f s", ", ".join(queues), HEARTBEAT_EVERY_S)


@worker_shutdown.connect
def _stop_heartbeat(**_: Any) -> None:
    _stop.set()


@app.task(name=RECALL_STATS, ignore_result=True, acks_late=False)
def recall_stats(call_id: str | None = None) -> dict[str, Any]:
    """Report this worker's recall cache: shard queues, users held, indexes built, loaded and updated, bytes."""
    ctx = context()
    value = {"queues": list(_beating), "pid": os.getpid(), **ctx.memory.recaller.cache_stats()}
    if call_id:
        ctx.redis.lpush(wire.reply_key(call_id), wire.encode_reply(True, value))
        ctx.redis.expire(wire.reply_key(call_id), ctx.settings.recall_reply_ttl_s)
    return value
