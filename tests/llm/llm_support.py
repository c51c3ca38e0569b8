"""Helpers shared by the LLM tests: the reference turn time and extractor answers."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from scripted_server import Reply

__all__ = ["SATURDAY", "fact", "facts"]

SATURDAY = datetime(2026, 5, 9, 14, 30, tzinfo=UTC)
"""Turn time of most tests: Saturday 9 May 2026, 14:30 UTC (后天 = Monday 11 May, next Friday = 15 May)."""


def fact(description: str, kind: str = "fact", theme: str = "identity", *, importance: float = 0.7,
         confidence: float = 0.9, valid_from: str | None = None, valid_until: str | None = None,
         slot: str = "") -> dict[str, Any]:
    """One ExtractedFact as the model would write it."""
    return {"description": description, "kind": kind, "theme": theme, "importance": importance,
            "confidence": confidence, "valid_from": valid_from, "valid_until": valid_until, "slot": slot}


def facts(*items: dict[str, Any]) -> Reply:
    """An extractor answer: ``{"facts": [...]}`` as clean JSON."""
    return Reply(json.dumps({"facts": list(items)}, ensure_ascii=False))
