"""Tasks to the workers by name over Redis: publishing (with the client's retry policy) and request/reply.

``MemoryClient`` says what to ask; this module says how it travels. A
request/reply task carries a fresh ``call_id``; the worker LPUSHes its reply
(``wire.encode_reply``) to ``wire.reply_key(call_id)`` and the caller BRPOPs
it. A recall travels through ``RecallRpc`` instead (one attempt, then its
database fallback), on the same Celery app.
"""

from __future__ import annotations

import logging
import uuid
from typing import Any

import redis
from celery import Celery
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

from api_shim.errors import PublishFailed, RequestTimeout
from api_shim.replies import reply_value
from memory_core import wire
from memory_core.redact import redact

__all__ = ["TaskRpc"]

log = logging.getLogger(__name__)
_READ_ONLY = frozenset({wire.PING})


class TaskRpc:
    """The client's Celery app and Redis connection, and the two ways a task travels. Thread-safe.

    Args:
        broker_url: the Redis URL the workers use.
        request_timeout_s: how long ``call`` waits for a reply by default, in seconds.
        publish_retry_s: how long publishing keeps retrying an unreachable broker, in seconds.
    """

    def __init__(self, broker_url: str, *, request_timeout_s: float, publish_retry_s: float) -> None:
        self.broker_url = broker_url
        self.request_timeout_s = request_timeout_s
        retries = max(1, int(publish_retry_s / 0.5))
        self._retry_policy = {"max_retries": retries, "interval_start": 0, "interval_step": 0.25,
                              "interval_max": 0.5}
        self.celery = Celery("gulfstream-client", broker=broker_url, set_as_current=False)
        self.celery.conf.update(
            task_serializer="json", accept_content=["json"], broker_connection_retry_on_startup=True,
            task_routes={name: {"queue": queue} for name, queue in wire.ROUTES.items()},
            # One connection attempt per publish: kombu would otherwise keep reconnecting for its
            # connect timeout (~4-6 s) inside even a ``retry=False`` publish. Retrying publishes
            # (writes) still retry, by ``_retry_policy``.
            broker_transport_options={"max_retries": 0},
        )
        self.redis = redis.Redis.from_url(
            broker_url, socket_timeout=30, health_check_interval=15,
            retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), retries=retries),
            retry_on_error=[redis.ConnectionError, redis.TimeoutError])

    def close(self) -> None:
        """Release the Redis connection and the broker's."""
        self.redis.close()
        self.celery.close()

    def send(self, name: str, kwargs: dict[str, Any], *, kwargsrepr: str | None = None,
             task_id: str | None = None, queue: str | None = None) -> str:
        """Publish task ``name``; return the message id.

        A read-only task gets one plain attempt, then the retry loop; writes go
        straight to the retry loop (``publish_retry_s``). ``queue`` sends it to
        that queue instead of its route (a recall worker's shard queue).

        Raises:
            PublishFailed: the broker did not take the message.
        """
        route = {} if queue is None else {"queue": queue}
        if name in _READ_ONLY:  # one plain attempt first: kombu's retry wrapper costs ~0.25 ms a call
            try:
                return str(self.celery.send_task(name, kwargs=kwargs, retry=False, argsrepr="()",
                                                 kwargsrepr=kwargsrepr, task_id=task_id, **route).id)
            except Exception:  # sent twice at worst: a read-only request, and its caller takes one reply
                log.info("publishing %s failed once; retrying", name, exc_info=True)
        try:
            result = self.celery.send_task(name, kwargs=kwargs, retry=True, retry_policy=self._retry_policy,
                                           argsrepr="()", kwargsrepr=kwargsrepr, task_id=task_id, **route)
        except Exception as exc:  # kombu raises OperationalError and friends, by transport
            raise PublishFailed(redact(f"could not enqueue {name} at {self.broker_url}: {exc}")) from exc
        return str(result.id)

    def call(self, name: str, *, timeout_s: float | None = None, kwargsrepr: str | None = None,
             queue: str | None = None, **kwargs: Any) -> Any:
        """Send ``name`` with a fresh call id and wait for its reply; return the value or raise.

        Raises:
            PublishFailed: the broker did not take the request, or Redis was lost while waiting.
            RequestTimeout: no reply within ``timeout_s`` (default ``request_timeout_s``).
            GulfstreamError subclasses, RemoteError: the worker's error.
        """
        call_id = uuid.uuid4().hex
        wait_s = self.request_timeout_s if timeout_s is None else timeout_s
        if kwargsrepr is None:
            kwargsrepr = repr({k: v for k, v in kwargs.items() if k.endswith("_id")})
        self.send(name, {"call_id": call_id, **kwargs}, kwargsrepr=kwargsrepr, queue=queue)
        try:
            popped = self.redis.brpop([wire.reply_key(call_id)], timeout=max(wait_s, 0.001))
        except redis.RedisError as exc:
            raise PublishFailed(f"lost Redis while waiting for {name}: {exc}") from exc
        if popped is None:
            raise RequestTimeout(f"{name} got no reply within {wait_s:.3f} s")
        return reply_value(popped[1])
