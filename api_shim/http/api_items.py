"""``/v1/users/{user_id}/items``: list, get, create, correct, merge, delete, history.

Create, correct, merge and delete run on the workers (by task name, through
``MemoryClient``), under the user's lock. Every change is recorded in the
item's history with the reason given and the actor ``user``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query

from api_shim.http.deps import Caller, ItemIdPath, UserIdPath, caller, services
from api_shim.http.errors import ApiError
from api_shim.http.json_keys import JsonRoute
from api_shim.http.schemas import (
    JSON_BODY,
    NO_NUL,
    ErrorOut,
    HitIn,
    ItemIn,
    ItemOut,
    ItemPatch,
    ItemsOut,
    MergeIn,
    Status,
)
from api_shim.http.services import Services
from memory_core import wire
from memory_core.errors import UnknownItem
from memory_core.item_ids import full_item_id
from memory_core.pipeline.sensitive import SENSITIVE_THEME
from memory_core.shown import shown_record, shown_revision
from memory_core.validation import MAX_REASON_CHARS

__all__ = ["router", "shown_item"]

router = APIRouter(prefix="/v1/users/{user_id}/items", tags=["items"],
                   responses={401: {"model": ErrorOut}, 404: {"model": ErrorOut}, 422: {"model": ErrorOut},
                              429: {"model": ErrorOut}}, route_class=JsonRoute)

Svc = Annotated[Services, Depends(services)]
Who = Annotated[Caller, Depends(caller)]


def shown_item(item: dict[str, Any], user_id: str, reveal: bool = False, query: str | None = None) -> dict[str, Any]:
    """The item as the caller sees it: its user id inside the tenant; sensitive values masked unless ``reveal``.

    The core's one rule for every read surface (``memory_core.shown.shown_record``):
    the description's sensitive values masked ("my PIN is [code]") unless the
    caller asks for them explicitly (``?reveal=true``); a recall result
    (``query`` given) shown as the recall's context block shows it: the values
    of the kinds the query asks for in clear, the others masked. ``masked``
    tells the editor the item holds a hidden value (every item of theme
    ``sensitive`` when listed).
    """
    shown = shown_record(item, reveal=reveal, query=query)
    shown["user_id"] = user_id
    if not reveal and (shown.get("description") != item.get("description")
                       or (query is None and item.get("theme") == SENSITIVE_THEME)):
        shown["masked"] = True
    return shown


#: Turn ids one listing may name (``MemoryClient.items_of_turns``'s bound).
MAX_TURN_IDS = 1000
TURN_ID_DOC = "only the items these turns (repeat the parameter for several) made, changed, confirmed or ended"
Reveal = Annotated[bool, Query(description="show a sensitive item's description unmasked")]


def _full(svc: Services, who: Caller, user_id: str, item_id: str) -> str:
    """The item id a path's ``item_id`` names: itself, or the one id of the user's items it is a unique prefix
    of (6+ characters, ``memory_core.item_ids``; a prefix of several: 422 naming them)."""
    return full_item_id(svc.store, who.user(user_id), item_id)


def _get(svc: Services, who: Caller, user_id: str, item_id: str, reveal: bool = False) -> dict[str, Any]:
    try:
        item = svc.store.get(who.user(user_id), item_id)
    except UnknownItem:
        raise ApiError(404, "unknown_item", f"no memory item {item_id!r} for user {user_id!r}") from None
    return shown_item(wire.item_payload(item), user_id, reveal)


@router.get("", response_model=ItemsOut, summary="List a user's items")
def list_items(user_id: UserIdPath, svc: Svc, who: Who,
               status: Annotated[list[Status] | None, Query(max_length=4)] = None,
               theme: Annotated[str | None, Query(min_length=1, max_length=64, pattern=NO_NUL)] = None,
               kind: Annotated[str | None, Query(min_length=1, max_length=32, pattern=NO_NUL)] = None,
               reveal: Reveal = False,
               turn_id: Annotated[list[str] | None, Query(max_length=MAX_TURN_IDS, description=TURN_ID_DOC)] = None,
               ) -> dict[str, Any]:
    """Items of the user, oldest first (default: active ones); with ``turn_id``, only those these turns made,
    changed, confirmed or ended (an add's answer, read by index). 404 for a user with nothing stored."""
    uid = who.user(user_id)
    if turn_id:
        wanted = set(status or ("active",))
        items = [i for i in svc.client.items_of_turns(uid, turn_id) if i["status"] in wanted
                 and theme in (None, i["theme"]) and kind in (None, i["kind"])]
    else:
        items = svc.client.list_items(uid, statuses=list(status) if status else None, theme=theme, kind=kind)
    if not items:
        svc.require_user(uid, user_id)
    return {"user_id": user_id, "items": [shown_item(i, user_id, reveal) for i in items]}


@router.get("/{item_id}", response_model=ItemOut, summary="Get one item (any status)")
def get_item(user_id: UserIdPath, item_id: ItemIdPath, svc: Svc, who: Who, reveal: Reveal = False) -> dict[str, Any]:
    """One item, whatever its status (a sensitive one masked unless ``?reveal=true``); a unique 6+ character
    prefix of its id works."""
    return _get(svc, who, user_id, _full(svc, who, user_id, item_id), reveal)


@router.post("", response_model=ItemOut, status_code=201, responses=JSON_BODY, summary="Create an item")
def create_item(user_id: UserIdPath, body: ItemIn, svc: Svc, who: Who) -> dict[str, Any]:
    """Add an item written by a person (trust ``user``)."""
    extra = {k: v for k, v in (("id", body.id), ("valid_from", body.valid_from), ("speaker", body.speaker),
                               ("meta", body.meta)) if v is not None}
    item_id = svc.client.add_item(who.user(user_id), body.description, body.theme, reason=body.reason,
                                  kind=body.kind, trust="user", **extra)
    return _get(svc, who, user_id, item_id)


@router.post("/{item_id}/hit", responses=JSON_BODY, summary="Count a use or confirmation of an item")
def hit_item(user_id: UserIdPath, item_id: ItemIdPath, body: HitIn, svc: Svc, who: Who) -> dict[str, Any]:
    """Raise the item's hit count (recall ranks often-used items a little higher); return the new count."""
    item_id = _full(svc, who, user_id, item_id)
    return {"id": item_id, "user_id": user_id, "hit": svc.client.hit_item(who.user(user_id), item_id, body.count)}


@router.patch("/{item_id}", response_model=ItemOut, responses=JSON_BODY,
              summary="Correct an item's text or theme")
def update_item(user_id: UserIdPath, item_id: ItemIdPath, body: ItemPatch, svc: Svc, who: Who) -> dict[str, Any]:
    """Change text and/or theme; the old ones stay in the history with the reason."""
    if body.description is None and body.theme is None:
        raise ApiError(422, "invalid_input", "send a new description, a new theme, or both")
    item_id = _full(svc, who, user_id, item_id)
    svc.client.update_item(who.user(user_id), item_id, body.reason, new_description=body.description,
                           new_theme=body.theme)
    return _get(svc, who, user_id, item_id)


@router.post("/{item_id}/merge", response_model=ItemOut, responses=JSON_BODY,
             summary="Merge another item into this one")
def merge_items(user_id: UserIdPath, item_id: ItemIdPath, body: MergeIn, svc: Svc, who: Who) -> dict[str, Any]:
    """Keep this item with both histories; ``other_id`` ends deleted, pointing here."""
    svc.merge(who.user(user_id), item_id, body.other_id, body.description, body.theme, body.reason)
    return _get(svc, who, user_id, item_id)


@router.delete("/{item_id}", summary="Delete an item, with a reason")
def delete_item(user_id: UserIdPath, item_id: ItemIdPath, svc: Svc, who: Who,
                reason: Annotated[str, Query(min_length=1, max_length=MAX_REASON_CHARS, pattern=NO_NUL)],
                purge: Annotated[bool, Query(description="remove the item's words for good")] = False,
                ) -> dict[str, Any]:
    """Soft-delete: the item stays in the history (and the export) as deleted, its text on disk. With
    ``?purge=true`` its words go (``memory_core.store.purge``): the item's and its revisions' texts, the
    raw turns it came from and their turn-log texts read ``[purged]``, their vectors are dropped, and a
    ``purge`` revision (who, when, the reason) stays. A soft-deleted item can be purged afterwards."""
    item_id = _full(svc, who, user_id, item_id)
    text = svc.client.delete_item(who.user(user_id), item_id, reason, purge=purge)
    return {"id": item_id, "user_id": user_id, "status": "deleted", "description": text}


@router.get("/{item_id}/history", summary="An item's history, newest first")
def item_history(user_id: UserIdPath, item_id: ItemIdPath, svc: Svc, who: Who,
                 reveal: Reveal = False) -> dict[str, Any]:
    """Every revision: op, reason, actor, time, old and new text and theme (sensitive values masked unless
    ``?reveal=true``, as for the item itself)."""
    item_id = _full(svc, who, user_id, item_id)
    history = svc.client.item_history(who.user(user_id), item_id)
    return {"user_id": user_id, "item_id": item_id,
            "history": [shown_revision(revision, reveal=reveal) for revision in history]}
