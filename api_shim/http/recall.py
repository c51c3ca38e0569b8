"""Recall on the event loop: the Celery round trip of ``MemoryClient.recall`` without a thread hop.

``MemoryClient.recall`` blocks in ``BRPOP`` until the recall worker replies,
so a route calling it must run it in the threadpool: one thread wake-up to
start it and one to hand the answer back to the loop, each a scheduling
delay on a busy machine. ``LoopRecall`` makes the same call from the loop
instead: it publishes the same task through the client's own Celery app
(a local Redis write, without retries) and awaits the reply with
``redis.asyncio``.

The unusual cases leave the loop, so that they behave exactly as in
``MemoryClient.recall``:

- the publish fails (broker unreachable): ``MemoryClient.recall`` runs in the
  threadpool (one more publish attempt, then its database fallback);
- no reply within the timeout: the client's database fallback, in the
  threadpool, with the client's ``reason``;
- an error reply is raised as the client raises it.

It shares the client's internals for the fallback, the reply and its errors
(``MemoryClient._recall_from_database``, ``api_shim.replies``), so the two
paths cannot drift apart.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Mapping
from typing import Any

import redis
import redis.asyncio as aioredis
from starlette.concurrency import run_in_threadpool

from api_shim.client import MemoryClient
from api_shim.replies import RecallReply, recall_reply, remote_error
from memory_core import wire

__all__ = ["MAX_WAITING", "LoopRecall"]

MAX_WAITING = 64
"""Recalls of one shim process waiting for their reply at once (one Redis connection each); more queue."""


class LoopRecall:
    """``MemoryClient.recall`` as a coroutine that stays on the event loop.

    Args:
        client: the shim's client; its Celery app publishes, its settings
            (``recall_timeout_ms``, ``database_url``) apply.
        max_waiting: Redis connections for waiting on replies.
    """

    def __init__(self, client: MemoryClient, max_waiting: int = MAX_WAITING) -> None:
        self.client = client
        pool = aioredis.BlockingConnectionPool.from_url(client.broker_url, max_connections=max_waiting,
                                                        timeout=None, socket_connect_timeout=5)
        self.redis = aioredis.Redis(connection_pool=pool)

    async def close(self) -> None:
        """Close the reply connections."""
        await self.redis.aclose(close_connection_pool=True)

    async def recall(self, user_id: str, query: str, k: int = 10, *, filters: Mapping[str, Any] | None = None,
                     budget_tokens: int | None = None, timeout_ms: int | None = None) -> RecallReply:
        """As ``MemoryClient.recall``: the user's top-k items for ``query`` and the packed context block.

        Raises:
            InvalidInput: bad user id, empty or oversized query, bad k, filters, budget or timeout.
            RecallUnavailable: no answer and no ``database_url`` to fall back on.
        """
        client = self.client
        request = wire.check_recall_request(user_id, query, k, filters, budget_tokens, timeout_ms)
        user_id, query, flt = request["user_id"], request["query"], request["filters"]
        wait_ms = timeout_ms or client.recall_timeout_ms
        started = time.perf_counter()
        call_id = uuid.uuid4().hex
        kwargs = {"call_id": call_id, **request, "deadline": wire.deadline_after(wait_ms)}
        try:
            client.celery.send_task(wire.RECALL, kwargs=kwargs, retry=False,
                                    argsrepr="()", kwargsrepr=f"{{'user_id': {user_id!r}, 'k': {k}}}")
        except Exception:  # kombu raises OperationalError and friends, by transport: the client retries
            return await run_in_threadpool(client.recall, user_id, query, k, filters=flt,
                                           budget_tokens=budget_tokens, timeout_ms=timeout_ms)
        reason = f"recall worker did not answer within {wait_ms} ms"
        try:
            popped = await self.redis.brpop([wire.reply_key(call_id)], timeout=max(wait_ms / 1000, 0.001))
        except redis.RedisError as exc:
            popped, reason = None, f"broker unreachable (lost Redis while waiting for {wire.RECALL}: {exc})"
        if popped is None:
            reply = await run_in_threadpool(client._recall_from_database, user_id, query, k, flt, budget_tokens,
                                            reason)
        else:
            body = wire.decode_reply(popped[1])
            if not body["ok"]:
                raise remote_error(body.get("error_type", ""), body.get("error", ""))
            reply = recall_reply(body["value"])
        reply.timings_ms["round_trip"] = (time.perf_counter() - started) * 1e3
        return reply
