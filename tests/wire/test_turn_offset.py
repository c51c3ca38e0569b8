"""The UTC offset a turn is published with is kept on the wire (``meta["utc_offset_min"]``), as on every entry."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from api_shim.http.schemas import TurnIn
from memory_core.wire.turns import check_turn, turn_from_wire


@pytest.mark.parametrize(("when", "offset"), [
    ("2025-03-03T07:30:00+08:00", "480"),  # 07:30 in Shanghai: 2 March in UTC, 3 March for the user
    (datetime(2025, 3, 2, 19, 30, tzinfo=timezone(timedelta(hours=-5))), "-300"),
    ("2025-03-03T07:30:00+05:30", "330"),
])
def test_check_turn_keeps_the_offset_it_was_given(when: object, offset: str) -> None:
    wire = check_turn("ann", "t1", "今天早上跑了8公里", "user", "s1", when)
    assert wire["meta"]["utc_offset_min"] == offset
    assert wire["timestamp"].endswith("+00:00")  # the time itself travels in UTC
    turn = turn_from_wire(wire)
    assert turn.meta["utc_offset_min"] == offset and turn.timestamp.tzinfo == UTC


@pytest.mark.parametrize("when", ["2025-03-03T07:30:00Z", "2025-03-03T07:30:00", 1741000000, "1741000000"])
def test_a_time_without_an_offset_keeps_none(when: object) -> None:
    assert "utc_offset_min" not in check_turn("ann", "t1", "hi", "user", "s1", when)["meta"]


def test_an_offset_given_in_meta_wins() -> None:
    wire = check_turn("ann", "t1", "hi", "user", "s1", "2025-03-03T07:30:00+08:00", meta={"utc_offset_min": "540"})
    assert wire["meta"] == {"utc_offset_min": "540"}


def test_the_http_body_keeps_the_callers_zone() -> None:
    body = TurnIn.model_validate({"user_id": "ann", "turn_id": "t1", "text": "Ran 8 km",
                                  "timestamp": "2025-03-02T19:30:00-05:00"})
    assert body.timestamp.utcoffset() == timedelta(hours=-5)
    assert body.timestamp == datetime(2025, 3, 3, 0, 30, tzinfo=UTC)  # the same instant
    wire = check_turn(body.user_id, body.turn_id, body.text, body.role, body.session_id, body.timestamp)
    assert wire["meta"]["utc_offset_min"] == "-300"
