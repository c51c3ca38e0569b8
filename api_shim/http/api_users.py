"""A user as a whole: export, import (seed-000 compatible YAML), erase; and who the caller is."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response

from api_shim.http.api_items import Reveal
from api_shim.http.deps import Caller, UserIdPath, caller, services
from api_shim.http.json_keys import JsonRoute
from api_shim.http.schemas import ErrorOut, ImportOut
from api_shim.http.services import Services
from memory_core.user_scopes import stored_scopes
from memory_core.validation import decode_utf8

__all__ = ["USERS_PAGE", "YAML", "router"]

YAML = "application/yaml"
#: The most user ids one ``GET /v1/users`` answer holds.
USERS_PAGE = 1000

router = APIRouter(tags=["users"], responses={401: {"model": ErrorOut}, 404: {"model": ErrorOut},
                                              422: {"model": ErrorOut}, 429: {"model": ErrorOut}},
                   route_class=JsonRoute)

Svc = Annotated[Services, Depends(services)]
Who = Annotated[Caller, Depends(caller)]


@router.get("/v1/users", summary="List the tenant's users")
def list_users(svc: Svc, who: Who, limit: Annotated[int, Query(ge=1, le=USERS_PAGE)] = USERS_PAGE,
               offset: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
    """``{"users": [user id]}``: the ids (as given, without the tenant) of the caller's tenant's users with
    items or turns, sorted; ``limit`` ids from ``offset``."""
    prefix = who.user("")
    users = sorted(u.removeprefix(prefix) for u in set(svc.store.users()) | set(svc.store.turn_users())
                   if u.startswith(prefix))
    return {"users": users[offset:offset + limit]}


@router.get("/v1/users/{user_id}/export", response_class=Response, summary="Export a user's memory as YAML",
            responses={200: {"content": {YAML: {"schema": {"type": "string"}}}}})
def export_user(user_id: UserIdPath, svc: Svc, who: Who, reveal: Reveal = False) -> Response:
    """Every item (all statuses, full histories) in the seed-000 compatible export format; sensitive values
    masked unless ``?reveal=true`` (a full backup)."""
    uid = who.user(user_id)
    svc.require_user(uid, user_id)
    return Response(svc.export_yaml(uid, user_id, reveal), media_type=f"{YAML}; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="memory-{user_id}.yaml"'})


_IMPORT_BODY = {"requestBody": {"required": True, "description": "an export document, or a bare seed-000 "
                                "file (item id → item)", "content": {YAML: {"schema": {"type": "string"}}}}}


@router.post("/v1/users/{user_id}/import", response_model=ImportOut, summary="Import items from YAML",
             openapi_extra=_IMPORT_BODY)
async def import_user(user_id: UserIdPath, request: Request, svc: Svc, who: Who,
                      accept_masked: Annotated[bool, Query(description="import a masked export too (its "
                                                           "placeholders become the texts)")] = False
                      ) -> dict[str, Any]:
    """Add items keeping their ids, times and histories; all or nothing. Ids the user has already, or a masked
    export without ``accept_masked=true`` → 422."""
    text = decode_utf8(await request.body(), "import body")
    count = await run_in_threadpool(svc.import_yaml, who.user(user_id), user_id, text, accept_masked)
    return {"user_id": user_id, "imported": count}


@router.delete("/v1/users/{user_id}", summary="Erase a user entirely")
def erase_user(user_id: UserIdPath, svc: Svc, who: Who) -> dict[str, Any]:
    """Remove every turn, item, revision, cache entry and dead letter of the user and of each agent scope of
    theirs (``<user>#agent#<agent>``, made by the ``/mem0`` routes: ``memory_core.user_scopes``); ``scopes``
    says how many items each held (the user's own id first)."""
    uid = who.user(user_id)
    if len(stored_scopes(svc.store, uid)) == 1:
        svc.require_user(uid, user_id)
    removed = svc.client.erase_scopes(uid)
    return {"user_id": user_id, "erased": True, "items_removed": sum(removed.values()),
            "scopes": {scope.removeprefix(f"{who.tenant}:"): n for scope, n in removed.items()}}


@router.delete("/v1/users/{user_id}/turns", summary="Forget a user's applied turns")
def forget_turns(user_id: UserIdPath, svc: Svc, who: Who) -> dict[str, Any]:
    """Remove the user's applied turns (their items stay, with their histories): the second half of the
    Memory API's ``delete_all``, after which the same message said again is stored anew. Turns still waiting
    for the curator stay."""
    uid = who.user(user_id)
    svc.require_user(uid, user_id)
    return {"user_id": user_id, "forgotten": svc.client.forget_turns(uid)}


@router.get("/v1/whoami", summary="The caller's tenant and key")
def whoami(who: Who) -> dict[str, Any]:
    """The tenant the key acts for, and its limits."""
    k = who.key
    return {"tenant": k.tenant, "key_id": k.key_id, "name": k.name, "rate_per_s": k.rate_per_s,
            "burst": k.burst}
