"""RPC replies: the fast JSON encoding gives exactly what the generic converter gives."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import UTC, date, datetime

import pytest

from api_shim import protocol
from memory_core.model import MemoryItem


class Colour(enum.Enum):
    RED = "red"


@dataclass
class Inner:
    when: datetime
    tags: set[str]
    colour: Colour


@dataclass
class Outer:
    name: str
    inner: Inner
    days: tuple[date, ...]
    extra: dict[str, object] = field(default_factory=dict)


def test_encode_reply_matches_to_jsonable_for_nested_values() -> None:
    value = Outer("名字", Inner(datetime(2026, 1, 2, 3, 4, tzinfo=UTC), {"a"}, Colour.RED),
                  (date(2026, 5, 1),), {"n": 1.5, "nested": [Colour.RED, None]})
    body = protocol.decode_reply(protocol.encode_reply(True, value))
    assert body == {"ok": True, "value": protocol.to_jsonable(value), "error": "", "error_type": ""}
    assert body["value"]["inner"]["when"] == "2026-01-02T03:04:00+00:00"


def test_encode_reply_of_a_memory_item_keeps_every_field() -> None:
    item = MemoryItem.create("u1", "住在里斯本", "places", reason="test")
    body = protocol.decode_reply(protocol.encode_reply(True, {"item": item}))
    assert body["value"]["item"] == protocol.to_jsonable(item)
    assert body["value"]["item"]["history"][0]["op"] == "create"


def test_encode_reply_refuses_what_json_cannot_hold() -> None:
    with pytest.raises(TypeError, match="not JSON serialisable"):
        protocol.encode_reply(True, object())
