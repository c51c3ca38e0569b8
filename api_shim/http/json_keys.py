"""A JSON body that names one key twice in an object is refused, never read last-wins.

``{"user_id": "hb", "user_id": "other"}`` parses, in Python as in most JSON
readers, to ``{"user_id": "other"}``: a proxy or a log that reads the first
one sees another user than the shim acts for. ``Limits`` (``health.py``),
which holds each body in full before the routes see it, asks ``repeated_key``
of every JSON body and answers 422 ``invalid_input`` naming the key.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["is_json_type", "repeated_key"]


class _Repeated(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _Repeated(key)
        seen[key] = value
    return seen


def repeated_key(body: bytes) -> str | None:
    """The first key some object of the JSON ``body`` names twice; None when none does, or when the body is not
    JSON at all (the routes answer that one as before)."""
    if not body:
        return None
    try:
        json.loads(body, object_pairs_hook=_pairs)
    except _Repeated as exc:
        return exc.key
    except (ValueError, RecursionError):
        return None
    return None


def is_json_type(content_type: bytes) -> bool:
    """True for a JSON media type (``application/json``, ``application/*+json``, parameters allowed)."""
    kind = content_type.split(b";", 1)[0].strip().lower()
    return kind == b"application/json" or (kind.startswith(b"application/") and kind.endswith(b"+json"))
