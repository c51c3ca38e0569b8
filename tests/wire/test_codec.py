"""RPC replies: the fast JSON encoding gives exactly what the generic converter gives."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import UTC, date, datetime

import pytest

from memory_core import wire
from memory_core.model import MemoryItem
from memory_core.wire import codec


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
    body = wire.decode_reply(wire.encode_reply(True, value))
    assert body == {"ok": True, "value": wire.to_jsonable(value), "error": "", "code": ""}
    assert body["value"]["inner"]["when"] == "2026-01-02T03:04:00+00:00"


def test_encode_reply_of_a_memory_item_keeps_every_field() -> None:
    item = MemoryItem.create("u1", "住在里斯本", "places", reason="test")
    body = wire.decode_reply(wire.encode_reply(True, {"item": item}))
    assert body["value"]["item"] == wire.to_jsonable(item)
    assert body["value"]["item"]["history"][0]["op"] == "create"


def test_encode_reply_refuses_what_json_cannot_hold() -> None:
    with pytest.raises(TypeError, match="not JSON serialisable"):
        wire.encode_reply(True, object())


def test_a_raw_recall_payload_encodes_like_the_converted_one() -> None:
    from memory_core.context import build_context
    from memory_core.retrieval.index import RecallResult
    from memory_core.service import RecallResponse

    items = [MemoryItem.create("u1", "住在里斯本", "places", kind="fact"),
             MemoryItem.create("u1", "Likes green tea", "taste", kind="preference", turn_id="t7")]
    items[1].valid_until = datetime(2027, 3, 4, 5, 6, 7, 891, tzinfo=UTC)
    results = [RecallResult(item, 1.5 / (n + 1), 0.25, n + 1, list(item.source)) for n, item in enumerate(items)]
    response = RecallResponse(results, build_context(results), {"recall": 0.5, "context": 0.125})
    converted = wire.decode_reply(wire.encode_reply(True, wire.recall_payload(response)))
    raw = wire.decode_reply(wire.encode_reply(True, wire.recall_payload(response, raw=True)))
    assert raw == converted
    assert raw["value"]["results"][1]["item"]["valid_until"] == "2027-03-04T05:06:07.000891+00:00"
    assert "history" not in raw["value"]["results"][0]["item"]
    assert [r["outdated"] for r in raw["value"]["results"]] == [False, False]


def test_a_recall_payload_and_the_client_hits_carry_the_outdated_mark() -> None:
    """A stale raw turn's mark crosses the wire and reaches the distributed client's search hits."""
    from api_shim.api_client import _hits
    from memory_core.context import build_context
    from memory_core.retrieval.index import RecallResult
    from memory_core.service import RecallResponse

    items = [MemoryItem.create("u1", "User no longer drinks coffee", "taste", kind="preference"),
             MemoryItem.create("u1", "user: 我每天早上喝两杯咖啡", "moments", kind="event", turn_id="t1")]
    results = [RecallResult(items[0], 2.0, 1.0, 1), RecallResult(items[1], 1.0, 1.0, 2, ["t1"], outdated=True)]
    payload = wire.decode_reply(wire.encode_reply(True, wire.recall_payload(
        RecallResponse(results, build_context(results), {}), raw=True)))["value"]
    assert [r["outdated"] for r in payload["results"]] == [False, True]
    assert [h["outdated"] for h in _hits(payload["results"], "u1")] == [False, True]
    older = {k: v for k, v in payload["results"][0].items() if k != "outdated"}  # a reply of an older worker
    assert _hits([older], "u1")[0]["outdated"] is False


def test_the_json_module_path_gives_the_same_reply(monkeypatch: pytest.MonkeyPatch) -> None:
    value = {"item": wire.item_payload(MemoryItem.create("u1", "Tea", "taste"), raw=True), "n": 2**70}
    fast = wire.decode_reply(wire.encode_reply(True, value))  # 2**70: orjson refuses, json takes it
    assert fast["value"]["n"] == 2**70 and isinstance(fast["value"]["n"], int)  # exact, not a float
    monkeypatch.setattr(codec, "orjson", None)
    assert wire.decode_reply(wire.encode_reply(True, value)) == fast


def test_a_reply_the_json_module_encoded_is_read_exactly_where_orjson_is_installed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert codec.orjson is not None  # the workers and http extras install it
    orjson = codec.orjson
    value = {"n": 2**70, "m": 12345678901234567890123, "x": 1.5}
    monkeypatch.setattr(codec, "orjson", None)  # a worker without orjson encodes
    body = wire.encode_reply(True, value)
    monkeypatch.setattr(codec, "orjson", orjson)  # a client with it decodes
    decoded = wire.decode_reply(body)["value"]
    assert decoded == value and isinstance(decoded["m"], int)
    assert orjson.loads(body)["value"]["x"] == 1.5  # still plain JSON for any reader
