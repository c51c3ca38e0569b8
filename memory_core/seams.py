"""The protocols ``Memory`` is built from, beside the store seam (``memory_core.store``).

- ``MemoryRecaller``: what the service asks of a recaller (the mechanical
  ``retrieval.recall.Recaller`` and ``llm.recall.LLMRecaller`` both satisfy it);
- ``TurnLog`` (defined beside the store seam, ``memory_core.store.turns``): what
  the write path asks of a store that keeps the turn event log beside the
  items. A store declares it through ``MemoryStore.turn_log()`` (None on the
  base, the store itself on ``SqlStore``), so the service asks the store what
  it can do instead of probing its class.

Both are structural (``typing.Protocol``): an implementation subclasses nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from memory_core.retrieval.index import RecallTimings
    from memory_core.retrieval.provenance import ContextNote
    from memory_core.retrieval.recall import RecallFilters, RecallResult, RecallWeights
    from memory_core.retrieval.stages import HybridSettings

__all__ = ["MemoryRecaller"]


class MemoryRecaller(Protocol):
    """Per-user recall with an index cache, as ``Memory`` drives it."""

    @property
    def timings(self) -> RecallTimings | None:
        """Where the last recall spent its time; its ``degraded`` says why a ranking was left out."""
        ...

    def recall(self, user_id: str, query: str, k: int = 10, filters: RecallFilters | None = None,
               weights: RecallWeights | None = None, *, settings: HybridSettings | None = None) -> list[RecallResult]:
        """Return the user's top-k results for ``query``, best first (items); ``settings`` overrides the stages.

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

    def holds_none(self, user_id: str, theme: str, kind: str | None = None) -> bool:
        """True when the user's current cached index holds no active item of ``theme`` (and ``kind``); False
        when unknown (no cached index): the caller then reads the store."""
        ...

    def invalidate(self, user_id: str) -> None:
        """Forget the user's cached index (after an import or an erasure)."""
        ...

    def cache_stats(self) -> dict[str, Any]:
        """The index cache's state for metrics: users held (list), builds, restores, deltas, bytes, evictions."""
        ...
