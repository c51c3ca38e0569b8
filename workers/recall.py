"""Request/reply tasks: recall, the no-op ping, and the CRUD passthroughs.

The caller passes a ``call_id``; the task LPUSHes its JSON reply (see
``api_shim.protocol.encode_reply``) to ``gulfstream:reply:<call_id>`` with a
short TTL, and the caller BRPOPs that list. Results are never stored in the
Celery backend (``ignore_result``): the per-call list is the cheaper path
measured in ``notes/celery.md``. With ``call_id=None`` nothing is sent back.

Recall runs on its own queue in a solo-pool worker whose ``Memory`` keeps a
per-user index cache, rebuilt when the user's ``memory_version`` changes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from api_shim import protocol
from memory_core.errors import GulfstreamError
from memory_core.model import Actor, Status
from memory_core.retrieval.recall import RecallFilters
from memory_core.validation import check_timestamp
from workers.app import app
from workers.bootstrap import Context, context

__all__ = [
    "add_item", "delete_item", "erase_user", "item_history", "list_items", "noop", "ping", "recall", "reply",
]

log = logging.getLogger(__name__)


def reply(ctx: Context, call_id: str | None, work: Callable[[], Any]) -> Any:
    """Run ``work`` and push its result (or its error) to the caller's reply list.

    Errors the core raises on purpose go back to the caller; anything else is
    logged here once and sent back as an internal error.
    """
    try:
        value = work()
        body = protocol.encode_reply(True, value)
    except GulfstreamError as exc:
        value = None
        body = protocol.encode_reply(False, error=str(exc), error_type=type(exc).__name__)
    except Exception as exc:  # task edge: logged once, reported to the caller
        log.exception("request %s failed", call_id)
        value = None
        body = protocol.encode_reply(False, error=f"internal error: {exc!r}", error_type="InternalError")
    if call_id:
        key = protocol.reply_key(call_id)
        pipe = ctx.redis.pipeline(transaction=False)
        pipe.lpush(key, body)
        pipe.expire(key, ctx.settings.recall_reply_ttl_s)
        pipe.execute()
    return value


def filters_from(data: dict[str, Any] | None) -> RecallFilters | None:
    """Build ``RecallFilters`` from its JSON form (times as ISO-8601 strings)."""
    if not data:
        return None
    fields = dict(data)
    for name in ("since", "until"):
        if fields.get(name) is not None:
            fields[name] = check_timestamp(fields[name], name)
    return RecallFilters(**fields)


@app.task(name=protocol.PING, ignore_result=True, acks_late=False)
def ping(call_id: str | None = None) -> None:
    """No-op round trip: the floor a recall is measured against."""
    if call_id:
        ctx = context()
        ctx.redis.lpush(protocol.reply_key(call_id), b'{"ok":true,"value":null}')


@app.task(name=protocol.NOOP, ignore_result=False, acks_late=False)
def noop() -> None:
    """No-op through the default result backend: the floor the issue's latency targets name."""


@app.task(name=protocol.RECALL, ignore_result=True, acks_late=False)
def recall(call_id: str | None, user_id: str, query: str, k: int = 10,
           filters: dict[str, Any] | None = None, budget_tokens: int | None = None) -> None:
    """Answer one recall (a stale request the caller gave up on is dropped by ``expires``)."""
    ctx = context()
    reply(ctx, call_id, lambda: protocol.recall_payload(
        ctx.memory.recall(user_id, query, k, filters=filters_from(filters), budget_tokens=budget_tokens)))


@app.task(name=protocol.LIST_ITEMS, ignore_result=True, acks_late=False)
def list_items(call_id: str | None, user_id: str, statuses: list[str] | None = None,
               theme: str | None = None, kind: str | None = None) -> None:
    """Reply with the user's items (default active), oldest first, without history."""
    ctx = context()
    wanted = (Status.ACTIVE,) if statuses is None else statuses
    reply(ctx, call_id, lambda: [protocol.item_payload(i) for i in ctx.store.list_items(
        user_id, statuses=wanted or None, theme=theme, kind=kind)])


@app.task(name=protocol.ITEM_HISTORY, ignore_result=True, acks_late=False)
def item_history(call_id: str | None, user_id: str, item_id: str) -> None:
    """Reply with an item's revisions, newest first."""
    ctx = context()
    reply(ctx, call_id, lambda: protocol.to_jsonable(ctx.store.history(user_id, item_id)))


@app.task(name=protocol.ADD_ITEM, ignore_result=True)
def add_item(call_id: str | None, user_id: str, description: str, theme: str,
             fields: dict[str, Any] | None = None, reason: str = "") -> None:
    """Add an item written by a person; reply with its id."""
    ctx = context()
    reply(ctx, call_id, lambda: ctx.store.add(user_id, description, theme, actor=Actor.USER,
                                              reason=reason, **(fields or {})))


@app.task(name=protocol.UPDATE_ITEM, ignore_result=True)
def update_item(call_id: str | None, user_id: str, item_id: str, reason: str,
                new_description: str | None = None, new_theme: str | None = None) -> None:
    """Change an item's text and/or theme (the old ones stay in its history)."""
    ctx = context()
    reply(ctx, call_id, lambda: ctx.store.update(user_id, item_id, reason, new_description, new_theme,
                                                 actor=Actor.USER))


@app.task(name=protocol.DELETE_ITEM, ignore_result=True)
def delete_item(call_id: str | None, user_id: str, item_id: str, reason: str) -> None:
    """Soft-delete an item; reply with its description."""
    ctx = context()
    reply(ctx, call_id, lambda: ctx.store.delete(user_id, item_id, reason, actor=Actor.USER))


@app.task(name=protocol.ERASE_USER, ignore_result=True)
def erase_user(call_id: str | None, user_id: str) -> None:
    """Erase every turn, item, revision and dead letter of the user, under the user's lock."""
    ctx = context()

    def work() -> int:
        with ctx.store.user_lock(user_id, timeout_s=30.0):
            removed = int(ctx.memory.erase_user(user_id))
            ctx.dead_letters.erase_user(user_id)
            ctx.redis.delete(protocol.inbox_key(user_id))  # turn texts not yet stored
        return removed

    reply(ctx, call_id, work)
