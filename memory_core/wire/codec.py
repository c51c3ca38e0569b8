"""The JSON codec of the wire: RPC replies and the payloads of items and recalls."""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

try:  # optional (the workers and http extras): the same JSON, several times faster
    import orjson
except ImportError:  # pragma: no cover - exercised where orjson is not installed
    orjson = None  # type: ignore[assignment]

__all__ = ["decode_reply", "encode_reply", "item_payload", "recall_payload", "to_jsonable"]

def to_jsonable(value: Any) -> Any:
    """Turn dataclasses, enums, datetimes, sets and tuples into JSON-ready values."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return to_jsonable(value.value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [to_jsonable(v) for v in value]
    if hasattr(value, "model_dump"):
        return to_jsonable(value.model_dump())
    return value


def _json_default(value: Any) -> Any:
    """``json.dumps`` hook: what ``to_jsonable`` converts, one level at a time (json recurses)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): v for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return list(value)
    if hasattr(value, "model_dump"):
        return value.model_dump()
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def encode_reply(ok: bool, value: Any = None, *, error: str = "", code: str = "") -> bytes:
    """Encode an RPC reply: ``{"ok": bool, "value": ..., "error": str, "code": str}``.

    ``code`` is a stable error code (``wire.errors``), "" on success.

    Plain JSON values go straight to the encoder; only dataclasses, enums,
    datetimes, sets and pydantic models reach ``_json_default`` (walking
    every value in Python first cost more than a recall's search). With
    orjson installed it encodes (datetimes, enums and dataclasses natively,
    in the same form); what it refuses (integers over 64 bits, lone
    surrogates) goes through the json module, whose output starts with one
    space (``_EXACT``, still plain JSON) so that ``decode_reply`` knows to read
    it with the json module too.

    Raises:
        TypeError: a value neither encoder can hold.
    """
    body = {"ok": ok, "value": value, "error": error, "code": code}
    if orjson is not None:
        try:
            return orjson.dumps(body, default=_json_default, option=orjson.OPT_NON_STR_KEYS)
        except TypeError:  # orjson.JSONEncodeError is one
            pass
    return _EXACT + json.dumps(body, ensure_ascii=False, separators=(",", ":"), default=_json_default).encode()


_EXACT = b" "  # leads a reply the json module encoded: it may hold integers over 64 bits


def decode_reply(raw: bytes | str) -> dict[str, Any]:
    """Decode what ``encode_reply`` produced.

    orjson when installed, unless the json module encoded the reply (it
    starts with ``_EXACT``): such a reply may hold an integer over 64 bits,
    which orjson would read as a float, and the json module keeps it exact.
    (Scanning every reply for long digit runs instead cost ~5x the decode.)
    """
    data = raw.encode() if isinstance(raw, str) else raw
    if orjson is not None and not data.startswith(_EXACT):
        body: dict[str, Any] = orjson.loads(data)
    else:
        body = json.loads(data)
    return body


_PAYLOAD_FIELDS: dict[type, tuple[str, ...]] = {}
_PLAIN = frozenset({str, int, float, bool, type(None)})


def item_payload(item: Any, *, raw: bool = False) -> dict[str, Any]:
    """A memory item as JSON, without its history (ask ``item_history`` for that).

    Built field by field (names cached per class) rather than through
    ``to_jsonable``: a recall reply carries k items, and walking each one's
    history only to drop it cost more than the search itself.

    Args:
        item: a ``MemoryItem`` (or any dataclass).
        raw: keep field values as they are (datetimes, enums) for
            ``encode_reply``, which gives them the same JSON form; the
            default converts them here.
    """
    if not dataclasses.is_dataclass(item) or isinstance(item, type):
        body = to_jsonable(item)
        body.pop("history", None)
        return dict(body)
    names = _PAYLOAD_FIELDS.get(type(item))
    if names is None:
        names = _PAYLOAD_FIELDS[type(item)] = tuple(
            f.name for f in dataclasses.fields(item) if f.name != "history")
    if raw:
        return {name: getattr(item, name) for name in names}
    body = {}
    for name in names:
        value = getattr(item, name)
        if type(value) in _PLAIN:  # most fields: no conversion
            body[name] = value
            continue
        if isinstance(value, enum.Enum):
            value = to_jsonable(value.value)
        elif isinstance(value, datetime | date):
            value = value.isoformat()
        elif isinstance(value, list | tuple | set | frozenset | Mapping) or dataclasses.is_dataclass(value):
            value = to_jsonable(value)
        body[name] = value
    return body


def recall_payload(response: Any, *, raw: bool = False) -> dict[str, Any]:
    """A ``memory_core.service.RecallResponse`` as JSON.

    Shape: ``{"results": [{"item": {...}, "score", "bm25", "rank", "turn_ids", "outdated"}],
    "context": {"text", ...}, "timings_ms": {...}}``, plus ``"degraded": true, "reason"`` when the
    answer came from a fallback inside the worker. With ``raw`` the items
    and the context block keep their Python values, for ``encode_reply``
    (the recall worker's path: one conversion, in the encoder).
    """
    results = [
        {"item": item_payload(r.item, raw=raw), "score": r.score, "bm25": r.bm25, "rank": r.rank,
         "turn_ids": list(r.turn_ids), "outdated": bool(getattr(r, "outdated", False))}
        for r in response.results
    ]
    payload = {"results": results, "context": response.context if raw else to_jsonable(response.context),
               "timings_ms": dict(response.timings_ms)}
    if getattr(response, "degraded", False):  # a failed query embedding, or a warm index while the DB is down
        payload["degraded"], payload["reason"] = True, str(response.reason)
    return payload
