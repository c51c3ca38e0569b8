"""The seam for the turn event store (seed 001 §8.6.5).

Each turn is kept with its user id, session id, a per-user sequence number
assigned on first store, role/speaker, text and the turn's own timestamp.
Appending is idempotent by (user id, turn id): the turn id is the
idempotency key. ``last_applied_seq`` records how far the write pipeline has
applied a user's turns, so a curator can drain the rest in ``seq`` order.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from memory_core.model import Turn

__all__ = ["TurnStore"]


class TurnStore(ABC):
    """Abstract append-only log of turns, per user, ordered by ``seq``."""

    @abstractmethod
    def append(self, turn: Turn) -> tuple[Turn, bool]:
        """Store ``turn`` unless its (user id, turn id) is already stored.

        Returns:
            (the stored turn with its ``seq``, True if it was new). A repeat
            returns the first stored copy and False.

        Raises:
            InvalidField: the same turn id was stored before with other text.
            StoreError: the backend failed.
        """

    @abstractmethod
    def get_turn(self, user_id: str, turn_id: str) -> Turn:
        """Return one stored turn. Raises NotFound (UnknownItem) if absent."""

    @abstractmethod
    def list_turns(self, user_id: str, *, after_seq: int = 0, limit: int | None = None) -> list[Turn]:
        """Return the user's turns with ``seq > after_seq`` in ``seq`` order (at most ``limit``)."""

    @abstractmethod
    def last_applied_seq(self, user_id: str) -> int:
        """Return the highest ``seq`` the pipeline has applied for the user (0 if none)."""

    @abstractmethod
    def mark_applied(self, user_id: str, seq: int) -> None:
        """Record that every turn of the user up to ``seq`` is applied."""

    @abstractmethod
    def turn_users(self) -> list[str]:
        """Return the ids of users with at least one turn, sorted."""

    @abstractmethod
    def erase_turns(self, user_id: str) -> int:
        """Remove every turn of the user; return how many were removed."""

    def pending_turns(self, user_id: str, limit: int | None = None) -> list[Turn]:
        """Return the user's stored turns not yet applied, in ``seq`` order."""
        return self.list_turns(user_id, after_seq=self.last_applied_seq(user_id), limit=limit)
