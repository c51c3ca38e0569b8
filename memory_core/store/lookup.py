"""The reads the write path and the per-user indexes need from a store, beside the store seam.

- ``KeyLookup``: the one read the write pipeline needs (items by canonical key);
- ``IndexReads``: what a per-user index is built and kept fresh from (the
  memory version, and the items without their history).

Defined on their own so that both the item seam (``store.base``) and the turn
log (``store.turns``) can name them without importing each other.
``MemoryStore`` satisfies both (the base gives every method a default); so
does ``SqlStore``, with one-query versions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Protocol

from memory_core.model import MemoryItem

__all__ = ["IndexReads", "KeyLookup"]


class KeyLookup(Protocol):
    """The read the write pipeline needs from a store: the user's active items by canonical key."""

    def find_by_key(self, user_id: str, key: str) -> list[MemoryItem]:
        """Return the user's active items with this canonical key."""
        ...

    def find_by_keys(self, user_id: str, keys: Iterable[str]) -> dict[str, list[MemoryItem]]:
        """Return the user's active items for each key ({key: [items]}, [] when none): a turn's keys at once."""
        ...

    def active_by_prefix(self, user_id: str, prefixes: Sequence[str]) -> list[tuple[str, str, str]]:
        """(id, key, description) of the user's active items whose key starts with one of ``prefixes`` (no history)."""
        ...

    def superseded_by_key(self, user_id: str, key: str) -> list[MemoryItem]:
        """Return the user's superseded items with this canonical key: a slot's earlier values, for a
        statement that arrives after newer ones (``pipeline.late_order``)."""
        ...

    def active_said_after(self, user_id: str, prefix: str, after: datetime) -> list[MemoryItem]:
        """Return the user's active items whose key starts with ``prefix`` and that were said after ``after``
        (their ``valid_from``, else ``created_at``; aware UTC), with history, oldest stored first: the events
        a turn applied out of its time order may have to answer to (``pipeline.late_replay``)."""
        ...


class IndexReads(KeyLookup, Protocol):
    """What a per-user index reads from a store: the version that says it is fresh, and the items."""

    def memory_version(self, user_id: str) -> str:
        """The user's content version (changes whenever an item's recalled content changes)."""
        ...

    def list_items_for_index(self, user_id: str, statuses: Iterable[str]) -> list[MemoryItem]:
        """The user's items with these statuses, without their history (what an index holds)."""
        ...
