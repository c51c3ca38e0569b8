"""The seam for the turn event store (seed 001 §8.6.5).

Each turn is kept with its user id, session id, a per-user sequence number
assigned on first store, role/speaker, text and the turn's own timestamp.
Appending is idempotent by (user id, turn id): the turn id is the
idempotency key. ``last_applied_seq`` records how far the write pipeline has
applied a user's turns, so a curator can drain the rest in ``seq`` order.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Protocol

from memory_core.model import Turn
from memory_core.store.lookup import IndexReads

if TYPE_CHECKING:
    from datetime import datetime

    from memory_core.store.lookup import KeyLookup
    from memory_core.store.write_ops import Op

__all__ = ["TurnLog", "TurnStore"]


class TurnStore(ABC):
    """Abstract append-only log of turns, per user, ordered by ``seq``."""

    @abstractmethod
    def append(self, turn: Turn) -> tuple[Turn, bool]:
        """Store ``turn`` unless its (user id, turn id) is already stored.

        Returns:
            (the stored turn with its ``seq``, True if it was new). A repeat
            returns the first stored copy and False.

        Raises:
            TurnConflict (an InvalidField): the same turn id was stored before with other text.
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
    def turn_users(self, prefix: str = "") -> list[str]:
        """Return the ids of users with at least one turn, sorted; with ``prefix`` (plain text, not a pattern),
        those starting with it."""

    @abstractmethod
    def erase_turns(self, user_id: str, through_seq: int | None = None) -> int:
        """Remove the user's turns (every one, or those up to ``through_seq``); return how many were removed."""

    def pending_turns(self, user_id: str, limit: int | None = None) -> list[Turn]:
        """Return the user's stored turns not yet applied, in ``seq`` order."""
        return self.list_turns(user_id, after_seq=self.last_applied_seq(user_id), limit=limit)


class TurnLog(IndexReads, Protocol):
    """A store's turn event log, kept in the same database as its items (``SqlStore``).

    The turn id is the idempotency key of ``append``; ``apply(..., applied_seq=n)``
    writes a turn's effects and moves the user's applied mark in one transaction.
    """

    def append(self, turn: Turn) -> tuple[Turn, bool]:
        """Store a turn unless stored; return (stored turn with its ``seq``, True if new)."""
        ...

    def append_many(self, turns: Sequence[Turn]) -> list[tuple[Turn, bool]]:
        """``append`` for several turns in one transaction (all validated first)."""
        ...

    def pending_turns(self, user_id: str, limit: int | None = None) -> list[Turn]:
        """The user's stored turns not yet applied, in ``seq`` order (at most ``limit``)."""
        ...

    def turn_users(self, prefix: str = "") -> list[str]:
        """Ids of users with at least one stored turn, sorted (those starting with ``prefix``)."""
        ...

    def list_turns(self, user_id: str, *, after_seq: int = 0, limit: int | None = None) -> list[Turn]:
        """The user's turns with ``seq > after_seq`` in ``seq`` order (at most ``limit``)."""
        ...

    def user_lock(self, user_id: str, timeout_s: float = 10.0) -> AbstractContextManager[None]:
        """Hold the user's curator lock; raise ``StoreLocked`` after ``timeout_s`` seconds."""
        ...

    def last_applied_seq(self, user_id: str) -> int:
        """The seq of the user's last applied turn (0 when none)."""
        ...

    def erase_turns(self, user_id: str, through_seq: int | None = None) -> int:
        """Remove the user's turns (every one, or those up to ``through_seq``); return how many."""
        ...

    def rewrite_turns(self, user_id: str, texts: dict[str, tuple[str, dict[str, str]]]) -> int:
        """Replace stored turns' text and meta (``{turn id: (text, meta)}``); return how many changed."""
        ...

    def newest_turn_time(self, user_id: str) -> datetime | None:
        """When the user's newest turn was said (None without turns)."""
        ...

    def apply(self, user_id: str, ops: Sequence[Op], *, applied_seq: int | None = None) -> list[Any] | None:
        """Apply ops all-or-nothing; with ``applied_seq``, mark that turn applied in the same transaction."""
        ...

    def apply_turns(self, user_id: str, turns: Sequence[Turn], plan: Callable[[Turn, KeyLookup], Sequence[Op]],
                    prefetch_keys: Iterable[str] = ()) -> int:
        """Plan and apply several turns in one transaction; return how many were applied."""
        ...
