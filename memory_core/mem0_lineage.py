"""A Mem0 memory id across the versions of one memory: Mem0's UPDATE keeps the id, Gulfstream's supersede makes one.

Mem0's ``add`` changes a memory in place: its UPDATE event names the id the
caller already holds, and ``get`` / ``history`` of that id show the new text
and the change (Mem0 OSS ``Memory._update_memory``; docs "Memory operations").
Gulfstream keeps every value as its own item (DESIGN.md: the old item is
superseded, with history, and its successor is a new item with a new id).
The Mem0-shaped calls bridge the two without changing what is stored:

- the UPDATE event of a value superseded names the first id of the memory's
  line of versions (``first_ids``: the item the line began with, whose id the
  caller was given by the ADD and by every UPDATE since; ``first_id``, through the slot's earlier values);
- a call by id (``get``, ``history``, ``update``, ``delete``) reaches the memory's current version from
  any id of its line (``current_id``), and ``history`` tells the whole line as one memory's changes
  (``line_revisions``).

A line runs through ``supersede`` revisions naming their successor (``other_id``); an item deleted or
ended without a successor ends it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from memory_core.model import MemoryItem

__all__ = ["MAX_LINE", "current_id", "first_id", "first_ids", "line_revisions"]

#: The most versions followed along one line (a guard against a cycle in damaged data).
MAX_LINE = 256


class _Histories(Protocol):
    def history(self, item_id: str, *, user_id: str, reveal: bool = False) -> list[dict[str, Any]]: ...


class _Superseded(Protocol):
    def superseded_by_key(self, user_id: str, key: str) -> list[MemoryItem]: ...


def _successor(revisions: list[dict[str, Any]]) -> str | None:
    """The id a ``supersede`` newest revision names (revisions newest first), else None."""
    if revisions and revisions[0]["op"] == "supersede" and revisions[0].get("other_id"):
        return str(revisions[0]["other_id"])
    return None


def _line(api: _Histories, memory_id: str, user_id: str,
          reveal: bool = False) -> list[tuple[str, list[dict[str, Any]]]]:
    """(id, revisions newest first) of ``memory_id`` and each successor after it, oldest version first (texts
    masked unless ``reveal``; the successor ids are never masked)."""
    out: list[tuple[str, list[dict[str, Any]]]] = []
    seen: set[str] = set()
    at: str | None = memory_id
    while at is not None and at not in seen and len(out) < MAX_LINE:
        seen.add(at)
        revisions = api.history(at, user_id=user_id, reveal=reveal)
        out.append((at, revisions))
        at = _successor(revisions)
    return out


def current_id(api: _Histories, memory_id: str, user_id: str) -> str:
    """The id of the newest version of ``memory_id``'s line: itself unless it was superseded by another item
    (then that one's, followed to the end). One ``history`` call per version.

    Raises:
        UnknownItem: ``memory_id`` is not the user's (from ``history``).
    """
    return _line(api, memory_id, user_id)[-1][0]


def line_revisions(api: _Histories, memory_id: str, user_id: str, reveal: bool = False) -> list[dict[str, Any]]:
    """The revisions of ``memory_id``'s line from it on, newest first, as one memory's: each ``supersede`` by a
    successor becomes an ``update`` from the old text to the successor's first text (the successor's own
    ``create`` and the ``replace`` revisions recording that change on it left out), so Mem0's history of the
    id reads ADD, UPDATE, UPDATE … (``mem0_history``).

    Raises:
        UnknownItem: ``memory_id`` is not the user's.
    """
    line = _line(api, memory_id, user_id, reveal)
    oldest_first: list[dict[str, Any]] = []
    for n, (_, revisions) in enumerate(line):
        revs = [r for r in reversed(revisions) if r["op"] != "replace"]  # told by the supersede of the one replaced
        if n and revs and revs[0]["op"] == "create":
            revs = revs[1:]  # told as the update that ended the version before
        if n + 1 < len(line) and revs and _successor(revisions) is not None:
            nxt = list(reversed(line[n + 1][1]))
            first_text = nxt[0]["new_description"] if nxt and nxt[0]["op"] == "create" else revs[-1]["new_description"]
            revs[-1] = {**revs[-1], "op": "update", "new_description": first_text}
        oldest_first += revs
    return list(reversed(oldest_first))


def first_id(store: _Superseded, user_id: str, item_id: str, key: str | None) -> str:
    """The first id of ``item_id``'s line: walked back through the user's superseded items of its slot ``key``
    (``superseded_by_key``, one narrow read; a line runs within one slot), each naming its successor in its
    ``supersede`` revision. ``item_id`` itself for an item without a key or with no version before it."""
    if not key:
        return item_id
    before: dict[str, str] = {}
    for item in store.superseded_by_key(user_id, key):
        last = item.history[-1] if item.history else None
        if last is not None and last.op == "supersede" and last.other_id:
            before[last.other_id] = item.id
    seen = {item_id}
    while item_id in before and before[item_id] not in seen and len(seen) < MAX_LINE:
        item_id = before[item_id]
        seen.add(item_id)
    return item_id


def first_ids(store: _Superseded, user_id: str) -> Callable[[Mapping[str, Any]], str]:
    """``first_id`` of an item record (its ``id`` and ``key``) of ``user_id``: what ``mem0_add_events`` names an
    UPDATE by. Nothing is read until it is called (an add that superseded nothing reads nothing)."""
    return lambda record: first_id(store, user_id, str(record["id"]), record.get("key"))
