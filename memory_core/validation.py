"""Input checks shared by every entry point (CLI, pipeline, stores, API).

Limits are documented here and in the README:

- ``MAX_TEXT_CHARS`` = 8,000 characters for a turn's text or an item's
  description (a long turn is a document, not a memory);
- ``MAX_ID_CHARS`` = 128 characters for user, session, turn and item ids;
- ``MAX_META_ENTRIES`` = 32 entries in a published turn's ``meta``, keys up to
  ``MAX_META_KEY_CHARS`` = 64 characters, values up to ``MAX_META_VALUE_CHARS`` = 2,000;
- ``MAX_REASON_CHARS`` = 1,000 characters for the reason of a person's edit.

The Python client and the HTTP schemas state the same limits: they import these.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta

from memory_core.errors import EmptyText, InvalidEncoding, InvalidField, TextTooLong

__all__ = [
    "MAX_ID_CHARS",
    "MAX_META_ENTRIES",
    "MAX_META_KEY_CHARS",
    "MAX_META_VALUE_CHARS",
    "MAX_REASON_CHARS",
    "MAX_TEXT_CHARS",
    "MAX_TURN_AHEAD",
    "ROLES",
    "check_id",
    "check_meta",
    "check_text",
    "check_timestamp",
    "check_turn_time",
    "decode_utf8",
]

MAX_TEXT_CHARS = 8_000
MAX_ID_CHARS = 128
MAX_META_ENTRIES = 32
MAX_META_KEY_CHARS = 64
MAX_META_VALUE_CHARS = 2_000
MAX_REASON_CHARS = 1_000
ROLES = ("user", "assistant", "tool", "system")

_ID_RE = re.compile(r"[\w.:@\-/#+]+")  # used with fullmatch: "$" would let "ab\n" through
_EPOCH_RE = re.compile(r"^-?\d+(\.\d+)?$")


def decode_utf8(data: bytes, what: str = "text") -> str:
    """Decode bytes as UTF-8.

    Raises:
        InvalidEncoding: naming the byte offset of the first bad byte.
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidEncoding(f"{what} is not valid UTF-8 (bad byte at offset {exc.start})") from exc


# Whitespace and the invisible format characters (zero-width spaces and joiners, word joiner,
# BOM, soft hyphen, Mongolian vowel separator): a text of only these says nothing.
_INVISIBLE = re.compile(r"[\s\u00ad\u180e\u200b-\u200f\u2028-\u202f\u2060-\u2064\ufeff]+")


def check_text(value: object, what: str = "text", *, max_chars: int = MAX_TEXT_CHARS,
               bytes_ok: bool = True) -> str:
    """Return ``value`` stripped of surrounding whitespace if it is usable text.

    Args:
        value: the candidate text; bytes are decoded as UTF-8 when ``bytes_ok``.
        what: field name used in error messages.
        max_chars: upper bound in characters (after stripping).
        bytes_ok: decode bytes (file contents, request bodies); False for typed
            API arguments, where bytes are refused like any other non-string.

    Raises:
        InvalidField: not a string (or bytes, with ``bytes_ok``).
        InvalidEncoding: bytes that are not UTF-8, lone surrogates, or a NUL character
            (PostgreSQL text cannot hold U+0000).
        EmptyText: empty, or only whitespace and invisible format characters (U+200B, U+FEFF ...).
        TextTooLong: longer than ``max_chars`` characters.
    """
    if isinstance(value, bytes) and bytes_ok:
        value = decode_utf8(value, what)
    if not isinstance(value, str):
        raise InvalidField(f"{what} must be a string; got {type(value).__name__}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidEncoding(f"{what} contains characters that are not valid UTF-8") from exc
    if "\x00" in value:
        raise InvalidEncoding(f"{what} contains a NUL character (U+0000), which text may not hold")
    text = value.strip()
    if not text or _INVISIBLE.fullmatch(text):
        raise EmptyText(f"{what} is empty or only whitespace or invisible characters")
    if len(text) > max_chars:
        raise TextTooLong(f"{what} is {len(text)} characters; the limit is {max_chars}")
    return text


def check_id(value: object, what: str = "id", *, numbers: bool = False) -> str:
    """Return ``value`` if it is a usable id: a string of 1..128 word characters and ``.:@-/#+``.

    An id is taken exactly as given: one with surrounding whitespace or
    control characters (``"ab\\n"``) is refused, not trimmed, since the
    trimmed id would name something else than the caller meant.

    Args:
        value: the candidate id.
        what: field name used in error messages.
        numbers: also take an integer, as its decimal digits (ids read from
            JSON or YAML files, where ``17`` is a number); callers with typed
            arguments leave it off, so ``123`` is refused rather than stored as "123".

    Raises:
        InvalidField: not a string (nor, with ``numbers``, an integer), empty,
            too long, or with other characters.
    """
    if numbers and isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise InvalidField(f"{what} must be a string; got {type(value).__name__}")
    if not value.strip():
        raise InvalidField(f"{what} is empty" if not value else f"{what} {value!r} is only whitespace")
    if len(value) > MAX_ID_CHARS:
        raise InvalidField(f"{what} is {len(value)} characters; the limit is {MAX_ID_CHARS}")
    if not _ID_RE.fullmatch(value):
        if value != value.strip() or any(not c.isprintable() for c in value):
            raise InvalidField(f"{what} {value!r} has surrounding whitespace or control characters; "
                               "ids are used exactly as given")
        raise InvalidField(f"{what} {value!r} may hold only letters, digits and . : @ - / # + _")
    return value


def check_meta(meta: object, what: str = "meta") -> dict[str, str]:
    """Return a published turn's ``meta`` as a plain dict (None gives ``{}``).

    At most ``MAX_META_ENTRIES`` entries; keys 1..``MAX_META_KEY_CHARS`` and
    values 1..``MAX_META_VALUE_CHARS`` characters after trimming, strings only
    (bytes are refused).

    Raises:
        InvalidField: not a mapping, too many entries, or a key or value that is not a string.
        EmptyText, TextTooLong, InvalidEncoding: a bad key or value.
    """
    if meta is None:
        return {}
    if not isinstance(meta, Mapping):
        raise InvalidField(f"{what} must be a mapping of strings; got {type(meta).__name__}")
    if len(meta) > MAX_META_ENTRIES:
        raise InvalidField(f"{what} has {len(meta)} entries; the limit is {MAX_META_ENTRIES}")
    out = {}
    for key, value in meta.items():
        if not isinstance(key, str) or not isinstance(value, str):
            raise InvalidField(f"{what} keys and values must be strings; got {type(key).__name__} key "
                               f"{key!r} with a {type(value).__name__} value")
        out[check_text(key, f"{what} key", max_chars=MAX_META_KEY_CHARS)] = \
            check_text(value, f"{what}[{key}]", max_chars=MAX_META_VALUE_CHARS)
    return out


def check_timestamp(value: object, what: str = "timestamp") -> datetime:
    """Return an aware UTC datetime from a datetime, ISO-8601 string or epoch seconds (number or digits).

    Naive times are taken as UTC.

    Raises:
        InvalidField: for any other type or an unparsable string.
    """
    if isinstance(value, datetime):
        dt = value
    elif isinstance(value, int | float) and not isinstance(value, bool):
        try:
            dt = datetime.fromtimestamp(float(value), UTC)
        except (OverflowError, OSError, ValueError) as exc:
            raise InvalidField(f"{what} {value!r} is out of range for epoch seconds") from exc
    elif isinstance(value, str):
        text = value.strip()
        try:
            dt = (datetime.fromtimestamp(float(text), UTC) if _EPOCH_RE.match(text)
                  else datetime.fromisoformat(text.replace("Z", "+00:00")))
        except (OverflowError, OSError, ValueError) as exc:
            raise InvalidField(f"{what} {value!r} is not an ISO-8601 time") from exc
    else:
        raise InvalidField(f"{what} must be an ISO-8601 string or epoch seconds; got {type(value).__name__}")
    return dt.replace(tzinfo=UTC) if dt.tzinfo is None else dt.astimezone(UTC)


#: How far ahead of this machine's clock a turn's own time may be (clock skew between services).
MAX_TURN_AHEAD = timedelta(days=1)


def check_turn_time(value: object, what: str = "timestamp", now: datetime | None = None) -> datetime:
    """Return a turn's time as ``check_timestamp`` does, refusing one far in the future.

    A turn is something already said, and the resolver orders statements by
    their own times: a turn dated in the year 9000 would otherwise outrank
    every later statement for good. Up to ``MAX_TURN_AHEAD`` ahead of the
    clock is allowed for skew between hosts.

    Raises:
        InvalidField: as ``check_timestamp``, or more than ``MAX_TURN_AHEAD`` ahead of ``now``.
    """
    when = check_timestamp(value, what)
    clock = now or datetime.now(UTC)
    if when > clock + MAX_TURN_AHEAD:
        raise InvalidField(f"{what} {when.isoformat()} is more than a day ahead of the clock, which reads "
                           f"{clock.isoformat(timespec='seconds')}; a turn's time is when it was said")
    return when
