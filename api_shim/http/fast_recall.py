"""``POST /v1/users/{user_id}/recall`` on its common path, without FastAPI's routing and dependencies.

Recall is the request a chat backend makes before every answer, and the
shim's budget for it is a few milliseconds over the Celery round trip.
FastAPI's route matching over every route, its dependency solving (the
services, the caller, two security schemes, the path and the body) and its
exception middleware cost about a millisecond of a recall's time in the
shim. ``RecallFastPath`` serves the plain case itself with the same parts:
the same body model (``RecallIn``), key cache and rate limiter
(``deps.authenticate``), event-loop recall (``AsyncMemoryClient.recall``), answer
(``api_turns.recall_answer``) and exception handlers.

Everything else goes to the app unchanged, with the body replayed: another
path or method, a body that is not ``application/json``, that ``json`` cannot
parse (nested too deeply included), that names a key twice (``json_keys``)
or that the model refuses, a cookie session, a missing, unknown or uncached
key, or a key over its rate. The app
then answers (or refuses) exactly as it always has; no rate-limit token is
taken before the hand-over.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI
from fastapi.routing import APIRoute
from fastapi.security.utils import get_authorization_scheme_param
from pydantic import ValidationError
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from api_shim.http import api_turns
from api_shim.http.api_turns import recall_answer
from api_shim.http.auth import MAX_USER_ID_CHARS
from api_shim.http.deps import authenticate_key
from api_shim.http.health import replay_body
from api_shim.http.json_keys import RepeatedKey, loads_json
from api_shim.http.schemas import ID_PATTERN, RecallIn

__all__ = ["RecallFastPath"]

_PATH = re.compile(r"/v1/users/([^/]+)/recall")
_USER_ID = re.compile(ID_PATTERN)


class RecallFastPath:
    """ASGI middleware serving plain recalls itself (see the module docstring).

    Args:
        app: the rest of the middleware stack and the router.
        fastapi_app: the FastAPI app (its state, exception handlers and recall route).
    """

    def __init__(self, app: ASGIApp, fastapi_app: FastAPI) -> None:
        self.app = app
        self.fastapi_app = fastapi_app
        self._route: APIRoute | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        match = _PATH.fullmatch(scope["path"])
        if match is None:
            await self.app(scope, receive, send)
            return
        body, receive = await _read_body(receive)
        request = Request(scope, receive)
        plain = self._plain(request, match[1], body)
        if plain is None:
            await self.app(scope, receive, send)
            return
        user_id, recall_in, who = plain
        scope["route"] = self._recall_route()
        request.state.tenant = who.tenant
        try:
            response = await recall_answer(request, user_id, recall_in, who)
        except Exception as exc:  # the app's own conversion to a JSON error
            handler = _handler_for(self.fastapi_app, exc)
            if handler is None:
                raise
            response = await handler(request, exc)
        await response(scope, receive, send)

    def _plain(self, request: Request, user_id: str, body: bytes) -> tuple[str, RecallIn, Any] | None:
        """(user id, body, caller) when this is a recall the fast path can serve, else None."""
        if not (0 < len(user_id) <= MAX_USER_ID_CHARS and _USER_ID.match(user_id)):
            return None
        headers = request.headers
        if headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
            return None
        scheme, credentials = get_authorization_scheme_param(headers.get("authorization"))
        text = credentials if scheme.lower() == "bearer" and credentials else headers.get("x-api-key")
        if not text:
            return None
        try:
            recall_in = RecallIn.model_validate(loads_json(body))
        except (ValueError, RecursionError, ValidationError, RepeatedKey):  # JSONDecodeError is a ValueError
            return None  # the app parses it again and answers the error (400 or 422)
        who = authenticate_key(request.app.state.services, text)
        return None if who is None else (user_id, recall_in, who)

    def _recall_route(self) -> APIRoute | None:
        """The recall route (the metrics label a request by its route's path template)."""
        if self._route is None:
            self._route = next((r for r in api_turns.router.routes
                                if isinstance(r, APIRoute) and r.endpoint is api_turns.recall), None)
        return self._route


async def _read_body(receive: Receive) -> tuple[bytes, Receive]:
    """The whole request body, and a ``receive`` that gives it again."""
    chunks = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    body = b"".join(chunks)
    return body, replay_body(body, receive)


def _handler_for(app: FastAPI, exc: Exception) -> Any:
    """The app's exception handler for ``exc`` (by its class, most specific first), or None."""
    for cls in type(exc).__mro__:
        handler = app.exception_handlers.get(cls)
        if handler is not None:
            return handler
    return None
