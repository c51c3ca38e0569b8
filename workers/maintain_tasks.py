"""The lifecycle job on the workers: beat fans out one maintenance task per user.

``gulfstream.maintain_all`` (beat, every ``maintain_interval_s``) queues a
``gulfstream.maintain_user`` for every user with items or turns, at most one
queued per user (a Redis flag, as for curate triggers). ``maintain_user``
runs ``Memory.maintain`` (``memory_core.lifecycle.maintain``: summaries,
merging, expiry, decay) under a per-user maintenance lock in Redis, taken
without waiting: a second run for the same user finds it held and stops.
It never takes the curator's lock, so curation of new turns never waits on
it; each of its writes is a short all-or-nothing batch, and a batch that
races a curator's change is replayed op by op. Every step is idempotent, so
a redelivered or killed run is finished by the next one; a failure is
logged and counted (``failed`` in the result) and the next beat tries again.

A task runs one slice of bounded work (``Memory.maintain(whole=False)``); when
it leaves a backlog (a user never maintained: an import, a first deploy) it
queues the next slice ``maintain_slice_pause_s`` later, so a catch-up is
spread over time instead of one long run beside the user's curator.
"""

from __future__ import annotations

import logging
from typing import Any

from memory_core import wire
from memory_core.store.sql import SqlStore
from workers.app import app, context
from workers.session_window import erase_windows

__all__ = ["maintain_all", "maintain_lock_key", "maintain_user"]

log = logging.getLogger(__name__)

_QUEUED_TTL_S = 3600


def maintain_lock_key(user_id: str) -> str:
    """Redis key of a user's maintenance lock."""
    return f"{wire.KEY_PREFIX}maintain-lock:{user_id}"


def _queued_key(user_id: str) -> str:
    return f"{wire.KEY_PREFIX}maintain-queued:{user_id}"


@app.task(name=wire.MAINTAIN_ALL)
def maintain_all() -> dict[str, int]:
    """Queue one ``maintain_user`` per user (none for a user whose run is already queued).

    Returns:
        ``{"users": n, "queued": m}``.
    """
    ctx = context()
    users = set(ctx.store.users())
    if isinstance(ctx.store, SqlStore):
        users |= set(ctx.store.turn_users())
    queued = 0
    for user_id in sorted(users):
        if ctx.redis.set(_queued_key(user_id), "1", nx=True, ex=_QUEUED_TTL_S):
            maintain_user.delay(user_id)
            queued += 1
    return {"users": len(users), "queued": queued}


@app.task(name=wire.MAINTAIN_USER)
def maintain_user(user_id: str, light: bool = False) -> dict[str, Any]:
    """Run the lifecycle job for one user, unless another run holds the user's maintenance lock.

    Args:
        user_id: whose memory.
        light: expiry and decay only (no summaries, no merging).

    Returns:
        ``{"user_id", "busy", "failed", "summaries", "merged", "expired", "archived", "active",
        "skipped_ops", "backlog", "sensitive"}``; with ``backlog`` the next slice is queued (``sensitive``:
        stored turns and items the sensitive-data policy rewrote, ``memory_core.lifecycle.policy_apply``).
    """
    ctx = context()
    ctx.redis.delete(_queued_key(user_id))
    lock = ctx.redis.lock(maintain_lock_key(user_id), timeout=ctx.settings.maintain_lock_s, blocking=False)
    out: dict[str, Any] = {"user_id": user_id, "busy": False, "failed": False}
    if not lock.acquire(blocking=False):
        out["busy"] = True
        return out
    try:
        [report] = ctx.memory.maintain(user_id, summarize=not light, consolidate=not light, whole=False)
        out.update(summaries=report.summaries, merged=report.merged, expired=report.expired,
                   archived=report.archived, active=report.active, skipped_ops=report.skipped_ops,
                   backlog=report.backlog, sensitive=report.sensitive)
        if report.sensitive:  # turns masked by the policy: the Redis windows held their clear text
            erase_windows(ctx.redis, user_id)
    except Exception as exc:  # logged and counted; the next beat runs it again (every step is idempotent)
        log.error("maintenance of %s failed: %r", user_id, exc, exc_info=exc)
        out["failed"] = True
    finally:
        try:
            lock.release()
        except Exception as exc:  # expired meanwhile: another run may hold it now; nothing to undo
            log.warning("maintenance lock of %s was lost before release: %r", user_id, exc)
    if out.get("backlog") and ctx.redis.set(_queued_key(user_id), "1", nx=True, ex=_QUEUED_TTL_S):
        maintain_user.apply_async((user_id, light), countdown=ctx.settings.maintain_slice_pause_s)
    return out
