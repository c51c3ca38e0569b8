"""Write operations on one user's memory, applied atomically as a batch.

A batch of ops is the store seam's one write primitive (``MemoryStore.apply``),
in the spirit of LangGraph's ``BaseStore.batch``: the pipeline plans a list of
ops for a turn, and the store applies them all or none. Each op mirrors one of
seed 000's CRUD verbs.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from memory_core.model import Actor, MemoryItem

__all__ = ["AddOp", "EndOp", "ExpiryOp", "HitOp", "MergeOp", "Op", "RestoreOp", "UpdateOp"]


@dataclass(slots=True, frozen=True)
class AddOp:
    """Add ``item`` (built with ``MemoryItem.create``). Result: the item id."""

    item: MemoryItem


@dataclass(slots=True, frozen=True)
class UpdateOp:
    """Change text and/or theme of ``item_id``. Result: the item id. ``at``: the revision's time (default: now)."""

    item_id: str
    reason: str
    new_description: str | None = None
    new_theme: str | None = None
    actor: str = Actor.PIPELINE
    turn_id: str | None = None
    at: datetime | None = None


@dataclass(slots=True, frozen=True)
class MergeOp:
    """Merge ``other_id`` into ``keep_id``; ``other_id`` ends as deleted. Result: keep_id."""

    keep_id: str
    other_id: str
    merged_description: str
    merged_theme: str
    reason: str
    actor: str = Actor.PIPELINE
    turn_id: str | None = None


@dataclass(slots=True, frozen=True)
class HitOp:
    """Raise the hit count of ``item_id`` by ``count``; ``turn_id`` joins its sources. Result: new count.

    ``at`` is the time of the use (a recall that used the item): it becomes the
    item's ``last_used_at``; None leaves ``last_used_at`` as it was.
    """

    item_id: str
    count: int = 1
    turn_id: str | None = None
    at: datetime | None = None


@dataclass(slots=True, frozen=True)
class EndOp:
    """End ``item_id`` with ``status`` (deleted, superseded, archived). Result: its description.

    ``by_id`` names the item that replaces it, for supersede; ``valid_until`` is
    when it stopped holding in the world (default: when the op is applied);
    ``at`` dates the revision (default: when applied; the pipeline gives the
    turn's own time, so history reads when it happened; ``updated_at`` stays
    the time of the write). ``corrected``: the user corrected the item as a
    mistake (a supersede by a correction); the item is marked so
    (``correction_mark``): a value that never held, not a former one.
    """

    item_id: str
    status: str
    reason: str
    actor: str = Actor.PIPELINE
    turn_id: str | None = None
    by_id: str | None = None
    valid_until: datetime | None = None
    at: datetime | None = None
    corrected: bool = False


@dataclass(slots=True, frozen=True)
class RestoreOp:
    """Bring archived ``item_id`` back to active (``MemoryItem.restore``). Result: the item id."""

    item_id: str
    reason: str
    actor: str = Actor.USER
    at: datetime | None = None


@dataclass(slots=True, frozen=True)
class ExpiryOp:
    """Set or clear (None) when ``item_id`` stops holding (``MemoryItem.set_expiry``). Result: the item id."""

    item_id: str
    expires_at: datetime | None
    reason: str
    actor: str = Actor.USER
    at: datetime | None = None


Op = AddOp | UpdateOp | MergeOp | HitOp | EndOp | RestoreOp | ExpiryOp
