"""The embed task: vectors of a user's new items and turns, on the ``embed`` queue.

The curator enqueues it after applying turns (``request_embedding``); it
runs in workers of its own, so curation never waits for the model, and
recall stays lexical for the new memory until its vectors are stored (each
batch bumps the memory version, so recall workers load them). It is
idempotent (what already has a vector is skipped) and a model or store
failure is retried with Celery's own retry and backoff; what earlier batches
stored stays.

With ``embed_passages="tiered"`` the task stores the static table's vectors
(instant, marked coarse) and enqueues ``refine_user`` on the same queue at
the lowest message priority (``REFINE_PRIORITY``: Redis serves priority 0
first): the model's vectors replace the table's ``REFINE_SLICE`` texts per
task, each task enqueueing the next while some are left, so an embed task
waits for one slice at most.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import Task

from memory_core import wire
from memory_core.embedding.base import EmbeddingError
from memory_core.embedding.sync import EmbedCursor, embed_new, refine_user
from memory_core.errors import StoreError
from workers.app import app, context
from workers.bootstrap import Context
from workers.policy import backoff_s

__all__ = ["announce_embeds", "embed_user", "refine_user_task", "request_embedding"]

log = logging.getLogger(__name__)

#: This process's cursor per user (``embedding.sync.embed_new``): a user's next task reads only what changed.
_CURSORS: dict[str, EmbedCursor] = {}

EMBED_MAX_RETRIES = 8
#: Message priority of the background re-embed (Redis: 0 is served first, 9 last).
REFINE_PRIORITY = 9
#: Texts the model re-embeds per ``refine_user`` task.
REFINE_SLICE = 32


def announce_embeds(ctx: Context) -> None:
    """Announce, in ``wire.EMBEDS_KEY``, that the workers embed (when an embedder is configured).

    Readers without an embedder (the HTTP shim) then wait for an applied turn's vectors. The curator
    announces before it applies a batch: announced after, the first batch on a fresh stack (or after
    ``EMBEDDED_TTL_S`` without any) was read as applied with no embedder anywhere, and its ``add``
    returned before its vectors were stored.
    """
    if ctx.memory.embedder is None:
        return
    try:
        ctx.redis.set(wire.EMBEDS_KEY, 1, ex=wire.EMBEDDED_TTL_S)
    except Exception as exc:  # only the shim's read-your-writes signal is lost
        log.info("could not announce that the workers embed: %r", exc)


def request_embedding(ctx: Context, user_id: str, announce: bool = True) -> bool:
    """Enqueue the user's embedding when an embedder is configured; return True if enqueued.

    ``announce``: also ``announce_embeds`` (False where the caller announced before applying).
    """
    if ctx.memory.embedder is None:
        return False
    if announce:
        announce_embeds(ctx)
    embed_user.apply_async(args=[user_id])
    return True


@app.task(name=wire.EMBED_USER, bind=True, max_retries=EMBED_MAX_RETRIES, acks_late=True)
def embed_user(self: Task, user_id: str) -> dict[str, Any]:
    """Embed and store what the user's items and turns are missing.

    Returns:
        ``{"user_id", "written", "embedded"}`` (zeros without an embedder).
    """
    ctx = context()
    embedder = ctx.memory.embedder
    if embedder is None:
        return {"user_id": user_id, "written": 0, "embedded": 0}
    coarse = ctx.memory.settings.embed_passages == "tiered" and embedder.coarse_passages
    try:
        applied = ctx.store.last_applied_seq(user_id)  # read first: every turn up to it is in what embed_new reads
        report = embed_new(ctx.store, embedder, user_id, _CURSORS, ctx.memory.settings.embed_batch, coarse)
    except (EmbeddingError, StoreError) as exc:
        raise _retry(self, ctx, "embedding", user_id, exc) from exc
    _announce(ctx, user_id, report.written)
    _mark_embedded(ctx, user_id, applied)
    if coarse and report.embedded:
        refine_user_task.apply_async(args=[user_id], priority=REFINE_PRIORITY)
    return {"user_id": user_id, "written": report.written, "embedded": report.embedded}


@app.task(name=wire.REFINE_USER, bind=True, max_retries=EMBED_MAX_RETRIES, acks_late=True)
def refine_user_task(self: Task, user_id: str) -> dict[str, Any]:
    """Replace up to ``REFINE_SLICE`` of the user's coarse (table) vectors by the model's; enqueue the rest.

    Returns:
        ``{"user_id", "written", "left"}`` (zeros without an embedder).
    """
    ctx = context()
    embedder = ctx.memory.embedder
    if embedder is None:
        return {"user_id": user_id, "written": 0, "left": 0}
    try:
        report = refine_user(ctx.store, embedder, user_id, ctx.memory.settings.embed_batch, REFINE_SLICE)
    except (EmbeddingError, StoreError) as exc:
        raise _retry(self, ctx, "re-embedding", user_id, exc, priority=REFINE_PRIORITY) from exc
    _announce(ctx, user_id, report.written)
    if report.left:
        refine_user_task.apply_async(args=[user_id], priority=REFINE_PRIORITY)
    return {"user_id": user_id, "written": report.written, "left": report.left}


def _retry(task: Task, ctx: Context, what: str, user_id: str, exc: Exception, **options: Any) -> Exception:
    """Log a failed embedding run and return the task's retry after the backoff (``options``: e.g. priority)."""
    attempt = task.request.retries
    log.warning("%s %s failed (attempt %d): %r", what, user_id, attempt + 1, exc)
    s = ctx.settings
    return task.retry(exc=exc, countdown=backoff_s(attempt, s.retry_backoff_base_s, s.retry_backoff_max_s),
                      throw=False, **options)


def _mark_embedded(ctx: Context, user_id: str, applied: int) -> None:
    """Record that the user's turns up to ``applied`` have their vectors (``wire.embedded_key``), for
    read-your-writes (``wire.turn_status``); best effort: a Redis failure is logged (an ``add`` waiting
    for it then stops at its own limit)."""
    try:
        ctx.redis.eval(wire.EMBEDDED_SCRIPT, 1, wire.embedded_key(user_id), applied, wire.EMBEDDED_TTL_S)
    except Exception as exc:  # the vectors are stored: only the waiting caller's signal is lost
        log.info("could not mark %s embedded up to turn %d: %r", user_id, applied, exc)


def _announce(ctx: Context, user_id: str, written: int) -> None:
    """Tell the recall workers the user's vectors changed (when any were written)."""
    if written:
        from workers.recall_catchup import announce_change

        announce_change(ctx, user_id)
