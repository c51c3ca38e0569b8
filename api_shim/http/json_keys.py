"""A JSON body that names one key twice in an object is refused, never read last-wins.

``{"user_id": "hb", "user_id": "other"}`` parses, in Python as in most JSON
readers, to ``{"user_id": "other"}``: a proxy or a log that reads the first
one sees another user than the shim acts for. Every router of the shim is
made with ``route_class=JsonRoute``, whose requests parse a JSON body once,
with ``loads_json``: the one parse FastAPI makes for the body model also
refuses a repeated key, with 422 ``invalid_input`` naming it (``RepeatedKey``,
answered by the app's ``HTTPException`` handler). The recall fast path parses
with ``loads_json`` too and hands such a body to the app.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

__all__ = ["JsonRoute", "RepeatedKey", "is_json_type", "loads_json"]


class RepeatedKey(HTTPException):
    """Raised when some object of a JSON body names ``key`` twice (an HTTP 422 ``invalid_input``)."""

    def __init__(self, key: str) -> None:
        super().__init__(422, f"the JSON body names the key {key[:100]!r} twice in one object; send each key once")
        self.key = key


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise RepeatedKey(key)
        seen[key] = value
    return seen


def loads_json(body: bytes | str) -> Any:
    """``json.loads(body)``, refusing an object that names a key twice.

    Raises:
        RepeatedKey: the first key some object names twice.
        ValueError: the body is not JSON (``json.JSONDecodeError``, or ``UnicodeDecodeError``).
        RecursionError: the body is nested too deeply to parse.
    """
    return json.loads(body, object_pairs_hook=_pairs)


def is_json_type(content_type: bytes) -> bool:
    """True for a JSON media type (``application/json``, ``application/*+json``, parameters allowed)."""
    kind = content_type.split(b";", 1)[0].strip().lower()
    return kind == b"application/json" or (kind.startswith(b"application/") and kind.endswith(b"+json"))


class _OnceJsonRequest(Request):
    """A request whose ``json()`` is ``loads_json`` of its body (parsed once, then kept)."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = loads_json(await self.body())
        return self._json


class JsonRoute(APIRoute):
    """An ``APIRoute`` whose JSON body is parsed by ``loads_json`` (a repeated key is a 422, see the module)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def once(request: Request) -> Response:
            once_request = _OnceJsonRequest(request.scope, request.receive, request._send)
            if hasattr(request, "_body"):  # read already: the stream is spent
                once_request._body = request._body
            return await handler(once_request)

        return once
