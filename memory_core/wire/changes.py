"""The change note: what a curate worker announces to the recall workers after applying a user's turns.

A curate worker that applied a batch reads, once, the items changed since
the version it started from and the turns after the last one applied
before it (``MemoryStore.changes_since``, ``TurnLog.list_turns``), and
publishes them with those two marks. A recall worker whose cached index of
the user is at that version (and holds the turns up to that mark) applies
them as they are (``Recaller.catch_up``) instead of reading the same rows
from PostgreSQL itself: the store is read once per applied batch, by the
writer, off the process that answers recalls. Any other index (older,
newer, or a store that cannot tell what changed) reads the store as before,
and every recall still checks the version, so a lost, late or refused note
costs speed, never an answer.

The body is JSON (orjson when installed): ``{"v": 1, "user": str, "since":
str, "after_seq": int, "to": str, "last_seq": int | null, "new_vectors":
bool | null, "items": [[field, ...], ...], "turns": [[field, ...], ...]}``;
items and turns are rows in the field order of ``ITEM_FIELDS`` /
``TURN_FIELDS``, times as ISO 8601 with their offset. A body that is a
bare user id (what the embed worker announces, and what older curate
workers sent) is a note without changes: the listener reads the store.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from memory_core.errors import InvalidInput
from memory_core.model import MemoryItem, Turn
from memory_core.store.change_note import ChangeNote
from memory_core.store.store_reports import ItemChanges

try:  # optional (the workers and http extras): the same JSON, several times faster
    import orjson
except ImportError:  # pragma: no cover - exercised where orjson is not installed
    orjson = None  # type: ignore[assignment]

__all__ = ["ITEM_FIELDS", "MAX_NOTE_ROWS", "NOTE_VERSION", "TURN_FIELDS", "ChangeNote", "decode_change_note",
           "encode_change_note"]

NOTE_VERSION = 1
#: A change with more items or turns than this is announced bare (the listener reads it): a note stays small.
MAX_NOTE_ROWS = 256
#: The fields of an item row, in order (an index holds no history: ``changes_since`` reads none).
ITEM_FIELDS = ("id", "user_id", "description", "theme", "kind", "hit", "created_at", "updated_at", "valid_from",
               "valid_until", "status", "source", "confidence", "trust", "importance", "key", "speaker",
               "last_used_at", "meta")
TURN_FIELDS = ("user_id", "turn_id", "session_id", "role", "text", "timestamp", "speaker", "seq", "meta")
_ITEM_TIMES = frozenset(i for i, name in enumerate(ITEM_FIELDS)
                        if name in {"created_at", "updated_at", "valid_from", "valid_until", "last_used_at"})
_TURN_TIME = TURN_FIELDS.index("timestamp")


def _time(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def encode_change_note(user_id: str, since: str, changes: ItemChanges, after_seq: int,
                       turns: list[Turn]) -> bytes | None:
    """The note's body, or None when the change should be announced bare.

    None when ``changes`` is the whole set (``complete``: the reader cannot tell what went) or when
    it holds more than ``MAX_NOTE_ROWS`` items or turns.

    Args:
        user_id: whose change; since: the version read before the batch was applied;
        changes: ``store.changes_since(user_id, since)`` read after it;
        after_seq: the user's last applied turn before the batch; turns: ``list_turns(after_seq=after_seq)``
            read after ``changes``.
    """
    if changes.complete or len(changes.items) > MAX_NOTE_ROWS or len(turns) > MAX_NOTE_ROWS:
        return None
    items = [[_time(v) if i in _ITEM_TIMES else v for i, v in enumerate(getattr(item, f) for f in ITEM_FIELDS)]
             for item in changes.items]
    rows = [[_time(v) if i == _TURN_TIME else v for i, v in enumerate(getattr(t, f) for f in TURN_FIELDS)]
            for t in turns]
    body = {"v": NOTE_VERSION, "user": user_id, "since": since, "after_seq": after_seq, "to": changes.version,
            "last_seq": changes.last_seq, "new_vectors": changes.new_vectors, "items": items, "turns": rows}
    if orjson is not None:
        return orjson.dumps(body)
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()


def _item(row: list[Any]) -> MemoryItem:
    values: dict[str, Any] = {f: (datetime.fromisoformat(v) if i in _ITEM_TIMES and v is not None else v)
                              for i, (f, v) in enumerate(zip(ITEM_FIELDS, row, strict=True))}
    return MemoryItem(**values)


def _turn(row: list[Any]) -> Turn:
    values: dict[str, Any] = dict(zip(TURN_FIELDS, row, strict=True))
    values["timestamp"] = datetime.fromisoformat(values["timestamp"])
    return Turn(**values)


def decode_change_note(data: bytes | str) -> ChangeNote:
    """Decode a published announcement: a note's JSON body, or a bare user id.

    Raises:
        InvalidInput: a JSON body that is not a note of this version (malformed, missing fields,
            rows of the wrong length or type), naming what is wrong.
    """
    text = data.decode() if isinstance(data, bytes) else data
    if not text.startswith("{"):
        return ChangeNote(text)
    try:
        body = orjson.loads(text) if orjson is not None else json.loads(text)
        if body.get("v") != NOTE_VERSION:
            raise InvalidInput(f"change note of version {body.get('v')!r}; this reader knows {NOTE_VERSION}")
        changes = ItemChanges(version=str(body["to"]), items=[_item(r) for r in body["items"]], complete=False,
                              last_seq=body["last_seq"], new_vectors=body["new_vectors"])
        turns = tuple(_turn(r) for r in body["turns"])
        return ChangeNote(str(body["user"]), changes, str(body["since"]), int(body["after_seq"]), turns)
    except InvalidInput:
        raise
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise InvalidInput(f"malformed change note: {exc!r}") from exc
