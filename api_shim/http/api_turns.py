"""Publishing turns (202), their status, and recall.

Publishing goes through ``MemoryClient.publish_turn``: the pipeline's
per-user publish order, ingest, and the one-curator-per-user drain all
apply, exactly as for a Python backend. A batch is checked whole before
its first turn is sent.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from api_shim.errors import PublishFailed
from api_shim.http.api_items import shown_item
from api_shim.http.deps import Caller, ItemIdPath, UserIdPath, caller, services
from api_shim.http.encoded_ids import quoted
from api_shim.http.errors import ApiError, JsonResponse, shown_message
from api_shim.http.json_keys import JsonRoute
from api_shim.http.schemas import JSON_BODY, BatchIn, ErrorOut, PublishedOut, RecallIn, RecallOut, TurnIn, TurnStatusOut
from api_shim.http.services import Services
from memory_core import wire
from memory_core.store.turn_text import same_turn_text

__all__ = ["recall_answer", "router"]

router = APIRouter(tags=["turns and recall"],
                   responses={401: {"model": ErrorOut}, 422: {"model": ErrorOut}, 429: {"model": ErrorOut},
                              503: {"model": ErrorOut}}, route_class=JsonRoute)

Svc = Annotated[Services, Depends(services)]
PUBLISH_ERRORS: dict[int | str, dict[str, Any]] = {**JSON_BODY, 409: {"model": ErrorOut}}
Who = Annotated[Caller, Depends(caller)]


def _publish(svc: Services, who: Caller, turns: list[TurnIn]) -> dict[str, Any]:
    checked = [wire.check_turn(who.user(t.user_id), t.turn_id, t.text, t.role, t.session_id, t.timestamp,
                               t.speaker, t.meta) for t in turns]  # the whole batch before its first turn is sent
    _refuse_conflicts(svc, turns, [c["user_id"] for c in checked])
    accepted: list[dict[str, str]] = []
    try:
        for turn, wire_turn in zip(turns, checked, strict=True):
            svc.client.publish_checked(wire_turn)
            accepted.append({"user_id": turn.user_id, "turn_id": turn.turn_id,
                             "status_url": f"/v1/users/{quoted(turn.user_id)}/turns/{quoted(turn.turn_id)}"})
    except PublishFailed as exc:
        raise ApiError(503, "broker_unavailable", f"{exc}; the first {len(accepted)} turns were accepted, "
                       "publish the rest again", headers={"Retry-After": "2"}, accepted=accepted) from exc
    return {"accepted": accepted}


def _refuse_conflicts(svc: Services, turns: list[TurnIn], stored_ids: list[str]) -> None:
    """409 ``turn_conflict`` when a turn id (the idempotency key) is stored already with other text, or used
    twice with two texts in the batch: the first text wins, nothing of the batch is sent, and the stored
    turn's status stays its own.

    Raises:
        ApiError: 409 naming the turn id (the same as ``TurnConflict`` on the other transports).
    """
    given: dict[str, dict[str, tuple[str, str]]] = {}  # stored user id → {turn id: (text, the caller's user id)}
    for turn, uid in zip(turns, stored_ids, strict=True):
        seen = given.setdefault(uid, {})
        if turn.turn_id in seen and seen[turn.turn_id][0] != turn.text:
            raise ApiError(409, "turn_conflict", f"turn {turn.turn_id!r} of user {turn.user_id!r} is given twice "
                           "with different texts in this batch; nothing was published")
        seen[turn.turn_id] = (turn.text, turn.user_id)
    for uid, wanted in given.items():
        for tid, stored in svc.store.turns_by_ids(uid, list(wanted)).items():
            if not same_turn_text(stored, wanted[tid][0]):  # a masked or purged turn: against its hash
                raise ApiError(409, "turn_conflict", f"turn {tid!r} of user {wanted[tid][1]!r} was stored before "
                               "with other text (the turn id is the idempotency key: the first text is kept); "
                               "nothing was published")


@router.post("/v1/turns", status_code=202, response_model=PublishedOut, responses=PUBLISH_ERRORS,
             summary="Publish one turn")
def publish_turn(body: TurnIn, svc: Svc, who: Who) -> dict[str, Any]:
    """Accept one finished turn for ingest; 202 once it is in the queue; 409 when its turn id was stored
    before with other text (the first text wins; the stored turn's status stays its own)."""
    return _publish(svc, who, [body])


@router.post("/v1/turns/batch", status_code=202, response_model=PublishedOut, responses=PUBLISH_ERRORS,
             summary="Publish turns")
def publish_batch(body: BatchIn, svc: Svc, who: Who) -> dict[str, Any]:
    """Accept up to 100 turns, checked together, published in order (409, none sent: a turn id stored before
    with other text, or given twice with two texts)."""
    return _publish(svc, who, body.turns)


@router.get("/v1/users/{user_id}/turns/{turn_id}", response_model=TurnStatusOut,
            responses={404: {"model": ErrorOut}}, summary="Where a published turn is")
def turn_status(user_id: UserIdPath, turn_id: ItemIdPath, svc: Svc, who: Who) -> dict[str, Any]:
    """queued → stored → applied; dead_lettered when the curator gave up on it; refused when ingest refused it."""
    status = svc.turn_status(who.user(user_id), turn_id)
    if status.get("error"):  # the worker's message names the stored user id
        status["error"] = shown_message(who.tenant, status["error"])
    return {"user_id": user_id, "turn_id": turn_id, **status}


@router.post("/v1/users/{user_id}/recall", response_model=RecallOut, responses=JSON_BODY,
             summary="Recall for a new message")
async def recall(user_id: UserIdPath, body: RecallIn, request: Request, who: Who) -> Response:
    """Top-k items and the packed context block, from the recall worker (or the database, degraded).

    A user with nothing stored gets an empty answer: recall is a query, and
    an id unknown in the tenant (another tenant's user included) holds no data.
    """
    return await recall_answer(request, user_id, body, who)


async def recall_answer(request: Request, user_id: str, body: RecallIn, who: Caller) -> Response:
    """The recall route's work once the request is checked (also run by ``fast_recall``)."""
    svc: Services = request.app.state.services
    filters = body.filters.model_dump(exclude_none=True, mode="json") if body.filters else None
    reply = await svc.recaller.recall(who.user(user_id), body.query, body.k, filters=filters,
                                      budget_tokens=body.budget_tokens, timeout_ms=body.timeout_ms)
    if reply.degraded:
        request.app.state.metrics.recall_degraded.inc()
    results = [{**r, "item": shown_item(r["item"], user_id, query=body.query)} for r in reply.results]
    reason = shown_message(who.tenant, reply.reason) if reply.reason else ""  # a client or worker message
    return JsonResponse({"results": results, "context": reply.context, "degraded": reply.degraded,
                         "reason": reason, "timings_ms": reply.timings_ms})
