"""``KeyLookup``: the one read the write pipeline needs from a store, beside the store seam.

Defined on its own so that both the item seam (``store.base``) and the turn
log (``store.turns``) can name it without importing each other.
"""

from __future__ import annotations

from typing import Protocol

from memory_core.model import MemoryItem

__all__ = ["KeyLookup"]


class KeyLookup(Protocol):
    """The one read the write pipeline needs from a store (``MemoryStore`` satisfies it); a store's
    ``find_by_keys(user_id, keys) -> {key: [items]}``, when present, reads a turn's keys in one round trip."""

    def find_by_key(self, user_id: str, key: str) -> list[MemoryItem]:
        """Return the user's active items with this canonical key."""
        ...
