"""The ``MemoryAPI`` over the distributed system and over HTTP: ``DistributedMemory`` and ``HttpMemory``.

Both inherit every call's meaning from ``memory_core.api_base.BaseMemoryAPI``
(argument checks, filters, paging, answer shapes) and only move its
primitive requests:

- ``DistributedMemory`` through ``MemoryClient``: turns published to the
  ingest queue, edits and reads as request/reply tasks on the ``edits``
  worker, recall through the recall worker (with its database fallback);
- ``HttpMemory`` through the HTTP shim's ``/v1`` API with ``httpx``, inside
  the API key's tenant.

Both offer the session calls (``memory_core.api.SessionAPI``, the tiered
``prompt_context`` included) through ``api_shim.session_client.SessionCalls``.

Read-your-writes: ``add`` (and ``ingest(wait=True)``) poll the turns'
status until the curator has applied them and, where the workers embed,
their vectors are stored (``memory_core.wire.wait_applied``, one wait for
both transports), so a recall right after sees them.
``AsyncMemory(DistributedMemory(...))`` / ``AsyncMemory(HttpMemory(...))``
are the asyncio twins.

Example::

    from api_shim.api_client import DistributedMemory, HttpMemory

    mem = DistributedMemory("redis://127.0.0.1:6379/0", database_url="postgresql+psycopg://...")
    mem.add("I moved to Lisbon", user_id="ann")            # returns once applied
    mem.recall("where do I live?", user_id="ann")["context"]

    web = HttpMemory("http://127.0.0.1:8080", api_key="gs_...")
    web.search("where do I live?", user_id="ann")
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any
from urllib.parse import quote

import httpx

from api_shim.client import MAX_TURN_IDS, MemoryClient
from api_shim.session_client import OPS, SessionCalls
from memory_core import errors as core_errors
from memory_core.api import ItemRecord, RecallAnswer
from memory_core.api_base import BaseMemoryAPI, item_record, revision_record
from memory_core.model import Status, Trust, Turn
from memory_core.wire.read_your_writes import EMBED_WAIT_S, wait_applied

__all__ = ["DistributedMemory", "HttpError", "HttpMemory"]

_EVERY_STATUS = [s.value for s in Status]


def _hits(results: list[dict[str, Any]], user_id: str | None = None) -> list[ItemRecord]:
    return [{**item_record(r["item"], user_id), "score": float(r["score"]), "rank": int(r["rank"]),
             "outdated": bool(r.get("outdated", False))}
            for r in results]


def _oldest_first(records: list[ItemRecord]) -> list[ItemRecord]:
    """Records read in several pages as one answer: each item once, oldest first."""
    unique = {str(r["id"]): r for r in records}
    return sorted(unique.values(), key=lambda r: (str(r["created_at"]), str(r["id"])))


#: Turn statuses of a turn stored before (``MemoryClient.turn_status``): re-sending it adds nothing.
_HELD = frozenset({"stored", "applied"})


class DistributedMemory(SessionCalls, BaseMemoryAPI):
    """The ``MemoryAPI`` on the Celery workers, through ``MemoryClient``.

    Args:
        broker_url: the workers' Redis URL, or an existing ``MemoryClient`` to use.
        client_options: ``MemoryClient`` keyword arguments (``database_url`` for the recall
            fallback, ``recall_timeout_ms``, ``request_timeout_s``, ...).
    """

    #: Seconds an ``add`` waits for its turns' vectors once they are applied (``wire.wait_applied``).
    embed_wait_s = EMBED_WAIT_S

    def __init__(self, broker_url: str | MemoryClient, **client_options: Any) -> None:
        self.client = broker_url if isinstance(broker_url, MemoryClient) else \
            MemoryClient(broker_url, **client_options)

    def close(self) -> None:
        """Close the client's connections."""
        self.client.close()

    def _publish(self, turns: list[Turn]) -> None:
        for t in turns:
            self.client.publish_turn(t.user_id, t.turn_id, t.text, t.role, t.session_id, t.timestamp,
                                     speaker=t.speaker or None, meta=t.meta or None)

    def _stored_before(self, user_id: str, turns: list[Turn]) -> set[str]:
        """The ids of ``turns`` the workers hold already with the same text (a re-sent add; one turn-status call
        per turn): their items are answered NONE, as the embedded add answers them."""
        held = set()
        for t in turns:
            try:
                status = self.client.turn_status(user_id, t.turn_id, text=t.text)
            except core_errors.NotFound:
                continue
            if status.get("status") in _HELD and status.get("error_type") != "TurnConflict":
                held.add(t.turn_id)
        return held

    def _wait(self, user_id: str, turn_ids: list[str], timeout_s: float,
              texts: Mapping[str, str] | None = None) -> None:
        given = texts or {}
        wait_applied(lambda tid: self.client.turn_status(user_id, tid, text=given.get(tid)), turn_ids, timeout_s,
                     self.embed_wait_s)

    def _list(self, user_id: str, statuses: tuple[str, ...] | None, reveal: bool = False) -> list[ItemRecord]:
        wanted = _EVERY_STATUS if statuses is None else list(statuses)
        return [item_record(i) for i in self.client.list_items(user_id, statuses=wanted)]

    def _of_turns(self, user_id: str, turn_ids: list[str]) -> list[ItemRecord]:
        """The items the turns touched, read by index on the workers (``MemoryClient.items_of_turns``)."""
        out: list[ItemRecord] = []
        for start in range(0, len(turn_ids), MAX_TURN_IDS):
            out += [item_record(i) for i in self.client.items_of_turns(user_id, turn_ids[start:start + MAX_TURN_IDS])]
        return _oldest_first(out)

    def _get(self, user_id: str, item_id: str, reveal: bool = False) -> ItemRecord:
        return item_record(self.client.get_item(user_id, item_id))

    def _create(self, user_id: str, item_id: str | None, description: str, theme: str, kind: str,
                valid_from: datetime | None, speaker: str, reason: str, meta: dict[str, str]) -> str:
        fields: dict[str, Any] = {"kind": kind, "speaker": speaker, "trust": Trust.USER.value}
        if meta:
            fields["meta"] = meta
        if valid_from is not None:
            fields["valid_from"] = valid_from
        if item_id is not None:
            fields["id"] = item_id
        return self.client.add_item(user_id, description, theme, reason=reason, **fields)

    def _update(self, user_id: str, item_id: str, reason: str, description: str | None,
                theme: str | None) -> None:
        self.client.update_item(user_id, item_id, reason, new_description=description, new_theme=theme)

    def _delete(self, user_id: str, item_id: str, reason: str) -> None:
        self.client.delete_item(user_id, item_id, reason)

    def _purge(self, user_id: str, item_id: str, reason: str) -> None:
        self.client.delete_item(user_id, item_id, reason, purge=True)

    def _history(self, user_id: str, item_id: str, reveal: bool = False) -> list[dict[str, Any]]:
        return [revision_record(r) for r in self.client.item_history(user_id, item_id)]

    def _erase(self, user_id: str) -> int:
        return self.client.erase_user(user_id)

    def _users(self) -> list[str]:
        return self.client.list_users()

    def _forget_turns(self, user_id: str) -> int:
        return self.client.forget_turns(user_id)

    def _recall(self, user_id: str, query: str, k: int, filters: dict[str, Any],
                budget_tokens: int | None) -> RecallAnswer:
        reply = self.client.recall(user_id, query, k, filters=filters or None, budget_tokens=budget_tokens)
        return {"results": _hits(reply.results), "context": reply.context_text, "degraded": reply.degraded,
                "reason": reply.reason}

    def _hit(self, user_id: str, item_id: str, count: int) -> int:
        return self.client.hit_item(user_id, item_id, count)

    def _session_request(self, op: str, user_id: str, session_id: str, **kwargs: Any) -> Any:
        return self.client.rpc.call(OPS[op], user_id=user_id, session_id=session_id, **kwargs)


def _q(item_id: str) -> str:
    """An id as one URL path segment: a "/" in it is sent as %2F (``api_shim.http.encoded_ids``)."""
    return quote(item_id, safe="")


def _reveal(reveal: bool) -> dict[str, str]:
    """The query parameter asking the shim for stored text (it masks sensitive values otherwise)."""
    return {"reveal": "true"} if reveal else {}


class HttpError(core_errors.GulfstreamError):
    """Raised for an HTTP answer that is no core error (401, 429, 5xx ...).

    Attributes:
        status: the HTTP status. code: the API's error code ("unauthorized", "rate_limited", ...).
    """

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(f"HTTP {status} {code}: {message}")
        self.status, self.code = status, code


_CODES: dict[str, type[core_errors.GulfstreamError]] = {
    "unknown_item": core_errors.UnknownItem, "unknown_user": core_errors.UnknownUser,
    "invalid_input": core_errors.InvalidField, "user_busy": core_errors.StoreLocked,
    "turn_conflict": core_errors.TurnConflict,
}


#: Turn ids named per ``GET .../items?turn_id=`` (kept well inside a URL's length: ids run to 128 characters).
_TURNS_PER_GET = 50

#: User ids asked for per ``GET /v1/users`` (its largest page).
USERS_PAGE = 1000


class HttpMemory(SessionCalls, BaseMemoryAPI):
    """The ``MemoryAPI`` on the HTTP shim's ``/v1`` API (users inside the key's tenant).

    Args:
        base_url: the shim, e.g. ``http://127.0.0.1:8080``.
        api_key: a key of the tenant (``gs_<id>_<secret>``).
        timeout_s: per request, in seconds.
    """

    #: Seconds an ``add`` waits for its turns' vectors once they are applied (``wire.wait_applied``).
    embed_wait_s = EMBED_WAIT_S

    def __init__(self, base_url: str, api_key: str, *, timeout_s: float = 30.0,
                 transport: httpx.BaseTransport | None = None) -> None:
        self.http = httpx.Client(base_url=base_url.rstrip("/"), timeout=timeout_s, transport=transport,
                                 headers={"Authorization": f"Bearer {api_key}"})

    def close(self) -> None:
        """Close the connection pool."""
        self.http.close()

    def _call(self, method: str, path: str, **kwargs: Any) -> Any:
        """One request; the JSON answer, or the error raised as the core's class.

        Raises:
            UnknownItem, UnknownUser, InvalidField, StoreLocked: mapped from the API's error codes.
            HttpError: any other error answer.
        """
        response = self.http.request(method, path, **kwargs)
        if response.is_success:
            return response.json()
        try:
            error = response.json()["error"]
            code, message = str(error.get("code", "")), str(error.get("message", ""))
        except (ValueError, KeyError, TypeError, AttributeError):
            code, message = "", response.text[:500]
        cls = _CODES.get(code)
        if cls is not None:
            raise cls(message)
        raise HttpError(response.status_code, code or "error", message)

    def _publish(self, turns: list[Turn]) -> None:
        for start in range(0, len(turns), 100):
            body = [{"user_id": t.user_id, "turn_id": t.turn_id, "session_id": t.session_id, "role": t.role,
                     "text": t.text, "timestamp": t.timestamp.isoformat(), "speaker": t.speaker or None,
                     "meta": t.meta or None} for t in turns[start:start + 100]]
            self._call("POST", "/v1/turns/batch", json={"turns": body})

    def _stored_before(self, user_id: str, turns: list[Turn]) -> set[str]:
        """The ids of ``turns`` the shim holds already (one turn-status GET per turn; a reused id with other text is
        refused at publish, so a held id holds this text): their items are answered NONE, as embedded."""
        held = set()
        for t in turns:
            try:
                status = self._call("GET", f"/v1/users/{_q(user_id)}/turns/{_q(t.turn_id)}")
            except core_errors.NotFound:
                continue
            except HttpError as exc:
                if exc.code == "unknown_turn":
                    continue  # never published: a first add
                raise
            if status.get("status") in _HELD:
                held.add(t.turn_id)
        return held

    def _wait(self, user_id: str, turn_ids: list[str], timeout_s: float,
              texts: Mapping[str, str] | None = None) -> None:
        """Poll the shim's turn status, as ``DistributedMemory`` polls the workers' (``wire.wait_applied``: applied,
        then embedded where the workers embed). A reused id with other text is refused at publish: 409,
        ``TurnConflict``."""
        wait_applied(lambda tid: self._call("GET", f"/v1/users/{_q(user_id)}/turns/{_q(tid)}"), turn_ids, timeout_s,
                     self.embed_wait_s)

    def _list(self, user_id: str, statuses: tuple[str, ...] | None, reveal: bool = False) -> list[ItemRecord]:
        wanted = _EVERY_STATUS if statuses is None else list(statuses)
        if not wanted:
            return []
        try:
            body = self._call("GET", f"/v1/users/{_q(user_id)}/items", params={"status": wanted, **_reveal(reveal)})
        except core_errors.UnknownUser:
            return []
        return [item_record(i) for i in body["items"]]

    def _of_turns(self, user_id: str, turn_ids: list[str]) -> list[ItemRecord]:
        """The items the turns touched (``GET .../items?turn_id=...``, read by index on the shim's side)."""
        out: list[ItemRecord] = []
        for start in range(0, len(turn_ids), _TURNS_PER_GET):
            params = {"status": _EVERY_STATUS, "turn_id": turn_ids[start:start + _TURNS_PER_GET]}
            try:
                body = self._call("GET", f"/v1/users/{_q(user_id)}/items", params=params)
            except core_errors.UnknownUser:
                continue
            out += [item_record(i) for i in body["items"]]
        return _oldest_first(out)

    def _get(self, user_id: str, item_id: str, reveal: bool = False) -> ItemRecord:
        return item_record(self._call("GET", f"/v1/users/{_q(user_id)}/items/{_q(item_id)}", params=_reveal(reveal)))

    def _create(self, user_id: str, item_id: str | None, description: str, theme: str, kind: str,
                valid_from: datetime | None, speaker: str, reason: str, meta: dict[str, str]) -> str:
        body: dict[str, Any] = {"description": description, "theme": theme, "kind": kind, "reason": reason}
        if meta:
            body["meta"] = meta
        if valid_from is not None:
            body["valid_from"] = valid_from.isoformat()
        if item_id is not None:
            body["id"] = item_id
        if speaker:
            body["speaker"] = speaker
        return str(self._call("POST", f"/v1/users/{_q(user_id)}/items", json=body)["id"])

    def _update(self, user_id: str, item_id: str, reason: str, description: str | None,
                theme: str | None) -> None:
        body = {k: v for k, v in (("description", description), ("theme", theme)) if v is not None}
        self._call("PATCH", f"/v1/users/{_q(user_id)}/items/{_q(item_id)}", json={**body, "reason": reason})

    def _delete(self, user_id: str, item_id: str, reason: str) -> None:
        self._call("DELETE", f"/v1/users/{_q(user_id)}/items/{_q(item_id)}", params={"reason": reason})

    def _purge(self, user_id: str, item_id: str, reason: str) -> None:
        self._call("DELETE", f"/v1/users/{_q(user_id)}/items/{_q(item_id)}",
                   params={"reason": reason, "purge": "true"})

    def _history(self, user_id: str, item_id: str, reveal: bool = False) -> list[dict[str, Any]]:
        body = self._call("GET", f"/v1/users/{_q(user_id)}/items/{_q(item_id)}/history", params=_reveal(reveal))
        return [revision_record(r) for r in body["history"]]

    def _users(self) -> list[str]:
        out: list[str] = []
        while True:  # the route's pages, until a short one
            page = self._call("GET", "/v1/users", params={"limit": USERS_PAGE, "offset": len(out)})["users"]
            out += [str(u) for u in page]
            if len(page) < USERS_PAGE:
                return out

    def _erase(self, user_id: str) -> int:
        try:
            return int(self._call("DELETE", f"/v1/users/{_q(user_id)}").get("items_removed", 0))
        except core_errors.UnknownUser:
            return 0

    def _forget_turns(self, user_id: str) -> int:
        try:
            return int(self._call("DELETE", f"/v1/users/{_q(user_id)}/turns")["forgotten"])
        except core_errors.UnknownUser:
            return 0

    def _recall(self, user_id: str, query: str, k: int, filters: dict[str, Any],
                budget_tokens: int | None) -> RecallAnswer:
        body: dict[str, Any] = {"query": query, "k": k, "filters": filters or None, "budget_tokens": budget_tokens}
        answer = self._call("POST", f"/v1/users/{_q(user_id)}/recall", json=body)
        return {"results": _hits(answer["results"]), "context": str(answer["context"].get("text", "")),
                "degraded": bool(answer["degraded"]), "reason": str(answer["reason"])}

    def _hit(self, user_id: str, item_id: str, count: int) -> int:
        return int(self._call("POST", f"/v1/users/{_q(user_id)}/items/{_q(item_id)}/hit", json={"count": count})["hit"])

    def _session_request(self, op: str, user_id: str, session_id: str, **kwargs: Any) -> Any:
        if op == "prompt":
            return self._call("POST", f"/v1/users/{_q(user_id)}/sessions/{_q(session_id)}/prompt-context", json=kwargs)
        path = f"/v1/users/{_q(user_id)}/sessions/{_q(session_id)}/" + ("context" if op == "context" else "working")
        if op == "context":
            budget = kwargs.get("budget_tokens")
            return self._call("GET", path, params={} if budget is None else {"budget_tokens": budget})
        if op == "update":
            return self._call("PATCH", path, json=kwargs["changes"])["working"]
        if op == "clear":
            return self._call("DELETE", path)["cleared"]
        return self._call("GET", path)["working"]
