"""How ``MemoryStoreAdapter`` keeps a LangGraph store value in an item, and how it filters values.

- A value ``{"content": "<text>"}`` (LangMem's shape, possibly with the
  adapter's read fields ``theme``, ``kind``, ``status`` put back as read) is
  stored as the item's text, so the write path reads it as any text (slot
  key, dense vector) and ``get`` gives ``{"content", "theme", "kind",
  "status"}``.
- Any other value (no string ``content``, or fields beside it:
  ``{"content": "likes tea", "tags": ["drink"], "n": 3}``) is stored as its
  JSON text and comes back exactly as it was put (every field, nothing
  added); its words are searched as the text's words.
- ``put(..., index=False)`` marks the item (``UNINDEXED`` in its metadata):
  a query search of the store never returns it, listing and ``get`` still do.
- A ``filter`` on value fields follows LangGraph's ``InMemoryStore``: a field
  equals the given value (nested mappings field by field, lists element by
  element), or passes the operators ``$eq``, ``$ne``, ``$gt``, ``$gte``,
  ``$lt``, ``$lte``; it is applied to the value a ``get`` would return.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from memory_core.api import ItemRecord
from memory_core.errors import InvalidField

__all__ = ["READ_FIELDS", "UNINDEXED", "indexed", "stored_text", "value_matches", "value_of"]

#: The fields a text value is read back with (beside ``content``); a put that gives them back is a text put.
READ_FIELDS = frozenset({"theme", "kind", "status"})
#: The metadata entry of an item put with ``index=False``.
UNINDEXED = ("langgraph_index", "false")


def stored_text(value: Mapping[str, Any]) -> str:
    """The item text a store value is kept as: ``content`` alone, else the whole value as JSON.

    Raises:
        InvalidField: a value that is not JSON-serialisable.
    """
    content = value.get("content")
    if isinstance(content, str) and not set(value) - READ_FIELDS - {"content"}:
        return content
    try:
        return json.dumps(dict(value), ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise InvalidField(f"a store value must be JSON-serialisable: {exc}") from None


def value_of(record: ItemRecord) -> dict[str, Any]:
    """The store value of an item: a JSON value exactly as put, else ``{"content", "theme", "kind", "status"}``."""
    text = record["description"]
    try:
        parsed = json.loads(text) if text.startswith("{") else None
    except ValueError:
        parsed = None
    if isinstance(parsed, dict):
        return parsed
    return {"content": text, "theme": record["theme"], "kind": record["kind"], "status": record["status"]}


def indexed(record: ItemRecord) -> bool:
    """False for an item put with ``index=False``."""
    return (record.get("metadata") or {}).get(UNINDEXED[0]) != UNINDEXED[1]


def value_matches(value: Mapping[str, Any], where: Mapping[str, Any]) -> bool:
    """True when every field of ``where`` matches ``value`` (LangGraph's filter semantics).

    Raises:
        InvalidField: an unknown ``$`` operator, or a comparison of values that are not numbers.
    """
    return all(_compare(value.get(name), wanted) for name, wanted in where.items())


def _compare(have: Any, wanted: Any) -> bool:
    if isinstance(wanted, Mapping):
        if any(str(k).startswith("$") for k in wanted):
            return all(_operator(have, op, arg) for op, arg in wanted.items())
        return isinstance(have, Mapping) and all(_compare(have.get(k), v) for k, v in wanted.items())
    if isinstance(wanted, list | tuple):
        return isinstance(have, list | tuple) and len(have) == len(wanted) and all(
            _compare(h, w) for h, w in zip(have, wanted, strict=True))
    return bool(have == wanted)


def _operator(have: Any, op: str, arg: Any) -> bool:
    if op == "$eq":
        return bool(have == arg)
    if op == "$ne":
        return bool(have != arg)
    if op not in ("$gt", "$gte", "$lt", "$lte"):
        raise InvalidField(f"unknown filter operator {op!r}; expected $eq, $ne, $gt, $gte, $lt or $lte")
    if have is None:
        return False
    try:
        a, b = float(have), float(arg)
    except (TypeError, ValueError):
        raise InvalidField(f"filter {op} compares numbers; got {have!r} and {arg!r}") from None
    return {"$gt": a > b, "$gte": a >= b, "$lt": a < b, "$lte": a <= b}[op]
