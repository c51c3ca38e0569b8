"""Routes shaped like Mem0's self-hosted REST server, under ``/mem0``, beside the ``/v1`` API.

A backend written against Mem0's server points its base URL at
``http://<shim>/mem0`` and keeps its calls: ``POST /memories``, ``GET
/memories?user_id=``, ``GET|PUT|DELETE /memories/{id}``, ``GET
/memories/{id}/history``, ``POST /search``, ``DELETE /memories?user_id=``,
``POST /reset``. Answers have Mem0's shapes (``memory_core.mem0_compat``).
The API key (``Authorization: Bearer`` or ``X-API-Key``) scopes everything
to its tenant, as on ``/v1``: a memory id of another tenant is 404, and
``/reset`` erases the tenant's users only. Calls run on the workers through
``DistributedMemory``: an add returns once its turns are applied.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, ConfigDict, Field, StrictFloat, StrictInt, StrictStr, field_validator

from api_shim.api_client import DistributedMemory
from api_shim.http.deps import Caller, caller, services
from api_shim.http.errors import ApiError
from api_shim.http.json_keys import JsonRoute
from api_shim.http.schemas import ErrorOut
from api_shim.http.services import Services
from memory_core.add_changes import change_mark, changed_ids
from memory_core.errors import InvalidField
from memory_core.item_ids import MIN_ID_PREFIX
from memory_core.mem0_compat import (
    current_memory,
    mem0_add_events,
    mem0_history,
    mem0_memory,
    mem0_metadata,
    mem0_scope,
)
from memory_core.mem0_lineage import current_id, first_ids, line_revisions
from memory_core.mem0_shape import (
    mem0_add_metadata,
    mem0_delete_run,
    mem0_delete_scopes,
    mem0_deleted,
    mem0_filters,
    mem0_listing,
    mem0_run,
    mem0_search,
    mem0_with_run,
)
from memory_core.user_scopes import stored_user_ids
from memory_core.validation import MAX_TOP_K

__all__ = ["router"]

#: ``caller`` as the router's dependency runs before each route's own (``_named_only``) and its parameters, so a
#: call without a valid key is 401 whatever else is wrong with it: it learns nothing about the parameters. The
#: routes' ``who`` is the same dependency, computed once a request (one rate-limit token).
router = APIRouter(prefix="/mem0", tags=["mem0"],
                   responses={401: {"model": ErrorOut}, 404: {"model": ErrorOut}, 422: {"model": ErrorOut}},
                   route_class=JsonRoute, dependencies=[Depends(caller)])
Svc = Annotated[Services, Depends(services)]
Who = Annotated[Caller, Depends(caller)]


class _Body(BaseModel):
    """A Mem0 body: a field it does not name is refused (422), so a misspelt one is never silently ignored."""

    model_config = ConfigDict(extra="forbid")


class Message(_Body):
    """One chat message: ``content`` a text or a list of text parts (``[{"type": "text", "text": ...}]``);
    ``timestamp`` (ISO-8601 or epoch seconds) the time it was said, honoured as by the Python ``add`` (an older
    message does not supersede a newer one); ``name`` the speaker. Any other field is refused (422)."""

    role: str
    content: str | list[str | dict[str, Any]]
    timestamp: StrictStr | StrictInt | StrictFloat | None = None
    name: str | None = None


class MemoryCreate(_Body):
    """Mem0's ``POST /memories`` body."""

    messages: list[Message] = Field(min_length=1, max_length=100)
    user_id: str | None = None
    agent_id: str | None = None
    run_id: str | None = None
    metadata: dict[str, Any] | None = None
    infer: bool | None = None

    @field_validator("metadata", mode="before")
    @classmethod
    def _metadata_mapping(cls, value: object) -> object:
        """A list or text where Mem0 takes a mapping: refused naming the shape (``mem0_add_metadata``)."""
        if value is not None and not isinstance(value, dict):
            mem0_add_metadata(value)
        return value


class MemoryUpdate(_Body):
    """Mem0's ``PUT /memories/{id}`` body."""

    text: str


class SearchRequest(_Body):
    """Mem0's ``POST /search`` body (entity ids in ``filters``, or top-level as Mem0 still takes them)."""

    query: str
    user_id: str | None = None
    agent_id: str | None = None
    run_id: str | None = None
    filters: dict[str, Any] | None = None
    top_k: StrictInt | None = Field(None, ge=1, le=MAX_TOP_K)  # "5" refused, as by mem0_compat.Memory.search
    limit: StrictInt | None = Field(None, ge=1, le=MAX_TOP_K)  # Mem0 OSS's name for top_k; wins when both are given
    threshold: StrictFloat | StrictInt | None = None  # "0.5" refused, as by mem0_compat.Memory.search
    rerank: bool = True  # taken so Mem0 code runs unchanged; False is refused, as by mem0_compat.Memory.search
    keyword_search: bool = True

    @field_validator("filters", mode="before")
    @classmethod
    def _filters_mapping(cls, value: object) -> object:
        """``["alex"]`` or ``"alex"`` where Mem0 takes ``{"user_id": "alex"}``: refused naming that shape."""
        mem0_filters(value)
        return value


def _api(svc: Services) -> DistributedMemory:
    return DistributedMemory(svc.client)


def _bare(who: Caller, stored: str) -> str:
    return stored.removeprefix(f"{who.tenant}:")


def _owner(svc: Services, who: Caller, memory_id: str) -> str:
    """The stored user id holding ``memory_id`` (or the one id it is a unique prefix of, 6+ characters:
    ``memory_core.item_ids``) in the caller's tenant; 404 when none does, 422 for a prefix of several or an id
    several users hold (an import keeps a Mem0 export's ids, unique per user only)."""
    owners = svc.store.owners_of(memory_id, prefix=f"{who.tenant}:")
    if not owners and len(memory_id) >= MIN_ID_PREFIX:
        found = svc.store.owned_ids_starting(memory_id, prefix=f"{who.tenant}:")
        if len(found) > 1:  # the words of memory_core.item_ids.match_prefix
            raise ApiError(422, "invalid_input", f"item id prefix {memory_id!r} matches {len(found)} items "
                           f"({', '.join(i for _, i in found[:5])}); give more characters")
        owners = [u for u, _ in found]
    if not owners:
        raise ApiError(404, "unknown_item", f"no memory {memory_id!r}")
    if len(owners) > 1:  # ids are unique per user only (an import keeps Mem0's ids): never act on a guess
        raise ApiError(422, "invalid_input", f"memory id {memory_id!r} is held by {len(owners)} users of this "
                       "tenant; use /v1/users/{user_id}/items/{item_id} to name whose")
    return owners[0]


def _user(who: Caller, user_id: str | None, agent_id: str | None, filters: dict[str, Any] | None = None,
          run_id: str | None = None) -> str:
    """The stored user id (tenant-prefixed) of Mem0's entity ids; 422 ``invalid_input`` as every other bad
    field, when none is given or one is bad."""
    try:
        mem0_metadata(filters)
        return who.user(mem0_scope(user_id, agent_id, filters, run_id))
    except InvalidField as exc:
        raise ApiError(422, "invalid_input", str(exc)) from None


def _named_only(*names: str) -> Callable[[Request], None]:
    """A dependency refusing (422) a query parameter other than ``names``: a misspelt ``limt`` or a ``filters``
    these routes do not take is never ignored."""
    def check(request: Request) -> None:
        unknown = sorted(set(request.query_params) - set(names))
        if unknown:
            raise ApiError(422, "invalid_input", f"unknown query parameter(s) {unknown}; this route takes "
                           f"{', '.join(names) or 'none'}")
    return check


@router.post("/memories", summary="Create memories (Mem0 shape)", dependencies=[Depends(_named_only())])
def add_memory(body: MemoryCreate, svc: Svc, who: Who) -> dict[str, Any]:
    """Remember messages; ``{"results": [{"id", "memory", "event"}]}`` (a raw turn only when it produced no
    curated memory: ``memory_core.mem0_shape``)."""
    uid = _user(who, body.user_id, body.agent_id, run_id=body.run_id)
    try:
        meta = mem0_with_run(mem0_add_metadata(body.metadata), mem0_run(body.user_id, body.agent_id, None, body.run_id))
    except InvalidField as exc:
        raise ApiError(422, "invalid_input", str(exc)) from None
    api = _api(svc)
    mark = change_mark(svc.store, uid)  # the version, not the user's items: no read of the whole set
    out = api.add([m.model_dump(exclude_none=True) for m in body.messages], user_id=uid, metadata=meta,
                  infer=True if body.infer is None else body.infer, session_id=body.run_id)
    changed = changed_ids(svc.store, uid, mark, out["results"])
    return {"results": mem0_add_events(api, uid, out, changed, first_ids(svc.store, uid))}  # as Memory.add


@router.get("/memories", summary="Get a user's memories (Mem0 shape)",
            dependencies=[Depends(_named_only("user_id", "agent_id", "run_id", "limit", "top_k"))])
def get_all_memories(svc: Svc, who: Who, user_id: str | None = None, agent_id: str | None = None,
                     run_id: str | None = None, limit: Annotated[int | None, Query(ge=1, le=1000)] = None,
                     top_k: Annotated[int | None, Query(ge=1, le=1000)] = None) -> dict[str, Any]:
    """``{"results": [memory]}``, oldest first (a raw turn only when it produced no curated memory): at most
    ``limit`` (Mem0's name; ``top_k`` too), 100 by default."""
    uid = _user(who, user_id, agent_id, run_id=run_id)
    records = mem0_listing(_api(svc), uid, mem0_with_run(None, mem0_run(user_id, agent_id, None, run_id)),
                           limit or top_k or 100)
    return {"results": [mem0_memory(r, _bare(who, uid)) for r in records]}


@router.get("/memories/{memory_id}", summary="Get a memory (Mem0 shape)", dependencies=[Depends(_named_only())])
def get_memory(memory_id: str, svc: Svc, who: Who) -> dict[str, Any]:
    """One memory of the tenant; 404 for one deleted, as Mem0 (whose store no longer holds it) and as
    ``mem0_compat.Memory.get``: its history keeps it. A memory whose value an add changed shows its current
    version under the id asked for, as Mem0's UPDATE keeps the id (``mem0_lineage``)."""
    owner = _owner(svc, who, memory_id)
    record = _api(svc).get(memory_id, user_id=owner)
    shown = current_memory(_api(svc), record, owner, _bare(who, owner))
    if shown is None:
        raise ApiError(404, "unknown_item", f"memory {memory_id!r} was {record['status']}; its history keeps it")
    return shown


@router.post("/search", summary="Search memories (Mem0 shape)", dependencies=[Depends(_named_only())])
def search_memories(body: SearchRequest, svc: Svc, who: Who) -> dict[str, Any]:
    """``{"results": [memory + score]}``, best first: ``limit`` (or ``top_k``) of them, 20 by default."""
    if not (body.rerank and body.keyword_search):
        raise ApiError(422, "invalid_input", "rerank=false and keyword_search=false are not supported: recall "
                       "always ranks by keywords and meaning together and reranks")
    uid = _user(who, body.user_id, body.agent_id, body.filters, body.run_id)
    meta = mem0_with_run(mem0_metadata(body.filters), mem0_run(body.user_id, body.agent_id, body.filters, body.run_id))
    k = body.limit if body.limit is not None else body.top_k
    hits = mem0_search(_api(svc), body.query, uid, k or 20, body.threshold, meta)
    return {"results": [mem0_memory(r, _bare(who, uid)) for r in hits]}


@router.put("/memories/{memory_id}", summary="Update a memory (Mem0 shape)", dependencies=[Depends(_named_only())])
def update_memory(memory_id: str, body: MemoryUpdate, svc: Svc, who: Who) -> dict[str, str]:
    """Replace the text of the memory's current version (``mem0_lineage``); the old one stays in the history."""
    owner, api = _owner(svc, who, memory_id), _api(svc)
    api.update(current_id(api, memory_id, owner), body.text, user_id=owner, reason="updated (mem0 API)")
    return {"message": "Memory updated successfully!"}


@router.get("/memories/{memory_id}/history", summary="A memory's history (Mem0 shape)",
            dependencies=[Depends(_named_only())])
def memory_history(memory_id: str, svc: Svc, who: Who) -> list[dict[str, Any]]:
    """Changes, oldest first; a value an add changed is an UPDATE of the id (``mem0_lineage.line_revisions``)."""
    return mem0_history(memory_id, line_revisions(_api(svc), memory_id, _owner(svc, who, memory_id)))


@router.delete("/memories/{memory_id}", summary="Delete a memory (Mem0 shape)",
               dependencies=[Depends(_named_only("purge"))])
def delete_memory(memory_id: str, svc: Svc, who: Who,
                  purge: Annotated[bool, Query(description="remove the memory's words for good")] = False,
                  ) -> dict[str, str]:
    """Soft delete (kept in the history, its text on disk); ``?purge=true`` removes its words
    (``MemoryAPI.delete``); a memory whose value an add changed: its current version (``mem0_lineage``)."""
    owner, api = _owner(svc, who, memory_id), _api(svc)
    api.delete(current_id(api, memory_id, owner), user_id=owner, reason="deleted (mem0 API)", purge=purge)
    return {"message": "Memory deleted successfully"}


@router.delete("/memories", summary="Delete a user's memories (Mem0 shape)",
               dependencies=[Depends(_named_only("user_id", "agent_id", "run_id"))])
def delete_all_memories(svc: Svc, who: Who, user_id: str | None = None, agent_id: str | None = None,
                        run_id: str | None = None) -> dict[str, Any]:
    """Soft-delete every memory of the user (without ``agent_id``: with every agent too), of the user with
    one agent, or of the agent or run alone; with ``run_id`` beside a user or agent, that run's only
    (``mem0_delete_run``). ``deleted`` counts them per scope (``mem0_delete_scopes``)."""
    prefix = f"{who.tenant}:"
    try:
        scopes = mem0_delete_scopes(user_id, agent_id, run_id, partial(stored_user_ids, svc.store), prefix)
        run = mem0_run(user_id, agent_id, None, run_id)
    except InvalidField as exc:
        raise ApiError(422, "invalid_input", str(exc)) from None
    api, why = _api(svc), "deleted (mem0 API)"
    done = {s: mem0_delete_run(api, s, run, why) if run else api.delete_all(user_id=s, reason=why)["deleted"]
            for s in scopes}
    return {"message": "All relevant memories deleted", "deleted": mem0_deleted(done, prefix, run)}


@router.post("/reset", summary="Erase every user of the tenant (Mem0 shape)")
def reset_memory(svc: Svc, who: Who) -> dict[str, str]:
    """Erase the turns, items and histories of every user of the caller's tenant."""
    prefix = f"{who.tenant}:"
    users = set(svc.store.users()) | set(svc.store.turn_users())
    api = _api(svc)
    for uid in sorted(u for u in users if u.startswith(prefix)):
        api.reset(user_id=uid)
    return {"message": "Reset successful"}
