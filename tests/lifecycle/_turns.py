"""Helpers: dated turns for lifecycle tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from memory_core.model import Turn

#: The lifecycle tests' start: Monday 2025-03-03 09:00 UTC.
T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


def session(user: str, session_id: str, start: datetime, texts: list[str], prefix: str | None = None) -> list[Turn]:
    """User turns one minute apart, with ids ``<prefix>-<n>`` (prefix defaults to the session id)."""
    prefix = prefix or session_id
    return [Turn(user_id=user, turn_id=f"{prefix}-{n}", session_id=session_id, role="user", text=text,
                 timestamp=start + timedelta(minutes=n), speaker="user") for n, text in enumerate(texts)]
