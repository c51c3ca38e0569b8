"""Injectable clocks: lifecycle code asks a ``Clock`` for the time, never ``datetime.now`` itself."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol

from memory_core.errors import InvalidField

__all__ = ["Clock", "ManualClock", "SystemClock", "aware"]


class Clock(Protocol):
    """Anything with ``now() -> datetime`` (aware, UTC)."""

    def now(self) -> datetime:
        """Return the current time, timezone-aware."""
        ...


class SystemClock:
    """The wall clock (UTC)."""

    def now(self) -> datetime:
        """Return ``datetime.now(UTC)``."""
        return datetime.now(UTC)


class ManualClock:
    """A clock a test or a simulation sets and advances by hand.

    Args:
        start: the first time it shows (aware).

    Raises:
        InvalidField: a naive ``start``.
    """

    def __init__(self, start: datetime) -> None:
        self._now = aware(start)

    def now(self) -> datetime:
        """Return the time set last."""
        return self._now

    def set(self, when: datetime) -> None:
        """Show ``when`` from now on (it may lie before the current time: clocks go backwards)."""
        self._now = aware(when)

    def advance(self, **delta: float) -> datetime:
        """Move forward by ``timedelta(**delta)`` (days=, hours=, ...); return the new time."""
        self._now += timedelta(**delta)
        return self._now


def aware(when: datetime) -> datetime:
    """Return ``when`` in UTC. Raises InvalidField for a naive or non-datetime value."""
    if not isinstance(when, datetime) or when.tzinfo is None:
        raise InvalidField(f"a clock time must be a timezone-aware datetime; got {when!r}")
    return when.astimezone(UTC)
