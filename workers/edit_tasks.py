"""Person edits and item reads: request/reply tasks on behalf of a user or an editor.

Each task takes the caller's ``call_id`` and answers through ``workers.recall.reply``
(the per-call reply list of ``api_shim.protocol``).
"""

from __future__ import annotations

from typing import Any

from api_shim import protocol
from memory_core.model import Actor, Status
from workers.app import app
from workers.bootstrap import context
from workers.recall import reply

__all__ = ["add_item", "delete_item", "erase_user", "item_history", "list_items", "update_item"]


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
