"""What ``BaseMemoryAPI.add`` and ``ingest`` take in: messages and turns, checked, and the turn ids of
messages given without one (the idempotency key of a retried ``add``)."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from memory_core.api import Messages
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

__all__ = [
    "MESSAGE_FIELDS",
    "TURN_FIELDS",
    "checked_messages",
    "checked_turn",
    "content_text",
    "derived_turn_id",
    "new_turn_id",
    "refuse_unknown_fields",
]

#: The fields a message may have, on every entry point (``BaseMemoryAPI.add`` on each transport, the
#: Mem0-shaped ``Memory.add``): those ``POST /mem0/memories`` takes (``api_shim.http.api_mem0.Message``) and
#: ``id``, the message's turn id (its idempotency key). Any other (a misspelt ``timestmp``) is refused.
MESSAGE_FIELDS = ("role", "content", "timestamp", "name", "id")
#: The fields a turn mapping given to ``ingest`` may have (``model.Turn``'s; ``seq`` is the store's and ignored).
TURN_FIELDS = ("user_id", "turn_id", "session_id", "role", "text", "timestamp", "speaker", "seq", "meta")


def new_turn_id() -> str:
    """A fresh turn id for a message given without one: ``t-`` and 16 hex characters."""
    return f"t-{secrets.token_hex(8)}"


def derived_turn_id(user_id: str, session_id: str, position: int, role: str, speaker: str, when: datetime,
                    text: str) -> str:
    """The turn id of a timed message given without one: ``t-`` and 16 hex characters of a SHA-256.

    The same message (same user, session, position in its call, role, speaker,
    time and text) always gets the same id, so the turn store's idempotency by
    turn id makes a retried ``add`` store nothing twice.
    """
    key = "\x1f".join((user_id, session_id, str(position), role, speaker, when.isoformat(), text))
    return "t-" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


def content_text(content: object, n: int = 0) -> object:
    """A message's ``content`` as text: a list of parts (the OpenAI / LangChain shape, ``[{"type": "text",
    "text": ...}]`` or plain strings) becomes its text parts joined by newlines; anything else is returned
    as given, for ``check_text`` to judge.

    Raises:
        InvalidField: a part that is not text (an image, audio, a file), or a text part without a string.
    """
    if not isinstance(content, list):
        return content
    texts = []
    for p, part in enumerate(content):
        if isinstance(part, str):
            texts.append(part)
        elif isinstance(part, Mapping) and part.get("type") == "text" and isinstance(part.get("text"), str):
            texts.append(part["text"])
        else:
            kind = part.get("type") if isinstance(part, Mapping) else type(part).__name__
            raise InvalidField(f"message {n} content part {p} is {kind!r}; only text parts "
                               f"({{'type': 'text', 'text': ...}}) can be remembered")
    return "\n".join(texts)


def refuse_unknown_fields(messages: Messages, fields: Sequence[str]) -> None:
    """Refuse a message mapping holding a field not in ``fields`` (a misspelt ``timestmp`` is never ignored).

    Texts and anything that is no mapping are left to ``checked_messages``.

    Raises:
        InvalidField: "message N: unknown field 'x'; a message takes role, content, ..." for the first one.
    """
    listed = [messages] if isinstance(messages, Mapping) else messages
    if isinstance(listed, str | bytes | bytearray | memoryview) or not isinstance(listed, Sequence):
        return
    for n, msg in enumerate(listed):
        unknown = [str(k) for k in msg if k not in fields] if isinstance(msg, Mapping) else []
        if unknown:
            raise InvalidField(f"message {n}: unknown field {unknown[0]!r}; a message takes {', '.join(fields)}")


def checked_messages(messages: Messages, default_when: datetime,
                     default_raw: object = None) -> list[tuple[str, str, datetime, str, str | None, object]]:
    """``(role, text, when, speaker, turn id or None, raw timestamp)`` of each message, checked.

    The raw timestamp (the message's own, else ``default_raw``) keeps the UTC
    offset it was given with (``local_time.with_offset``).

    ``messages`` is a text (one user message), one message mapping (as Mem0's ``add`` takes it), or a
    non-empty list of them; a message's ``role`` defaults to "user". A message's ``content`` is a text
    or a list of text parts (``content_text``).

    Raises:
        InvalidInput: no messages, a message that is not a mapping, a field not in ``MESSAGE_FIELDS``
            (``refuse_unknown_fields``), a bad role, text, time, name or id, a content part that is not text.
    """
    if isinstance(messages, bytes | bytearray | memoryview):  # a Sequence, but of ints: never messages
        raise InvalidField(f"messages must be a string or a list of {{role, content}} mappings; "
                           f"got {type(messages).__name__}")
    if isinstance(messages, str):
        return [("user", check_text(messages, "message", bytes_ok=False), default_when, "", None, default_raw)]
    if isinstance(messages, Mapping):
        messages = [messages]
    if not isinstance(messages, Sequence) or not messages:
        raise InvalidField("messages must be a text or a non-empty list of {'role', 'content'} messages")
    refuse_unknown_fields(messages, MESSAGE_FIELDS)
    out = []
    for n, msg in enumerate(messages):
        if not isinstance(msg, Mapping):
            raise InvalidField(f"message {n} must be a mapping with 'role' and 'content'; got {type(msg).__name__}")
        role = msg.get("role", "user")
        if role not in ROLES:
            raise InvalidField(f"message {n}: role must be one of {', '.join(ROLES)}; got {role!r}")
        text = check_text(content_text(msg.get("content"), n), f"message {n} content", bytes_ok=False)
        when = default_when if msg.get("timestamp") is None else check_turn_time(msg["timestamp"])
        name = msg.get("name") or ""
        speaker = check_text(name, f"message {n} name", max_chars=MAX_TURN_SPEAKER_CHARS,
                             bytes_ok=False, name=True) if name else ""
        tid = None if msg.get("id") is None else check_id(msg["id"], "turn id")
        out.append((str(role), text, when, speaker, tid, default_raw if msg.get("timestamp") is None
                    else msg["timestamp"]))
    return out


def checked_turn(turn: Turn | Mapping[str, Any]) -> Turn:
    """A checked ``Turn`` from a ``Turn`` or a mapping of its fields.

    Raises:
        InvalidInput: a bad id, role, text, time, speaker or meta; a mapping key not in ``TURN_FIELDS`` (a
            misspelt ``timestmp`` is refused, never read as "now").
    """
    if isinstance(turn, Mapping):
        unknown = [str(k) for k in turn if k not in TURN_FIELDS]
        if unknown:
            raise InvalidField(f"turn: unknown field {unknown[0]!r}; a turn takes {', '.join(TURN_FIELDS)}")
    get = turn.get if isinstance(turn, Mapping) else lambda name, default=None: getattr(turn, name, default)
    if not isinstance(turn, Mapping | Turn):
        raise InvalidField(f"a turn must be a Turn or a mapping; got {type(turn).__name__}")
    role = get("role", "user")
    if role not in ROLES:
        raise InvalidField(f"role must be one of {', '.join(ROLES)}; got {role!r}")
    when = get("timestamp", None)
    speaker = get("speaker", "") or ""
    return Turn(user_id=check_id(get("user_id", None), "user id"), turn_id=check_id(get("turn_id", None), "turn id"),
                session_id=check_id(get("session_id", None) or "default", "session id"), role=str(role),
                text=check_text(get("text", None), "turn text", bytes_ok=False),
                timestamp=datetime.now(UTC) if when is None else check_turn_time(when),
                speaker=check_text(speaker, "speaker", max_chars=MAX_TURN_SPEAKER_CHARS, name=True) if speaker else "",
                meta=with_offset(check_meta(get("meta", None)), when))
