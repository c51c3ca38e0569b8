"""A session's short-term window and working memory over HTTP (``memory_core.api.SessionAPI``).

Each route checks its input, then asks the ``edits`` workers through the
client (``api_shim.session_client.OPS``): the window comes from Redis with
SQL behind it, working memory from SQL; the tiered prompt context is packed
there from both and the worker's recall. Users are inside the key's tenant.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Query
from fastapi.concurrency import run_in_threadpool
from pydantic import Field

from api_shim.http.deps import Caller, ItemIdPath, UserIdPath, caller, services
from api_shim.http.json_keys import JsonRoute
from api_shim.http.schemas import ErrorOut, Text, _In
from api_shim.http.services import Services
from api_shim.session_client import OPS
from memory_core import wire
from memory_core.session.working import changes_from_json
from memory_core.validation import MAX_TOP_K

__all__ = ["router"]

router = APIRouter(tags=["sessions"], responses={401: {"model": ErrorOut}, 422: {"model": ErrorOut},
                                                 429: {"model": ErrorOut}, 503: {"model": ErrorOut},
                                                 504: {"model": ErrorOut}}, route_class=JsonRoute)

Svc = Annotated[Services, Depends(services)]
Who = Annotated[Caller, Depends(caller)]
_BASE = "/v1/users/{user_id}/sessions/{session_id}"


async def _ask(svc: Services, op: str, user_id: str, session_id: str, **kwargs: Any) -> Any:
    return await run_in_threadpool(svc.client.rpc.call, OPS[op], user_id=user_id, session_id=session_id, **kwargs)


@router.get(f"{_BASE}/context", summary="The session's recent turns and rolling summary")
async def session_context(user_id: UserIdPath, session_id: ItemIdPath, svc: Svc, who: Who,
                          budget_tokens: Annotated[int | None, Query(ge=1, le=wire.MAX_BUDGET_TOKENS)] = None,
                          ) -> dict[str, Any]:
    """The newest turns within ``budget_tokens`` (default: the server's window) and a summary of the older ones."""
    body = dict(await _ask(svc, "context", who.user(user_id), session_id, budget_tokens=budget_tokens))
    body["user_id"] = user_id
    return body


@router.get(f"{_BASE}/working", summary="The session's working memory")
async def working_memory(user_id: UserIdPath, session_id: ItemIdPath, svc: Svc, who: Who) -> dict[str, Any]:
    """``{"working": {goal, status, steps, scratch, checkpoints, updated_at, expires_at} | null}``."""
    return {"working": await _ask(svc, "working", who.user(user_id), session_id)}


@router.patch(f"{_BASE}/working", summary="Change the session's working memory")
async def update_working_memory(user_id: UserIdPath, session_id: ItemIdPath, svc: Svc, who: Who,
                                changes: Annotated[dict[str, Any], Body(examples=[{
                                    "goal": "plan the move", "add_steps": ["find a flat"],
                                    "step_states": {"0": "done"}, "scratch": {"budget": "2000 EUR"},
                                    "checkpoint": "flat found"}])]) -> dict[str, Any]:
    """Apply the changes (goal, status, add_steps, step_states, scratch, checkpoint, reset); the TTL restarts."""
    changes_from_json(changes)  # an unknown change is refused here, before anything is sent
    return {"working": await _ask(svc, "update", who.user(user_id), session_id, changes=changes)}


@router.delete(f"{_BASE}/working", summary="Remove the session's working memory")
async def clear_working_memory(user_id: UserIdPath, session_id: ItemIdPath, svc: Svc, who: Who) -> dict[str, Any]:
    """``{"cleared": true}`` when there was one."""
    return {"cleared": bool(await _ask(svc, "clear", who.user(user_id), session_id))}


class PromptContextIn(_In):
    """Body of ``POST …/prompt-context``: the new message and the block's limits."""

    query: Text
    budget_tokens: int | None = Field(None, ge=0, le=wire.MAX_BUDGET_TOKENS, strict=True,
                                      description="the block's budget, in tokens (default: the server's)")
    k: int | None = Field(None, ge=1, le=MAX_TOP_K, strict=True,
                          description="long-term items recalled (default: the server's)")


@router.post(f"{_BASE}/prompt-context", summary="The context block by tier for a new message")
async def prompt_context(user_id: UserIdPath, session_id: ItemIdPath, body: PromptContextIn, svc: Svc,
                         who: Who) -> dict[str, Any]:
    """Working memory → this session's window → recalled items → summaries, within one budget:
    ``{"text", "tokens", "truncated", "lines" (per tier), "item_ids"}``."""
    return dict(await _ask(svc, "prompt", who.user(user_id), session_id, query=body.query,
                           budget_tokens=body.budget_tokens, k=body.k))
