"""Reading turns from files: JSON Lines and LoCoMo's conversation format.

JSON Lines: one JSON object per line::

    {"turn_id": "t1", "session_id": "s1", "role": "user", "speaker": "Ann",
     "text": "I live in Lisbon.", "timestamp": "2024-05-08T13:56:00Z"}

``text`` and ``timestamp`` (ISO-8601 or epoch seconds: the turn's own time)
are required; ``role`` defaults to "user", ``session_id`` to "default",
``speaker`` to the role, ``turn_id`` to a hash of session, time, role and
text (so re-ingesting the same file stores nothing twice). A ``user_id`` field,
if present, must equal the user the file is ingested for.

LoCoMo (Maharana et al., 2024): a JSON list of samples (or one sample) with
``conversation.session_N`` turn lists and ``session_N_date_time`` dates. Each
turn's id is its ``dia_id``; turns of a session get the session's time plus
their index in seconds, so order is kept; an image's ``blip_caption`` is kept
in ``meta["image_caption"]``.

Every malformed line or record becomes an ``IngestLineError`` naming its
line (1-based) — reported and counted by the caller, never skipped silently.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from memory_core.errors import IngestLineError, InvalidInput
from memory_core.local_time import with_offset
from memory_core.model import Turn
from memory_core.validation import (
    DEFAULT_ROLE,
    DEFAULT_SESSION_ID,
    MAX_TURN_SPEAKER_CHARS,
    ROLES,
    check_id,
    check_text,
    check_turn_time,
    decode_utf8,
)

__all__ = ["LocomoSample", "ParsedFile", "parse_locomo_date", "read_jsonl", "read_locomo", "read_turn_file",
           "turn_from_mapping"]

_KNOWN = {"user_id", "turn_id", "session_id", "role", "speaker", "text", "timestamp", "meta"}


@dataclass(slots=True)
class ParsedFile:
    """Turns read from one file, and the lines that could not be read.

    ``lines[i]`` is the line (or record) number of ``turns[i]`` when the file
    has lines (JSON Lines, a JSON array); empty for LoCoMo files.
    """

    turns: list[Turn] = field(default_factory=list)
    errors: list[IngestLineError] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)

    def refuse(self, index_reasons: dict[int, str]) -> None:
        """Move the turns at these indexes to ``errors`` with their reasons (lines kept in order)."""
        keep = [i for i in range(len(self.turns)) if i not in index_reasons]
        for i, reason in index_reasons.items():
            self.errors.append(IngestLineError(self.lines[i] if self.lines else 0, reason))
        self.turns = [self.turns[i] for i in keep]
        self.lines = [self.lines[i] for i in keep] if self.lines else []
        self.errors.sort(key=lambda e: e.line)


def turn_from_mapping(data: object, user_id: str) -> Turn:
    """Build a validated ``Turn`` from one JSON object.

    Raises:
        InvalidInput: naming the field that is missing, of the wrong type or invalid.
    """
    if not isinstance(data, dict):
        raise InvalidInput(f"expected a JSON object, got {type(data).__name__}")
    unknown = sorted(set(data) - _KNOWN)
    if unknown:
        raise InvalidInput(f"unknown field(s): {', '.join(unknown)}")
    if "text" not in data:
        raise InvalidInput("missing field 'text'")
    if "timestamp" not in data:
        raise InvalidInput("missing field 'timestamp' (the turn's own time)")
    if "user_id" in data and check_id(data["user_id"], "user_id", numbers=True) != user_id:
        raise InvalidInput(f"user_id {data['user_id']!r} does not match the ingest user {user_id!r}")
    text = check_text(data["text"], "text")
    timestamp = check_turn_time(data["timestamp"])
    role = data.get("role", DEFAULT_ROLE)
    if role not in ROLES:
        raise InvalidInput(f"role must be one of {', '.join(ROLES)}; got {role!r}")
    session_id = check_id(data.get("session_id", DEFAULT_SESSION_ID), "session_id", numbers=True)
    speaker = data.get("speaker") or role
    speaker = check_text(speaker, "speaker", max_chars=MAX_TURN_SPEAKER_CHARS, name=True)
    meta = data.get("meta") or {}
    if not isinstance(meta, dict) or not all(isinstance(v, str) for v in meta.values()):
        raise InvalidInput("meta must be an object of strings")
    turn_id = data.get("turn_id")
    if turn_id is None:
        digest = hashlib.blake2b(f"{session_id}\0{timestamp.isoformat()}\0{role}\0{text}".encode(),
                                 digest_size=8)
        turn_id = f"h-{digest.hexdigest()}"
    return Turn(user_id=user_id, turn_id=check_id(turn_id, "turn_id", numbers=True), session_id=session_id, role=role,
                text=text, timestamp=timestamp, speaker=speaker, meta=with_offset(meta, data["timestamp"]))


def read_jsonl(path: Path, user_id: str) -> ParsedFile:
    """Read a JSON Lines file of turns; blank lines are ignored.

    Raises:
        OSError: the file cannot be read.
    """
    parsed = ParsedFile()
    numbers: list[int] = []
    content = path.read_bytes().removeprefix(b"\xef\xbb\xbf")  # a UTF-8 byte-order mark is harmless
    for number, raw in enumerate(content.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            line = decode_utf8(raw, "line")
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InvalidInput(f"invalid JSON ({exc.msg}; column {exc.colno})") from exc
            parsed.turns.append(turn_from_mapping(record, user_id))
            numbers.append(number)
        except InvalidInput as exc:
            parsed.errors.append(IngestLineError(number, str(exc)))
    return _refuse_conflicting_repeats(parsed, numbers)


def _refuse_conflicting_repeats(parsed: ParsedFile, numbers: list[int]) -> ParsedFile:
    """Turn a repeated turn id with other text into a line error (an exact repeat stays: it is idempotent)."""
    first: dict[str, tuple[int, Turn]] = {}
    refused: dict[int, str] = {}
    parsed.lines = numbers
    for i, (number, turn) in enumerate(zip(numbers, parsed.turns, strict=True)):
        seen = first.get(turn.turn_id)
        if seen is not None and seen[1].text != turn.text:
            refused[i] = f"turn_id {turn.turn_id!r} repeats line {seen[0]} with other text"
            continue
        first.setdefault(turn.turn_id, (number, turn))
    parsed.refuse(refused)
    return parsed


_LOCOMO_DATE = re.compile(r"(\d{1,2}):(\d{2})\s*([ap]m)\s+on\s+(\d{1,2})\s+(\w+),?\s+(\d{4})", re.I)


def parse_locomo_date(text: str) -> datetime:
    """Parse LoCoMo's "1:56 pm on 8 May, 2023" into an aware UTC datetime.

    Raises:
        InvalidInput: the text does not have that shape.
    """
    match = _LOCOMO_DATE.search(text or "")
    if not match:
        raise InvalidInput(f"unrecognised LoCoMo date {text!r}")
    hour, minute, half, day, month, year = match.groups()
    try:
        when = datetime.strptime(f"{hour}:{minute} {half.upper()} {day} {month} {year}", "%I:%M %p %d %B %Y")
    except ValueError as exc:
        raise InvalidInput(f"unrecognised LoCoMo date {text!r}") from exc
    return when.replace(tzinfo=UTC)


@dataclass(slots=True)
class LocomoSample:
    """One LoCoMo conversation: its turns (as the given user) and its QA records."""

    sample_id: str
    turns: list[Turn]
    qa: list[dict[str, Any]]
    errors: list[IngestLineError] = field(default_factory=list)


def _session_keys(conv: dict[str, Any]) -> list[int]:
    return sorted(int(k.split("_")[1]) for k in conv if re.fullmatch(r"session_\d+", k))


def read_locomo(data: object, user_for: Any) -> list[LocomoSample]:
    """Turn LoCoMo samples into turns; ``user_for(sample_id) -> user id``.

    Record numbers in errors count turns from 1 across each sample.

    Raises:
        InvalidInput: the top level is not LoCoMo-shaped (no samples, or a sample whose ``conversation`` is not
            an object holding ``session_N`` lists).
    """
    samples = [data] if isinstance(data, dict) else data
    if not isinstance(samples, list) or not all(isinstance(s, dict) and "conversation" in s for s in samples):
        raise InvalidInput("not a LoCoMo file: expected samples with a 'conversation' field")
    out = []
    for index, sample in enumerate(samples):
        sample_id = str(sample.get("sample_id", f"sample-{index}"))
        user_id = user_for(sample_id)
        conv = sample["conversation"]
        if not isinstance(conv, dict) or not _session_keys(conv):
            raise InvalidInput(f"not a LoCoMo file: sample {sample_id}'s 'conversation' is not an object holding "
                               "session_N turn lists")
        result = LocomoSample(sample_id, [], list(sample.get("qa", [])))
        record = 0
        for n in _session_keys(conv):
            session = conv[f"session_{n}"]
            if not isinstance(session, list):  # said before its date: a session that is no list has no turns to date
                record += 1
                result.errors.append(IngestLineError(record, f"{sample_id} session {n}: not a list of turns"))
                continue
            try:
                start = parse_locomo_date(conv.get(f"session_{n}_date_time", ""))
            except InvalidInput as exc:
                result.errors.append(IngestLineError(record + 1, f"session {n}: {exc}"))
                continue
            for offset, raw in enumerate(session):
                record += 1
                try:
                    if not isinstance(raw, dict):
                        raise InvalidInput("turn is not an object")
                    meta = {"image_caption": raw["blip_caption"]} if raw.get("blip_caption") else {}
                    result.turns.append(turn_from_mapping({
                        "turn_id": raw.get("dia_id"), "session_id": f"session_{n}", "role": "user",
                        "speaker": raw.get("speaker"), "text": raw.get("text"),
                        "timestamp": start + timedelta(seconds=offset), "meta": meta,
                    }, user_id))
                except InvalidInput as exc:
                    result.errors.append(IngestLineError(record, f"{sample_id} {raw.get('dia_id', '?')}: {exc}"
                                                         if isinstance(raw, dict) else str(exc)))
        out.append(result)
    return out


def read_turn_file(path: Path, user_id: str) -> ParsedFile:
    """Read turns for ``user_id`` from JSON Lines or a LoCoMo JSON file (by content).

    A LoCoMo file with several samples ingests each as ``<user_id>/<sample_id>``. A file not named ``.json`` that
    starts with ``[`` but is no single JSON document is read as JSON Lines (each line judged on its own).

    Raises:
        OSError: the file cannot be read.
        InvalidInput: a ``.json`` file that is neither LoCoMo nor a list of turns.
    """
    head = path.read_bytes()[:1].strip()
    if path.suffix == ".json" or head in (b"[",):
        try:
            data = json.loads(decode_utf8(path.read_bytes(), str(path)))
        except json.JSONDecodeError as exc:
            if path.suffix != ".json":  # a JSON Lines file whose first line is an array: judged line by line
                return read_jsonl(path, user_id)
            raise InvalidInput(f"{path}: invalid JSON at line {exc.lineno}: {exc.msg}") from exc
        if isinstance(data, list) and data and isinstance(data[0], dict) and "conversation" not in data[0]:
            parsed = ParsedFile()
            numbers: list[int] = []
            for number, record in enumerate(data, start=1):
                try:
                    parsed.turns.append(turn_from_mapping(record, user_id))
                    numbers.append(number)
                except InvalidInput as exc:
                    parsed.errors.append(IngestLineError(number, str(exc)))
            return _refuse_conflicting_repeats(parsed, numbers)
        samples = read_locomo(data, lambda sid: user_id if isinstance(data, dict) or len(data) == 1
                              else f"{user_id}/{sid}")
        return ParsedFile([t for s in samples for t in s.turns], [e for s in samples for e in s.errors])
    return read_jsonl(path, user_id)
