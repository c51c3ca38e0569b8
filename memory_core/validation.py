"""Input checks shared by every entry point (CLI, pipeline, stores, API).

Limits are documented here and in the README:

- ``MAX_TEXT_CHARS`` = 8,000 characters for a turn's text or an item's
  description (a long turn is a document, not a memory);
- ``MAX_ID_CHARS`` = 128 characters for user, session, turn and item ids, which are refused when
  they read as another id (``lookalike_ids``: not NFKC, Latin mixed with Cyrillic or Greek);
- ``MAX_META_ENTRIES`` = 32 entries in a published turn's ``meta``, keys up to
  ``MAX_META_KEY_CHARS`` = 64 characters, values up to ``MAX_META_VALUE_CHARS`` = 2,000;
- ``MAX_REASON_CHARS`` = 1,000 characters for the reason of a person's edit;
- ``MAX_KEY_CHARS`` = 512 characters for an item's ``key``, ``MAX_SPEAKER_CHARS`` = 256 for its speaker;
- ``MAX_TOP_K`` = 100 items per search or recall (``check_top_k``), on every transport and the CLI;
- timestamps: ISO-8601 or epoch SECONDS (numbers or digit strings, whatever their size:
  never milliseconds), between ``MIN_TIME`` and ``MAX_TIME`` once converted to UTC;
- Unicode bidi controls (``BIDI_CONTROLS``: the embeddings and overrides U+202A..U+202E and
  the isolates U+2066..U+2069), which make a listing show text other than what is stored
  ("Trojan Source", CVE-2021-42574): refused in ids and names (speakers), stripped from
  free text (turn texts, descriptions, queries, meta), so a turn is still stored.

The Python client and the HTTP schemas state the same limits: they import these.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Final

from memory_core.errors import EmptyText, InvalidEncoding, InvalidField, TextTooLong
from memory_core.lookalike_ids import invisible_in, lookalike_problem

__all__ = [
    "BIDI_CONTROLS",
    "DEFAULT_ROLE",
    "DEFAULT_SESSION_ID",
    "MAX_ID_CHARS",
    "MAX_KEY_CHARS",
    "MAX_META_ENTRIES",
    "MAX_META_KEY_CHARS",
    "MAX_META_VALUE_CHARS",
    "MAX_REASON_CHARS",
    "MAX_SPEAKER_CHARS",
    "MAX_TEXT_CHARS",
    "MAX_THEME_CHARS",
    "MAX_TIME",
    "MAX_TOP_K",
    "MAX_TURN_AHEAD",
    "MAX_TURN_SPEAKER_CHARS",
    "MIN_TIME",
    "ROLES",
    "check_budget_tokens",
    "check_id",
    "check_item_values",
    "check_meta",
    "check_reason",
    "check_text",
    "check_timestamp",
    "check_top_k",
    "check_turn_time",
    "decode_utf8",
]

MAX_TEXT_CHARS = 8_000
MAX_ID_CHARS = 128
MAX_META_ENTRIES = 32
MAX_META_KEY_CHARS = 64
MAX_META_VALUE_CHARS = 2_000
MAX_REASON_CHARS = 1_000
MAX_KEY_CHARS = 512
MAX_SPEAKER_CHARS = 256
#: The range of every timestamp, in UTC: a day inside datetime's own, so that a day's skew
#: (``MAX_TURN_AHEAD``) or a time zone shift never leaves it.
MIN_TIME = datetime(1, 1, 2, tzinfo=UTC)
MAX_TIME = datetime(9999, 12, 30, tzinfo=UTC)
MAX_THEME_CHARS = 64
#: The most items one search or recall returns (its top-k), whatever the transport.
MAX_TOP_K = 100
MAX_TURN_SPEAKER_CHARS = 128  # a turn's speaker (an item's is MAX_SPEAKER_CHARS)
ROLES = ("user", "assistant", "tool", "system")
#: A turn's role and session when its source names none (turn files, the Memory API, HTTP).
DEFAULT_ROLE: Final = "user"
DEFAULT_SESSION_ID = "default"
#: Bidi embedding, override and isolate controls (Unicode TR #9): LRE RLE PDF LRO RLO, LRI RLI FSI PDI.
BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_BIDI_RE = re.compile(f"[{BIDI_CONTROLS}]")

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


def _refuse_bidi(value: str, what: str) -> None:
    """Raise InvalidField if ``value`` holds a bidi control (``BIDI_CONTROLS``), naming the first one."""
    found = _BIDI_RE.search(value)
    if found:
        raise InvalidField(f"{what} {value!r:.80} holds the Unicode bidi control U+{ord(found.group()):04X} "
                           f"at offset {found.start()}: ids and names may not hold direction overrides, "
                           "embeddings or isolates (U+202A-U+202E, U+2066-U+2069)")


def check_text(value: object, what: str = "text", *, max_chars: int = MAX_TEXT_CHARS,
               bytes_ok: bool = True, name: bool = False) -> str:
    """Return ``value`` stripped of surrounding whitespace and of bidi controls, in Unicode canonical composition
    (NFC: a letter typed as base + combining mark and as one code point is the same text), if it is usable text.

    Bidi controls (``BIDI_CONTROLS``) are removed from free text, so a stored
    text shows as it reads; a name (``name=True``: a speaker) holding one is
    refused instead, since a name is shown beside others in every listing.

    Args:
        value: the candidate text; bytes are decoded as UTF-8 when ``bytes_ok``.
        what: field name used in error messages.
        max_chars: upper bound in characters (after stripping).
        bytes_ok: decode bytes (file contents, request bodies); False for typed
            API arguments, where bytes are refused like any other non-string.
        name: refuse bidi controls rather than strip them.

    Raises:
        InvalidField: not a string (or bytes, with ``bytes_ok``); a name holding a bidi control.
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
    if name:
        _refuse_bidi(value, what)
    # canonical composition (NFC): "Zu\u0308rich" and "Z\u00fcrich" are one text, stored and compared alike
    text = unicodedata.normalize("NFC", _BIDI_RE.sub("", value)).strip()
    if not text or _INVISIBLE.fullmatch(text):
        raise EmptyText(f"{what} is empty or only whitespace or invisible characters")
    if len(text) > max_chars:
        raise TextTooLong(f"{what} is {len(text)} characters; the limit is {max_chars}")
    return text


def check_reason(value: object, *, required: bool = True) -> str:
    """A person's reason for an edit: a string of up to ``MAX_REASON_CHARS``; "" when blank and not ``required``.

    Raises:
        InvalidField: not a string. EmptyText: blank when required. TextTooLong: too long.
    """
    if not required and isinstance(value, str) and not value.strip():
        return ""
    return check_text(value, "reason", max_chars=MAX_REASON_CHARS, bytes_ok=False)


def check_id(value: object, what: str = "id", *, numbers: bool = False) -> str:
    """Return ``value`` if it is a usable id: a string of 1..128 word characters and ``.:@-/#+``.

    An id is taken exactly as given: one with surrounding whitespace or
    control characters (``"ab\\n"``) is refused, not trimmed, since the
    trimmed id would name something else than the caller meant. So is an id
    that reads as another one (``lookalike_ids``): full-width ``"ａｎｎ"`` (its
    NFKC form is not itself) and ``"аnn"`` with a Cyrillic ``а`` (Latin mixed
    with a script whose letters pass for Latin); ``"张三"`` and ``"анна"`` pass.

    Args:
        value: the candidate id.
        what: field name used in error messages.
        numbers: also take an integer, as its decimal digits (ids read from
            JSON or YAML files, where ``17`` is a number); callers with typed
            arguments leave it off, so ``123`` is refused rather than stored as "123".

    Raises:
        InvalidField: not a string (nor, with ``numbers``, an integer), empty,
            too long, with other characters (a bidi control is named as such, an
            invisible one by code point), or reading as another id.
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
        _refuse_bidi(value, what)
        if value != value.strip() or any(not c.isprintable() for c in value):
            raise InvalidField(f"{what} {value!r} has surrounding whitespace or control characters "
                               f"(first: {invisible_in(value)}); ids are used exactly as given")
        problem = lookalike_problem(value)  # a decomposed accent ("e" + U+0301) is no word character
        if problem is not None and _ID_RE.fullmatch(unicodedata.normalize("NFKC", value)):
            raise InvalidField(f"{what} {value!r} {problem}")
        raise InvalidField(f"{what} {value!r} may hold only letters, digits and . : @ - / # + _")
    problem = lookalike_problem(value)
    if problem is not None:
        raise InvalidField(f"{what} {value!r} {problem}")
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
                               f"{key!r} with a {type(value).__name__} value (the Mem0-shaped "
                               "memory_core.mem0_compat.Memory keeps numbers, booleans and lists)")
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
        if not text.isprintable():
            raise InvalidField(f"{what} {value!r:.80} holds control characters")
        try:
            dt = (datetime.fromtimestamp(float(text), UTC) if _EPOCH_RE.match(text)
                  else datetime.fromisoformat(text.replace("Z", "+00:00")))
        except (OverflowError, OSError, ValueError) as exc:
            raise InvalidField(f"{what} {value!r} is not an ISO-8601 time") from exc
    else:
        raise InvalidField(f"{what} must be an ISO-8601 string or epoch seconds; got {type(value).__name__}")
    try:
        when = dt.replace(tzinfo=UTC) if dt.tzinfo is None else dt.astimezone(UTC)
    except (OverflowError, ValueError) as exc:  # 0001-01-01T00:00:00+14:00 is before year 1 in UTC
        raise InvalidField(f"{what} {value!r} is out of range once converted to UTC") from exc
    if not MIN_TIME <= when <= MAX_TIME:
        raise InvalidField(f"{what} {value!r} is out of range: times run from {MIN_TIME.date()} to "
                           f"{MAX_TIME.date()} (UTC)")
    return when


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


def check_item_values(fields: Mapping[str, object]) -> dict[str, object]:
    """Return a new item's extra fields with their values checked and normalised.

    The names are checked by ``memory_core.model.check_item_fields``; this checks
    the values the store would otherwise choke on: ``valid_from`` / ``valid_until``
    (``check_timestamp``; None allowed), ``key`` (text up to ``MAX_KEY_CHARS``; None
    allowed), ``speaker`` (text up to ``MAX_SPEAKER_CHARS``; "" allowed), ``source``
    (a list of turn ids: a bare string is refused, not split into characters) and ``id``.
    Enum and number fields are checked by ``MemoryItem.validate``.

    Raises:
        InvalidField, InvalidEncoding, EmptyText, TextTooLong: naming the bad field.
    """
    out = dict(fields)
    for name in ("valid_from", "valid_until"):
        if out.get(name) is not None:
            out[name] = check_timestamp(out[name], name)
    if out.get("key") is not None:
        out["key"] = check_text(out["key"], "key", max_chars=MAX_KEY_CHARS, bytes_ok=False)
    if out.get("speaker") not in (None, ""):
        out["speaker"] = check_text(out["speaker"], "speaker", max_chars=MAX_SPEAKER_CHARS, bytes_ok=False,
                                    name=True)
    elif "speaker" in out:
        out["speaker"] = ""
    if "source" in out:
        source = out["source"]
        if source is None:
            source = []
        if isinstance(source, str | bytes) or not isinstance(source, list | tuple):
            raise InvalidField(f"source must be a list of turn ids; got {type(source).__name__} {source!r:.60}")
        out["source"] = [check_id(t, "source turn id") for t in source]
    if "id" in out:
        out["id"] = check_id(out["id"], "item id")
    return out


def check_top_k(k: object, name: str = "k") -> int:
    """Return ``k``, the number of items a search or recall returns, once checked: an int from 1 to ``MAX_TOP_K``.

    Raises:
        InvalidField: ``k`` is no int (a bool or a string too) or outside 1..``MAX_TOP_K``.
    """
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_TOP_K:
        raise InvalidField(f"{name} must be an integer from 1 to {MAX_TOP_K}; got {k!r}")
    return k


def check_budget_tokens(budget_tokens: object) -> int:
    """Return ``budget_tokens``, a context block's size in tokens, once checked: an int of 0 or more.

    0 is allowed (the block is then empty); the wire request caps it further (``MAX_BUDGET_TOKENS``).

    Raises:
        InvalidField: ``budget_tokens`` is no int (a bool or a string too) or is negative.
    """
    if isinstance(budget_tokens, bool) or not isinstance(budget_tokens, int) or budget_tokens < 0:
        raise InvalidField(f"budget_tokens must be a non-negative integer; got {budget_tokens!r}")
    return budget_tokens
