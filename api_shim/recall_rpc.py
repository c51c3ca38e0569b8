"""The recall RPC, written once: the sync client, the async client and the HTTP shim all run it.

One recall is: check the request (``wire.check_recall_request``), publish
the ``gulfstream.recall`` task once (no retries), wait for the worker's
reply on its per-call list, and read it (``api_shim.replies``). With user
affinity (``recall_queues``) the task goes to the user's live shard queue
(``wire.affinity``), and a timed-out one is tried once on the next. When the
broker refuses the publish, Redis is lost during the wait, or no reply comes
in time, the recall is answered from the database (``DatabaseRecall``) and
marked ``degraded`` with the reason.

The steps are one generator (``_steps``) that yields what it needs done:
wait for a reply, or recall from the database. ``call`` does those by
blocking (``BRPOP`` in slices on connections that never retry); ``acall``
awaits the reply with ``redis.asyncio`` on the event loop and runs the
fallback in a thread. Only those two small drivers differ.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Generator, Mapping, Sequence
from typing import Any

import redis
import redis.asyncio as aioredis
from celery import Celery
from redis.backoff import NoBackoff
from redis.retry import Retry

from api_shim.errors import RecallUnavailable
from api_shim.fallback import DatabaseRecall
from api_shim.replies import RecallReply, recall_reply, reply_value
from memory_core import wire
from memory_core.redact import redact
from memory_core.wire import affinity

__all__ = ["MAX_WAITING", "RecallRpc"]

log = logging.getLogger(__name__)

MAX_WAITING = 64
"""Recalls of one event loop waiting for their reply at once (one Redis connection each); more queue."""
_REPLY_SLICE_S = 5.0  # a blocking recall waits for its reply in BRPOPs of at most this long, in seconds
_REPLY_SOCKET_MARGIN_S = 5.0  # and gives up on a Redis silent this long past a BRPOP's end
_WAIT, _FALLBACK = "wait", "fallback"
Steps = Generator[tuple[str, Any], Any, RecallReply]


class RecallRpc:
    """The recall round trip to the recall workers, with its database fallback. Thread-safe.

    Args:
        celery: the client's Celery app (publishes the task).
        redis_client: the client's Redis (with retries): reads the recall workers' heartbeats.
        broker_url: the Redis URL the replies come back on.
        fallback: the database fallback (None: ``RecallUnavailable`` instead).
        default_wait_ms: how long to wait for the worker when a call names no ``timeout_ms``.
        recall_queues: the shard queues of N recall workers (``wire.affinity.shard_queues(N)``);
            None: the one ``recall`` queue.
    """

    def __init__(self, celery: Celery, redis_client: redis.Redis, broker_url: str, fallback: DatabaseRecall | None,
                 default_wait_ms: int, recall_queues: Sequence[str] | None = None) -> None:
        self.celery = celery
        self.redis = redis_client
        self.broker_url = broker_url
        self.fallback = fallback
        self.default_wait_ms = default_wait_ms
        self._ring = affinity.HashRing(list(recall_queues)) if recall_queues else None
        self._alive: tuple[float, frozenset[str]] = (0.0, frozenset())
        self._suspect: dict[str, float] = {}  # queue → until when it is skipped (a recall there timed out)
        # Replies are awaited on connections that never retry: a Redis lost mid-wait sends the
        # recall to its database fallback at once (a retrying client would reconnect for seconds).
        self._reply_redis = redis.Redis.from_url(
            broker_url, socket_timeout=_REPLY_SLICE_S + _REPLY_SOCKET_MARGIN_S, socket_connect_timeout=2,
            retry=Retry(NoBackoff(), 0))

    def close(self) -> None:
        """Release the blocking reply connections."""
        self._reply_redis.close()

    def loop_replies(self, max_waiting: int = MAX_WAITING) -> aioredis.Redis:
        """Connections for awaiting replies on one event loop (``acall``'s ``replies``); the caller closes them."""
        pool = aioredis.BlockingConnectionPool.from_url(self.broker_url, max_connections=max_waiting,
                                                        timeout=None, socket_connect_timeout=5)
        return aioredis.Redis(connection_pool=pool)

    # ── the two drivers ────────────────────────────────────────────────

    def call(self, user_id: str, query: str, k: int = 10, *, filters: Mapping[str, Any] | None = None,
             budget_tokens: int | None = None, timeout_ms: int | None = None) -> RecallReply:
        """One recall, blocking; see ``MemoryClient.recall`` for arguments, answer and errors."""
        steps = self._steps(user_id, query, k, filters, budget_tokens, timeout_ms)
        result: Any = None
        error: redis.RedisError | None = None
        while True:
            try:
                kind, arg = steps.throw(error) if error is not None else steps.send(result)
            except StopIteration as done:
                return done.value  # type: ignore[no-any-return]
            result, error = None, None
            if kind == _FALLBACK:
                result = self._from_database(*arg)
                continue
            try:
                result = self._wait(*arg)
            except redis.RedisError as exc:
                error = exc

    async def acall(self, replies: aioredis.Redis, user_id: str, query: str, k: int = 10, *,
                    filters: Mapping[str, Any] | None = None, budget_tokens: int | None = None,
                    timeout_ms: int | None = None) -> RecallReply:
        """``call`` on the event loop: the reply awaited on ``replies`` (``loop_replies``), a fallback in a thread."""
        steps = self._steps(user_id, query, k, filters, budget_tokens, timeout_ms)
        result: Any = None
        error: redis.RedisError | None = None
        while True:
            try:
                kind, arg = steps.throw(error) if error is not None else steps.send(result)
            except StopIteration as done:
                return done.value  # type: ignore[no-any-return]
            result, error = None, None
            if kind == _FALLBACK:
                result = await asyncio.to_thread(self._from_database, *arg)
                continue
            key, wait_s = arg
            try:
                result = await replies.brpop([key], timeout=max(wait_s, 0.001))
            except redis.RedisError as exc:
                error = exc

    # ── the one implementation ─────────────────────────────────────────

    def _steps(self, user_id: str, query: str, k: int, filters: Mapping[str, Any] | None,
               budget_tokens: int | None, timeout_ms: int | None) -> Steps:
        """The recall, yielding ``("wait", (reply key, seconds))`` and ``("fallback", (request, reason))``.

        A wait is answered with the popped reply (None on timeout) or has
        ``redis.RedisError`` thrown in; a fallback is answered with its ``RecallReply``.

        Raises:
            InvalidInput: a bad request (before anything is sent).
            GulfstreamError subclasses, RemoteError: the worker's error reply.
        """
        request = wire.check_recall_request(user_id, query, k, filters, budget_tokens, timeout_ms)
        wait_ms = timeout_ms or self.default_wait_ms
        started = time.perf_counter()
        reason = ""
        reply: RecallReply | None = None
        for attempt, queue in enumerate(self._queues(request["user_id"])):  # with affinity: owner, then next
            call_id = uuid.uuid4().hex
            reason = self._publish({"call_id": call_id, **request, "deadline": wire.deadline_after(wait_ms)}, queue)
            if reason:
                break
            try:
                popped = yield _WAIT, (wire.reply_key(call_id), wait_ms / 1000)
            except redis.RedisError as exc:
                reason = f"broker unreachable (lost Redis while waiting for {wire.RECALL}: {exc})"
                break
            if popped is not None:
                reply = recall_reply(reply_value(popped[1]))
                break
            reason = f"recall worker did not answer within {wait_ms} ms" + (f" ({attempt + 1} tried)"
                                                                             if attempt else "")
            if queue is not None:
                self._suspect[queue] = time.monotonic() + affinity.SUSPECT_S
                log.warning("recall on %s timed out; trying the next worker on the ring", queue)
        if reply is None:
            reply = yield _FALLBACK, (request, reason)
        reply.timings_ms["round_trip"] = (time.perf_counter() - started) * 1e3
        return reply

    def _publish(self, kwargs: dict[str, Any], queue: str | None) -> str:
        """Publish the task once (a recall is never retried: its fallback is quicker); "" or why not."""
        route = {} if queue is None else {"queue": queue}  # a shard queue (user affinity), by Celery's routing
        try:
            self.celery.send_task(wire.RECALL, kwargs=kwargs, retry=False, argsrepr="()",
                                  kwargsrepr=f"{{'user_id': {kwargs['user_id']!r}, 'k': {kwargs['k']}}}", **route)
        except Exception as exc:  # kombu raises OperationalError and friends, by transport
            return redact(f"broker unreachable (could not enqueue {wire.RECALL} at {self.broker_url}: {exc})")
        return ""

    def _queues(self, user_id: str) -> list[str | None]:
        """Where to send a user's recall, at most two tries: [None] (the route) without affinity."""
        if self._ring is None:
            return [None]
        now = time.monotonic()
        stamp, alive = self._alive
        if now - stamp > 0.5:  # who is alive, read at most twice a second
            try:
                found = self.redis.mget([affinity.heartbeat_key(q) for q in self._ring.nodes])
                alive = frozenset(q for q, v in zip(self._ring.nodes, found, strict=True) if v is not None)
            except redis.RedisError:  # the publish will fail and fall back anyway
                alive = frozenset(self._ring.nodes)
            self._alive = (now, alive)
        order = self._ring.preference(user_id)
        live = [q for q in order if q in alive and self._suspect.get(q, 0.0) <= now]
        return list((live or order)[:2])

    def _wait(self, key: str, wait_s: float) -> Any:
        """BRPOP ``key`` for up to ``wait_s`` seconds on connections that never retry; None on timeout.

        Long waits go in slices of ``_REPLY_SLICE_S``, so that the socket
        timeout (slice plus ``_REPLY_SOCKET_MARGIN_S``) also catches a Redis
        that stops answering without closing the connection.

        Raises:
            redis.RedisError: Redis was lost (the first error, not retried).
        """
        end = time.monotonic() + wait_s
        while True:
            left = end - time.monotonic()
            popped = self._reply_redis.brpop([key], timeout=max(min(left, _REPLY_SLICE_S), 0.001))
            if popped is not None or left <= _REPLY_SLICE_S:
                return popped

    def _from_database(self, request: dict[str, Any], reason: str) -> RecallReply:
        """Recall in this process, read-only, from the database (the degraded path).

        Raises:
            RecallUnavailable: no fallback, or its set-up or recall ran out of time.
            StoreError: the database failed.
        """
        reason = redact(reason)  # shown to callers: never a URL's password or a key
        if self.fallback is None:
            raise RecallUnavailable(f"{reason}, and no database_url is set for a direct recall")
        reply = recall_reply(self.fallback.recall(request["user_id"], request["query"], request["k"],
                                                  request["filters"], request["budget_tokens"], reason))
        reply.degraded = True
        reply.reason = f"{reason}; answered directly from the database"
        return reply
