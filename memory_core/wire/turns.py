"""A published turn on the wire: its one definition, its one check, and its reading back as a ``Turn``.

The client (and through it the HTTP shim) checks a turn once with
``check_turn`` before anything is sent; the inbox entry and the ingest
task's keyword arguments are that ``WireTurn`` (plus the publish number and
time); the ingest worker reads it back with ``turn_from_wire``.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, TypedDict

from memory_core.errors import InvalidField
from memory_core.local_time import with_offset
from memory_core.model import Turn
from memory_core.validation import (
    MAX_TURN_SPEAKER_CHARS,
    ROLES,
    check_id,
    check_meta,
    check_text,
    check_turn_time,
)

__all__ = ["TURN_FIELDS", "WireTurn", "check_turn", "turn_from_wire"]


class WireTurn(TypedDict):
    """One published turn as JSON (the inbox entry; the ingest task's keyword arguments).

    ``timestamp`` is ISO-8601 in UTC; ``speaker`` "" means the role speaks;
    ``published_at`` is the client's publish time in epoch seconds.
    """

    user_id: str
    turn_id: str
    session_id: str
    role: str
    text: str
    timestamp: str
    speaker: str
    meta: dict[str, str]
    published_at: float


#: The fields ingest stores (``published_at`` and the publish number stay on the wire).
TURN_FIELDS = ("user_id", "turn_id", "session_id", "role", "text", "timestamp", "speaker", "meta")


def check_turn(user_id: object, turn_id: object, text: object, role: object, session_id: object,
               timestamp: object, speaker: object | None = None, meta: object | None = None) -> WireTurn:
    """Check one turn's fields (strings as given: bytes are refused) and return it as it goes on the wire.

    Args:
        user_id, turn_id, session_id: ids as ``memory_core.validation.check_id``.
        text: 1..``MAX_TEXT_CHARS`` characters.
        role: one of ``ROLES``.
        timestamp: aware datetime, ISO-8601 or epoch seconds, at most a day ahead of this machine's clock.
        speaker: 1..``MAX_TURN_SPEAKER_CHARS`` characters without bidi controls, or None.
        meta: as ``check_meta``; the UTC offset ``timestamp`` was given with is kept in it
            (``local_time.with_offset``), as every other entry point keeps it, since ``timestamp`` goes on the
            wire in UTC.

    Raises:
        InvalidInput: a bad id, text, role, timestamp, speaker or meta.
    """
    user = check_id(user_id, "user id")
    turn = check_id(turn_id, "turn id")
    session = check_id(session_id, "session id")
    if role not in ROLES:
        raise InvalidField(f"role must be one of {', '.join(ROLES)}; got {role!r}")
    return {"user_id": user, "turn_id": turn, "session_id": session, "role": str(role),
            "text": check_text(text, "text", bytes_ok=False),
            "timestamp": check_turn_time(timestamp).isoformat(),
            "speaker": "" if speaker is None else check_text(speaker, "speaker", max_chars=MAX_TURN_SPEAKER_CHARS,
                                                              bytes_ok=False, name=True),
            "meta": with_offset(check_meta(meta), timestamp), "published_at": time.time()}


def turn_from_wire(body: Mapping[str, Any]) -> Turn:
    """The core's ``Turn`` from a ``WireTurn`` (checked when it was published)."""
    return Turn(user_id=body["user_id"], turn_id=body["turn_id"], session_id=body["session_id"],
                role=body["role"], text=body["text"],
                timestamp=datetime.fromisoformat(body["timestamp"]).astimezone(UTC),
                speaker=body.get("speaker") or body["role"], meta=dict(body.get("meta") or {}))
