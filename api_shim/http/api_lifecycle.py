"""Lifecycle edits over HTTP: restore an archived item, set or clear an item's expiry.

Both go to the ``edits`` workers (``workers.lifecycle_edits``) under the
user's lock, as every other edit, and answer the item. Archived items are
listed with ``GET /v1/users/{user}/items?status=archived``; an item's expiry
is its ``valid_until``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.concurrency import run_in_threadpool
from pydantic import Field

from api_shim.http.api_items import shown_item
from api_shim.http.deps import Caller, ItemIdPath, UserIdPath, caller, services
from api_shim.http.json_keys import JsonRoute
from api_shim.http.schemas import JSON_BODY, ErrorOut, ItemOut, Reason, _In
from api_shim.http.services import Services
from memory_core import wire
from memory_core.validation import check_timestamp

__all__ = ["ExpiryIn", "RestoreIn", "router"]

router = APIRouter(prefix="/v1/users/{user_id}/items", tags=["items"],
                   responses={401: {"model": ErrorOut}, 404: {"model": ErrorOut}, 422: {"model": ErrorOut},
                              429: {"model": ErrorOut}, 503: {"model": ErrorOut}, 504: {"model": ErrorOut}},
                   route_class=JsonRoute)

Svc = Annotated[Services, Depends(services)]
Who = Annotated[Caller, Depends(caller)]


class RestoreIn(_In):
    """Why an archived item is brought back."""

    reason: Reason


class ExpiryIn(_In):
    """When the item stops holding (None: never), and why."""

    expires_at: datetime | None = Field(description="an ISO-8601 time (naive: UTC), or null to clear the expiry")
    reason: Reason


@router.post("/{item_id}/restore", response_model=ItemOut, responses=JSON_BODY, summary="Restore an archived item")
async def restore_item(user_id: UserIdPath, item_id: ItemIdPath, body: RestoreIn, svc: Svc,
                       who: Who) -> dict[str, Any]:
    """The item becomes active again with a "restore" revision; an expiry already passed is cleared."""
    item = await run_in_threadpool(svc.client.rpc.call, wire.RESTORE_ITEM, user_id=who.user(user_id),
                                   item_id=item_id, reason=body.reason)
    return shown_item(dict(item), user_id)


@router.put("/{item_id}/expiry", response_model=ItemOut, responses=JSON_BODY, summary="Set or clear an item's expiry")
async def set_expiry(user_id: UserIdPath, item_id: ItemIdPath, body: ExpiryIn, svc: Svc, who: Who) -> dict[str, Any]:
    """After ``expires_at`` the next maintenance run archives the item ("expired"); null clears it."""
    when = None if body.expires_at is None else check_timestamp(body.expires_at, "expires_at").isoformat()
    item = await run_in_threadpool(svc.client.rpc.call, wire.SET_EXPIRY, user_id=who.user(user_id),
                                   item_id=item_id, expires_at=when, reason=body.reason)
    return shown_item(dict(item), user_id)
