"""The protocols ``Memory`` is built from, beside the store seam (``memory_core.store``).

- ``MemoryRecaller``: what the service asks of a recaller (the mechanical
  ``retrieval.recall.Recaller`` and ``llm.recall.LLMRecaller`` both satisfy it);
- ``TurnLog``: what the write path asks of a store that keeps the turn event
  log beside the items. A store declares it through ``MemoryStore.turn_log()``
  (None on the base, the store itself on ``SqlStore``), so the service asks the
  store what it can do instead of probing its class.

Both are structural (``typing.Protocol``): an implementation subclasses nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from memory_core.model import MemoryItem, Turn
    from memory_core.retrieval.index import RecallTimings
    from memory_core.retrieval.provenance import ContextNote
    from memory_core.retrieval.recall import RecallFilters, RecallResult, RecallWeights
    from memory_core.store.base import KeyLookup
    from memory_core.store.write_ops import Op

__all__ = ["MemoryRecaller", "TurnLog"]


class MemoryRecaller(Protocol):
    """Per-user recall with an index cache, as ``Memory`` drives it."""

    @property
    def timings(self) -> RecallTimings | None:
        """Where the last recall spent its time; its ``degraded`` says why a ranking was left out."""
        ...

    def recall(self, user_id: str, query: str, k: int = 10, filters: RecallFilters | None = None,
               weights: RecallWeights | None = None) -> list[RecallResult]:
        """Return the user's top-k results for ``query``, best first (items).

        Raises:
            InvalidInput: a bad user id, query or k. StoreError: the store failed.
        """
        ...

    def recall_cached(self, user_id: str, query: str, k: int = 10, filters: RecallFilters | None = None,
                      weights: RecallWeights | None = None) -> list[RecallResult] | None:
        """Answer from the index this process holds, without the store; None when it holds none."""
        ...

    def set_hits(self, user_id: str, hits: Mapping[str, int]) -> int:
        """Take new hit counts into a cached index in place; return how many items it updated."""
        ...

    def context_notes(self, user_id: str, results: Sequence[RecallResult]) -> dict[str, ContextNote]:
        """Per item id of ``results``: the value it superseded, its source turn's words ({} when unknown)."""
        ...

    def invalidate(self, user_id: str) -> None:
        """Forget the user's cached index (after an import or an erasure)."""
        ...


class TurnLog(Protocol):
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

    def turn_users(self) -> list[str]:
        """Ids of users with at least one stored turn, sorted."""
        ...

    def user_lock(self, user_id: str, timeout_s: float = 10.0) -> AbstractContextManager[None]:
        """Hold the user's curator lock; raise ``StoreLocked`` after ``timeout_s`` seconds."""
        ...

    def find_by_key(self, user_id: str, key: str) -> list[MemoryItem]:
        """The user's active items with this canonical key (``KeyLookup``)."""
        ...

    def apply(self, user_id: str, ops: Sequence[Op], *, applied_seq: int | None = None) -> list[Any] | None:
        """Apply ops all-or-nothing; with ``applied_seq``, mark that turn applied in the same transaction."""
        ...

    def apply_turns(self, user_id: str, turns: Sequence[Turn], plan: Callable[[Turn, KeyLookup], Sequence[Op]],
                    prefetch_keys: Iterable[str] = ()) -> int:
        """Plan and apply several turns in one transaction; return how many were applied."""
        ...
