"""Pydantic schemas of the model's structured answers; field descriptions are written for the model.

``Extraction`` is the extractor's answer (seed 001 §8.12.1-2: facts,
preferences, episodes, procedures, with kind, theme, importance, confidence
and validity times). Dates come back absolute: the prompt gives the turn's
own time with its weekday, and the model resolves "后天", "next Friday" or
"last week" against it.
"""

from __future__ import annotations

from datetime import UTC, datetime, time
from typing import Literal

from pydantic import BaseModel, Field, field_validator, model_validator

__all__ = ["ExtractedFact", "Extraction", "parse_when"]

FactKind = Literal["fact", "preference", "event", "todo", "procedure"]


def parse_when(value: object) -> datetime | None:
    """Read an ISO 8601 date or datetime; a date means midnight UTC, a naive time means UTC.

    Raises:
        ValueError: not an ISO 8601 date or datetime.
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, datetime):
        when = value
    elif isinstance(value, str):
        text = value.strip().replace("Z", "+00:00")
        try:
            when = datetime.fromisoformat(text)
        except ValueError as exc:
            raise ValueError(f"{value!r} is not an ISO 8601 date (YYYY-MM-DD) or datetime") from exc
        if len(text) == 10:
            when = datetime.combine(when.date(), time(0, 0))
    else:
        raise ValueError(f"{value!r} is not an ISO 8601 date string")
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


class ExtractedFact(BaseModel):
    """One memory worth keeping from the turn."""

    description: str = Field(
        min_length=1, max_length=1000,
        description="One self-contained sentence in the language the user wrote in, in the third person "
                    "(\"用户后天（2026-05-11）有离散数学考试\", \"Ann moved to Lisbon in March 2026\"); relative "
                    "dates replaced by absolute ones.")
    kind: FactKind = Field(description="fact, preference (likes/dislikes), event (something that happened), "
                                       "todo (something due at a time) or procedure (how the user wants things done)")
    theme: str = Field(min_length=1, max_length=64,
                       description="One theme slug from the list in the instructions, e.g. taste, todo, identity")
    importance: float = Field(ge=0, le=1, description="0..1: how much this matters in later conversations")
    confidence: float = Field(ge=0, le=1, description="0..1: how sure you are the turn says this")
    valid_from: str | None = Field(default=None, description="ISO 8601 date or datetime when it starts to hold "
                                                             "or happens; null if unknown")
    valid_until: str | None = Field(default=None, description="ISO 8601 date or datetime when it stops holding "
                                                              "(a deadline, an end); null if open")
    slot: str = Field(default="", max_length=120,
                      description="Short English key of what the fact is about, e.g. lives_in, job, "
                                  "likes:spicy food, exam:discrete math; empty if none fits")

    @field_validator("valid_from", "valid_until")
    @classmethod
    def _iso(cls, value: str | None) -> str | None:
        parse_when(value)
        return value

    @model_validator(mode="after")
    def _order(self) -> ExtractedFact:
        start, end = parse_when(self.valid_from), parse_when(self.valid_until)
        if start and end and end < start:
            raise ValueError("valid_until is before valid_from")
        return self

    @property
    def starts(self) -> datetime | None:
        """``valid_from`` as an aware UTC datetime, or None."""
        return parse_when(self.valid_from)

    @property
    def ends(self) -> datetime | None:
        """``valid_until`` as an aware UTC datetime, or None."""
        return parse_when(self.valid_until)


class Extraction(BaseModel):
    """The memories found in one conversation turn (an empty list when there is nothing worth keeping)."""

    facts: list[ExtractedFact] = Field(description="Memories worth keeping; [] if none", max_length=20)
