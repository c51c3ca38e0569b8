"""Ids holding "/" in URL paths: ``/v1/users/team%2Fann/items``.

The core's ids may hold "/" (letters, digits and ``. : @ - / # + _``; a
LoCoMo import names its users ``<user>/<sample>``), so a path segment carries
it percent-encoded, ``%2F``. The ASGI server decodes the whole path before
routing, which would split such an id into two segments; ``EncodedSlashes``
rebuilds the routed path from the raw one segment by segment, leaving a "/"
inside a segment as ``%2F``, and the path parameters (``deps.UserIdPath``,
``deps.ItemIdPath``) turn ``%2F`` back into "/" (``decoded_id``). Clients
quote each id they put in a path (``quoted``), as ``HttpMemory`` does.
"""

from __future__ import annotations

from urllib.parse import quote, unquote

from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["PATH_ID_PATTERN", "EncodedSlashes", "decoded_id", "quoted"]

#: A path parameter's id as routed: the id alphabet, a "/" written ``%2F``.
PATH_ID_PATTERN = r"^(?:[\w.:@#+\-]|%2F)+$"


def quoted(item_id: str) -> str:
    """``item_id`` as one path segment ("team/ann" -> "team%2Fann")."""
    return quote(item_id, safe="")


def decoded_id(value: str) -> str:
    """A routed path parameter's id with its ``%2F`` turned back into "/"."""
    return value.replace("%2F", "/")


class EncodedSlashes:
    """ASGI middleware: a ``%2F`` inside a path segment stays inside it (module docstring).

    Args:
        app: the rest of the stack.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        raw = scope.get("raw_path") if scope["type"] == "http" else None
        if raw and b"%2f" in raw.lower():
            raw = raw.split(b"?", 1)[0]
            segments = [unquote(s.decode("latin-1")).replace("/", "%2F") for s in raw.split(b"/")]
            scope = {**scope, "path": "/".join(segments)}
        await self.app(scope, receive, send)
