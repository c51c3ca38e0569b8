"""A turn's own UTC offset, kept beside its UTC time so dates read as the user lived them.

Times are stored in UTC. A turn sent as ``2026-01-06T01:00:00+08:00`` ("今天
领养了一只狗" said at 1 am in Shanghai) happened on 2026-01-06 for its user,
but on 2026-01-05 in UTC. The offset the caller gave is kept in the turn's
``meta`` under ``OFFSET_KEY`` (minutes east of UTC, as text; ``meta`` is a
JSON column, so no schema change), copied to the items made from the turn,
and used where a date is shown (the context block) or matched (a question's
time cue: "what did I do on January 6?" finds that turn). A time without an
offset (naive, epoch seconds, ``Z``) keeps no entry and reads as UTC, as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta

__all__ = ["MAX_OFFSET_S", "OFFSET_KEY", "local", "local_clock", "offset_minutes", "offset_of", "with_offset"]

#: ``meta`` key of the offset, in minutes east of UTC ("480" for +08:00).
OFFSET_KEY = "utc_offset_min"
#: The widest offset in use (UTC+14, UTC-12), seconds: a local date is at most this far from the UTC one.
MAX_OFFSET_S = 14 * 3600


def offset_minutes(value: object) -> int | None:
    """The UTC offset (minutes) a timestamp was given with: an aware datetime or an ISO-8601 string with one.

    None for a naive time, epoch seconds, a UTC time (``Z`` or +00:00 says
    nothing about the user), anything unparsable (the timestamp's own check
    reports that) and an offset beyond ±14 h.
    """
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            return None
    if not isinstance(value, datetime) or value.utcoffset() is None:
        return None
    delta = value.utcoffset()
    assert delta is not None
    minutes = int(delta.total_seconds() // 60)
    if not minutes or abs(minutes) * 60 > MAX_OFFSET_S:
        return None
    return minutes


def with_offset(meta: Mapping[str, str], value: object) -> dict[str, str]:
    """``meta`` with the offset of ``value`` (a raw timestamp) under ``OFFSET_KEY``; a given entry wins."""
    out = dict(meta)
    minutes = offset_minutes(value)
    if minutes is not None and OFFSET_KEY not in out:
        out[OFFSET_KEY] = str(minutes)
    return out


def offset_of(meta: Mapping[str, str] | None) -> int:
    """The offset (minutes) kept in ``meta``, 0 when none or malformed."""
    raw = (meta or {}).get(OFFSET_KEY)
    if not raw:
        return 0
    try:
        minutes = int(raw)
    except ValueError:
        return 0
    return minutes if abs(minutes) * 60 <= MAX_OFFSET_S else 0


def local(when: datetime, meta: Mapping[str, str] | None) -> datetime:
    """``when`` (UTC) moved by the offset kept in ``meta`` (wall-clock time of the turn's user)."""
    minutes = offset_of(meta)
    return when + timedelta(minutes=minutes) if minutes else when


def local_clock(when: datetime, meta: Mapping[str, str] | None) -> str:
    """``when`` (UTC) as its user's wall-clock minute with the zone named: "2026-11-10 08:00 +08:00", or
    "2026-11-10 00:00 UTC" for a time given without an offset (a listing never shows a bare UTC time)."""
    minutes = offset_of(meta)
    if not minutes:
        return f"{when:%Y-%m-%d %H:%M} UTC"
    sign, span = ("+" if minutes > 0 else "-"), abs(minutes)
    return f"{local(when, meta):%Y-%m-%d %H:%M} {sign}{span // 60:02d}:{span % 60:02d}"
