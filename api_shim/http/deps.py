"""Request dependencies: the services, and the authenticated, rate-limited caller.

A request authenticates with ``Authorization: Bearer <key>`` or
``X-API-Key: <key>``. The editor page authenticates with its session cookie
instead, and must then also send ``X-Gulfstream-Editor: 1``: a header no
other site can make a browser send, so the cookie cannot be used for
cross-site request forgery.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Path, Request, Security
from fastapi.concurrency import run_in_threadpool
from fastapi.security import APIKeyHeader, HTTPAuthorizationCredentials, HTTPBearer
from pydantic import AfterValidator

from api_shim.http.auth import MAX_USER_ID_CHARS, ApiKey, namespaced
from api_shim.http.encoded_ids import PATH_ID_PATTERN, decoded_id
from api_shim.http.errors import ApiError
from api_shim.http.services import Services
from memory_core.validation import MAX_ID_CHARS

__all__ = ["COOKIE", "EDITOR_HEADER", "Caller", "ItemIdPath", "UserIdPath", "authenticate_key", "caller", "services"]

COOKIE = "gulfstream_session"
EDITOR_HEADER = "X-Gulfstream-Editor"

_bearer = HTTPBearer(auto_error=False, description="an API key: `Authorization: Bearer gs_...`")
_header = APIKeyHeader(name="X-API-Key", auto_error=False, description="an API key: `X-API-Key: gs_...`")

def _id_checked(limit: int) -> Callable[[str], str]:
    def check(value: str) -> str:
        value = decoded_id(value)
        if len(value) > limit:
            raise ValueError(f"String should have at most {limit} characters")
        return value
    return check


# a "/" in an id travels as %2F (``encoded_ids``): up to three characters each before it is decoded
UserIdPath = Annotated[str, Path(min_length=1, max_length=3 * MAX_USER_ID_CHARS, pattern=PATH_ID_PATTERN,
                                 description="the user's id inside your tenant (a \"/\" in it written %2F)"),
                       AfterValidator(_id_checked(MAX_USER_ID_CHARS))]
ItemIdPath = Annotated[str, Path(min_length=1, max_length=3 * MAX_ID_CHARS, pattern=PATH_ID_PATTERN),
                       AfterValidator(_id_checked(MAX_ID_CHARS))]


async def services(request: Request) -> Services:
    """The app's services."""
    svc: Services = request.app.state.services
    return svc


@dataclass(slots=True, frozen=True)
class Caller:
    """Who is calling: an API key of one tenant.

    Attributes:
        key: the key.
        tenant: its tenant; every user id is namespaced inside it.
    """

    key: ApiKey
    tenant: str

    def user(self, user_id: str) -> str:
        """The stored id of ``user_id`` inside this caller's tenant."""
        return namespaced(self.tenant, user_id)


async def caller(request: Request, svc: Annotated[Services, Depends(services)],
                 bearer: Annotated[HTTPAuthorizationCredentials | None, Security(_bearer)] = None,
                 header_key: Annotated[str | None, Security(_header)] = None) -> Caller:
    """Authenticate the request and take one token from its key's rate limit.

    Runs on the event loop: a key found in the key cache costs no thread hop;
    only a cache miss reads the database, in the threadpool.

    Raises:
        ApiError: 401 for a missing or bad key, 429 when the key is over its rate.
    """
    text = bearer.credentials if bearer is not None else header_key
    if text is None:
        text = request.cookies.get(COOKIE)
        if text is not None and request.headers.get(EDITOR_HEADER) != "1":
            raise ApiError(401, "unauthorized", f"cookie sessions must send the {EDITOR_HEADER}: 1 header",
                           headers={"WWW-Authenticate": "Bearer"})
    if not text:
        raise ApiError(401, "unauthorized",
                       "no API key: send it in an 'Authorization: Bearer' header or an 'X-API-Key' header",
                       headers={"WWW-Authenticate": "Bearer"})
    keys = svc.keys
    key = keys.authenticate(text) if keys.is_cached(text) else await run_in_threadpool(keys.authenticate, text)
    if key is None:
        raise ApiError(401, "unauthorized", "the API key is unknown, malformed or revoked",
                       headers={"WWW-Authenticate": "Bearer"})
    wait_s = svc.limiter.take(key)
    if wait_s > 0:
        request.app.state.metrics.rate_limited.labels(key.tenant).inc()
        raise ApiError(429, "rate_limited", f"this key allows {key.rate_per_s:g} requests/s "
                       f"(burst {key.burst}); retry in {wait_s:.2f} s",
                       headers={"Retry-After": str(max(1, round(wait_s + 0.5)))})
    request.state.tenant = key.tenant
    return Caller(key, key.tenant)


def authenticate_key(svc: Services, text: str) -> Caller | None:
    """The caller of a cached, valid key, with one rate-limit token taken; else None, with nothing taken.

    The fast recall path's check (``fast_recall``): a key that is not in the
    key cache, is unknown, or is over its rate returns None, and ``caller``
    then handles the request the full way (database read, 401, 429).
    """
    keys = svc.keys
    if not keys.is_cached(text):
        return None
    key = keys.authenticate(text)
    if key is None or svc.limiter.take(key) > 0:  # an empty bucket takes nothing
        return None
    return Caller(key, key.tenant)
