"""HTTP errors: every failure leaves as JSON ``{"error": {"status", "code", "message", ...}}``.

The tree::

    ApiError                     raised by routes and auth; carries status, code, message
    ├── 400 bad_request           a body that could not be parsed at all
    ├── 401 unauthorized          no key, or a key that is unknown, malformed or revoked
    ├── 404 not_found / unknown_user / unknown_item / unknown_turn
    ├── 409 user_busy             the user's lock was held past the edit timeout
    ├── 413 body_too_large
    ├── 415 unsupported_media_type  a JSON body sent without ``Content-Type: application/json``
    ├── 422 invalid_input         wrong type, missing field, oversized or empty text
    ├── 429 rate_limited          with ``Retry-After`` (seconds)
    ├── 500 store_damaged         the store file is damaged or no store at all: retrying cannot help, an
    │                             operator must repair it (``gulfstream check``); nothing was changed
    └── 502 / 503 / 504           a worker failed, the broker is down, no reply in time (504 ``not_applied``:
                                  turns accepted but not curated in time)

Core and client errors are converted here, once, by ``install_handlers``;
anything unexpected is logged once and answered 500 ``internal_error``
(the fuzzing test proves no input reaches that branch).
"""

from __future__ import annotations

import email.message
import json
import logging
import re
from collections.abc import Sequence
from typing import Any

import redis
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

try:
    import orjson
except ImportError:  # optional: the standard library encodes the same JSON, slower
    orjson = None  # type: ignore[assignment]

from api_shim.errors import PublishFailed, RecallUnavailable, RemoteError, RequestTimeout
from memory_core.errors import (
    InvalidInput,
    NotApplied,
    NotFound,
    StoreDamaged,
    StoreError,
    StoreLocked,
    UnknownItem,
    UnknownUser,
)
from memory_core.redact import redact

__all__ = ["STORE_DAMAGED_MESSAGE", "ApiError", "JsonResponse", "error_body", "install_handlers", "shown_message"]

log = logging.getLogger(__name__)

STORE_DAMAGED_MESSAGE = (
    "the memory store is damaged or is not a Gulfstream store; nothing was changed by this request, and "
    "retrying will not help until it is repaired. An operator must repair it: `gulfstream check` on the "
    "server reads the whole store and names the damage (the server log names the file); then restore it from "
    "a backup, or load an export with `gulfstream import FILE`")
"""The message of a 500 ``store_damaged``: no path or driver text reaches the caller (the log has them)."""

_CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
          405: "method_not_allowed", 406: "not_acceptable", 409: "conflict", 413: "body_too_large",
          415: "unsupported_media_type", 422: "invalid_input", 429: "rate_limited"}


class JsonResponse(JSONResponse):
    """Compact UTF-8 JSON that never fails to encode: lone surrogates echoed from input become ``?``.

    Encoded by orjson when it is installed (several times faster on a recall
    answer; a NaN becomes ``null``), else, and for what orjson refuses (lone
    surrogates, non-string keys), by the standard library.
    """

    def render(self, content: Any) -> bytes:
        if orjson is not None:
            try:
                return orjson.dumps(content)
            except TypeError:  # orjson.JSONEncodeError is one
                pass
        return json.dumps(content, ensure_ascii=False, allow_nan=False,
                          separators=(",", ":")).encode("utf-8", "replace")


class ApiError(Exception):
    """Raised when a request must end with an HTTP error.

    Args:
        status: the HTTP status code.
        code: a stable machine-readable code (``unknown_item``).
        message: what went wrong and what to do about it.
        headers: extra response headers (``Retry-After``).
        details: extra JSON fields for the error object.
    """

    def __init__(self, status: int, code: str, message: str, *, headers: dict[str, str] | None = None,
                 **details: Any) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.headers = headers or {}
        self.details = details


def error_body(status: int, code: str, message: str, **details: Any) -> dict[str, Any]:
    """Return the JSON error document."""
    return {"error": {"status": status, "code": code, "message": message, **details}}


def shown_message(tenant: str | None, message: str) -> str:
    """``message`` (from the core or the workers) with user ids as the tenant's caller knows them.

    The core names users by their stored id (``'acme:bb'``); an HTTP caller
    knows ``'bb'``. The tenant prefix is dropped only where it starts an
    id, after a character no id holds, so a user id that itself begins
    with the tenant's name (``'acme:acme:x'`` → ``'acme:x'``) and words
    that merely end in it (tenant ``a``, ``schema:``) keep their text.
    """
    if not tenant:
        return message
    return re.sub(rf"(?<![\w.:@#+\-]){re.escape(tenant)}:", "", message)


def _scrub(request: Request, message: str) -> str:
    """Drop the tenant prefix from user ids echoed in core messages."""
    return shown_message(getattr(request.state, "tenant", None), message)


def _reply(request: Request, status: int, code: str, message: str, headers: dict[str, str] | None = None,
           **details: Any) -> JsonResponse:
    return JsonResponse(error_body(status, code, _scrub(request, redact(message)), **details), status_code=status,
                        headers=headers)


def _validation_errors(errors: Sequence[Any]) -> tuple[str, list[dict[str, Any]]]:
    fields = []
    for err in errors:
        loc = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "body"
        fields.append({"field": loc, "problem": str(err.get("msg", "invalid")), "type": err.get("type", "")})
    first = fields[0] if fields else {"field": "body", "problem": "invalid"}
    more = f" (and {len(fields) - 1} more)" if len(fields) > 1 else ""
    return f"{first['field']}: {first['problem']}{more}", fields


def _is_json(content_type: str | None) -> bool:
    """True for a JSON media type as FastAPI reads one (``application/json``, ``application/*+json``)."""
    if not content_type:
        return False
    message = email.message.Message()
    message["content-type"] = content_type
    subtype = message.get_content_subtype()
    return message.get_content_maintype() == "application" and (subtype == "json" or subtype.endswith("+json"))


_FASTAPI_UNPARSABLE = "There was an error parsing the body"
"""FastAPI's 400 for a body it could not parse, raised from the exception that says why."""


def _unparsable(cause: BaseException) -> str:
    """Why a request body could not be parsed at all (FastAPI's own message names no cause)."""
    if isinstance(cause, RecursionError):
        return ("the JSON body is nested too deeply (arrays or objects inside each other); "
                "no field takes more than a few levels")
    if isinstance(cause, UnicodeDecodeError):
        return f"the body is not valid UTF-8 at byte {cause.start}"
    return "the body could not be parsed as JSON"


def install_handlers(app: FastAPI) -> None:
    """Register the conversions from exceptions to JSON errors on ``app``."""

    @app.exception_handler(ApiError)
    async def _api(request: Request, exc: ApiError) -> JsonResponse:
        return _reply(request, exc.status, exc.code, exc.message, exc.headers, **exc.details)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JsonResponse:
        errors = list(exc.errors())
        content_type = request.headers.get("content-type")
        if not _is_json(content_type) and any(tuple(e.get("loc", ()))[:1] == ("body",) for e in errors):
            # FastAPI parses a body as JSON only when it is sent as JSON; any other never fits the model
            got = f"Content-Type {content_type[:100]!r}" if content_type else "no Content-Type"
            return _reply(request, 415, "unsupported_media_type",
                          f"the body must be JSON, sent with 'Content-Type: application/json'; got {got}")
        if any(e.get("type") == "json_invalid" for e in errors):
            return _reply(request, 400, "bad_request", "the body is not valid JSON")
        message, fields = _validation_errors(errors)
        return _reply(request, 422, "invalid_input", message, fields=fields)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JsonResponse:
        code = _CODES.get(exc.status_code, "error")
        message = exc.detail if isinstance(exc.detail, str) else code.replace("_", " ")
        if exc.status_code == 404 and message == "Not Found":
            message = f"no such endpoint: {request.method} {request.url.path}"
        elif message == _FASTAPI_UNPARSABLE and exc.__cause__ is not None:
            message = _unparsable(exc.__cause__)
        return _reply(request, exc.status_code, code, message, dict(exc.headers or {}))

    @app.exception_handler(InvalidInput)
    async def _core_invalid(request: Request, exc: InvalidInput) -> JsonResponse:
        return _reply(request, 422, "invalid_input", str(exc))

    @app.exception_handler(NotFound)
    async def _core_missing(request: Request, exc: NotFound) -> JsonResponse:
        code = "unknown_item" if isinstance(exc, UnknownItem) else \
            "unknown_user" if isinstance(exc, UnknownUser) else "not_found"
        return _reply(request, 404, code, str(exc))

    @app.exception_handler(StoreLocked)
    async def _locked(request: Request, exc: StoreLocked) -> JsonResponse:
        return _reply(request, 409, "user_busy", f"{exc}; try again shortly", {"Retry-After": "1"})

    @app.exception_handler(StoreDamaged)
    async def _damaged(request: Request, exc: StoreDamaged) -> JsonResponse:
        log.error("store damaged on %s %s: %s", request.method, request.url.path, exc)  # the file and the fix
        return _reply(request, 500, "store_damaged", STORE_DAMAGED_MESSAGE)

    @app.exception_handler(StoreError)
    async def _store(request: Request, exc: StoreError) -> JsonResponse:
        log.error("store failed on %s %s: %s", request.method, request.url.path, exc)
        return _reply(request, 503, "store_unavailable", "the memory database failed; try again later",
                      {"Retry-After": "2"})

    @app.exception_handler(PublishFailed)
    async def _broker(request: Request, exc: PublishFailed) -> JsonResponse:
        return _reply(request, 503, "broker_unavailable", f"{exc}; nothing was accepted, retry later",
                      {"Retry-After": "2"})

    @app.exception_handler(redis.RedisError)
    async def _redis(request: Request, exc: redis.RedisError) -> JsonResponse:  # a read of Redis (turn status)
        log.error("Redis failed on %s %s: %s", request.method, request.url.path, exc)
        return _reply(request, 503, "broker_unavailable", f"Redis failed ({type(exc).__name__}); retry later",
                      {"Retry-After": "2"})

    @app.exception_handler(RecallUnavailable)
    async def _recall(request: Request, exc: RecallUnavailable) -> JsonResponse:
        return _reply(request, 503, "recall_unavailable", str(exc), {"Retry-After": "1"})

    @app.exception_handler(RequestTimeout)
    async def _timeout(request: Request, exc: RequestTimeout) -> JsonResponse:
        return _reply(request, 504, "worker_timeout", f"{exc}; the request may still complete")

    @app.exception_handler(NotApplied)
    async def _not_applied(request: Request, exc: NotApplied) -> JsonResponse:  # accepted, not yet curated
        log.warning("turns not applied in time on %s %s: %s", request.method, request.url.path, exc)
        return _reply(request, 504, "not_applied", f"{exc}; the turns were accepted and are applied once a curate "
                      "worker takes them: do not send them again as new turns", {"Retry-After": "2"})

    @app.exception_handler(RemoteError)
    async def _remote(request: Request, exc: RemoteError) -> JsonResponse:
        log.error("worker failed on %s %s: %s", request.method, request.url.path, exc)
        return _reply(request, 502, "worker_error", "a worker failed on this request; it was logged")

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JsonResponse:  # HTTP edge: logged once
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return _reply(request, 500, "internal_error", "unexpected server error; it was logged")
