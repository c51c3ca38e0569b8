"""Request/reply tasks: recall and the no-op ping (person edits are in ``workers.edit_tasks``).

The caller passes a ``call_id``; the task LPUSHes its JSON reply (see
``memory_core.wire.encode_reply``) to ``gulfstream:reply:<call_id>`` with a
short TTL, and the caller BRPOPs that list. Results are never stored in the
Celery backend (``ignore_result``): the per-call list is the cheaper path
measured in ``notes/celery.md``. With ``call_id=None`` nothing is sent back.

Recall runs on its own queue in a solo-pool worker whose ``Memory`` keeps a
per-user index cache, rebuilt when the user's ``memory_version`` changes.
Before such a worker says it is ready it builds its services and answers the
warm-up recalls (``memory_core.recall_warm_up``), so the first caller's recall
is answered within the shim's wait, not from the database (new-user trial 34).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from celery.signals import worker_ready

from memory_core import wire
from memory_core.errors import GulfstreamError
from memory_core.recall_warm_up import warm_up_recall
from workers.app import app, context
from workers.bootstrap import Context
from workers.recall_catchup import recall_queues

__all__ = ["noop", "ping", "recall", "reply", "warm_recall"]

log = logging.getLogger(__name__)


def reply(ctx: Context, call_id: str | None, work: Callable[[], Any]) -> Any:
    """Run ``work`` and push its result (or its error) to the caller's reply list.

    Errors the core raises on purpose go back to the caller; anything else is
    logged here once and sent back as an internal error.
    """
    try:
        value = work()
        body = wire.encode_reply(True, value)
    except GulfstreamError as exc:
        value = None
        body = wire.encode_reply(False, error=str(exc), code=wire.error_code(exc))
    except Exception as exc:  # task edge: logged once, reported to the caller
        log.exception("request %s failed", call_id)
        value = None
        body = wire.encode_reply(False, error=f"internal error: {exc!r}", code=wire.INTERNAL_ERROR)
    if call_id:
        key = wire.reply_key(call_id)
        # The plain LPUSH first: the caller is woken by it (a pipeline cost ~0.1 ms more to build
        # before anything was sent). The TTL only matters when the caller gave up, so it can follow.
        ctx.redis.lpush(key, body)
        ctx.redis.expire(key, ctx.settings.recall_reply_ttl_s)
    return value


@app.task(name=wire.PING, ignore_result=True, acks_late=False)
def ping(call_id: str | None = None) -> None:
    """No-op round trip: the floor a recall is measured against."""
    if call_id:
        ctx = context()
        ctx.redis.lpush(wire.reply_key(call_id), b'{"ok":true,"value":null}')


@app.task(name=wire.NOOP, ignore_result=False, acks_late=False)
def noop() -> None:
    """No-op through the default result backend: the floor the issue's latency targets name."""


@app.task(name=wire.RECALL, ignore_result=True, acks_late=False)
def recall(call_id: str | None, user_id: str, query: str, k: int = 10,
           filters: dict[str, Any] | None = None, budget_tokens: int | None = None,
           deadline: float | None = None) -> str | None:
    """Answer one recall.

    A request past its ``deadline`` (epoch seconds, ``wire.deadline_after``)
    is dropped unanswered: its caller has stopped waiting and answered from
    the database, so searching would only delay the requests queued behind
    it. Each drop is logged, and shows in Flower as a task whose result is
    ``"dropped: past its deadline"``.
    """
    late_s = wire.past_deadline(deadline)
    if late_s:
        log.warning("recall %s for user %s dropped: %.0f ms past its deadline (the caller stopped waiting)",
                    call_id, user_id, late_s * 1e3)
        return "dropped: past its deadline"
    ctx = context()
    reply(ctx, call_id, lambda: wire.recall_payload(
        ctx.memory.recall(user_id, query, k, filters=wire.recall_filters(filters), budget_tokens=budget_tokens),
        raw=True))
    return None


@worker_ready.connect
def _warm_before_ready(sender: Any = None, **_: Any) -> None:
    if sender is not None and recall_queues(sender):
        warm_recall()


def warm_recall() -> None:
    """Build this process's services and answer the warm-up recalls, the last one on this process's memory with
    its reply encoded as ``recall`` encodes it (``warm_up_recall``, which leaves the recall cache and its counts
    as they were), before the worker logs ``ready``. A failure is logged, never raised: the worker starts, and
    its first recall loads what the warm-up could not."""
    try:
        ctx = context()
        took = warm_up_recall(ctx.memory, reply=lambda answer: wire.encode_reply(
            True, wire.recall_payload(answer, raw=True)))
        ctx.redis.ping()
        log.info("recall worker warmed up in %.0f ms", took * 1e3)
    except Exception as exc:  # worker start edge: a cold first recall is slower, not wrong
        log.warning("recall warm-up failed (the first recall loads what it needs): %r", exc)
