"""A person's lifecycle edits: restore an archived item, set or clear an item's expiry (``edits`` queue).

Both are edits under the user's lock, as every other (``edit_tasks.locked_edit``),
and answer the item as ``wire.item_payload``.
"""

from __future__ import annotations

from typing import Any

from celery import Task

from memory_core import wire
from memory_core.model import Actor
from memory_core.validation import check_timestamp
from workers.app import app
from workers.bootstrap import Context
from workers.edit_tasks import locked_edit

__all__ = ["restore_item", "set_expiry"]


@app.task(name=wire.RESTORE_ITEM, bind=True, ignore_result=True)
def restore_item(self: Task, call_id: str | None, user_id: str, item_id: str, reason: str,
                 busy_since: float | None = None) -> None:
    """Bring an archived item back to active with a "restore" revision (``Memory.restore``); reply with it."""
    def work(ctx: Context) -> dict[str, Any]:
        return wire.item_payload(ctx.memory.restore(user_id, item_id, reason, actor=Actor.USER))

    locked_edit(self, call_id, [user_id], work, busy_since)


@app.task(name=wire.SET_EXPIRY, bind=True, ignore_result=True)
def set_expiry(self: Task, call_id: str | None, user_id: str, item_id: str, expires_at: str | None, reason: str,
               busy_since: float | None = None) -> None:
    """Set (an ISO time) or clear (None) when an active item stops holding (``Memory.set_expiry``); reply with it."""
    def work(ctx: Context) -> dict[str, Any]:
        when = None if expires_at is None else check_timestamp(expires_at, "expires_at")
        return wire.item_payload(ctx.memory.set_expiry(user_id, item_id, when, reason, actor=Actor.USER))

    locked_edit(self, call_id, [user_id], work, busy_since)
