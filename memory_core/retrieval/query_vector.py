"""The query's vector for one recall: embedded at most once, on first use, with its time and failure kept.

``recall.Recaller`` hands a ``_QueryVector`` to ``HybridIndex.search``, which
calls it only when the dense ranking runs (``HybridSettings.dense_gate`` may
skip it); a failed embedding leaves recall lexical and is reported
(``RecallTimings.degraded``). ``load_vectors`` puts the stored vectors of
items and turns into a cached index's dense rows as they are written.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import numpy as np

from memory_core.embedding.base import EmbeddingError, QueryCache
from memory_core.retrieval.dense import DenseIndex
from memory_core.retrieval.reply_context import reply_links

if TYPE_CHECKING:
    from memory_core.retrieval.hybrid import HybridIndex
    from memory_core.store.sql_vectors import SqlVectors

__all__: list[str] = []  # used by recall.Recaller

log = logging.getLogger("memory_core.retrieval.recall")


class _QueryVector:
    """The query's vector for one recall: computed on first call (at most once), its time and failure kept."""

    __slots__ = ("cache", "embed_ms", "error", "query", "used")

    def __init__(self, cache: QueryCache, query: str) -> None:
        self.cache, self.query = cache, query
        self.embed_ms = 0.0
        self.error = ""
        self.used = False

    def __call__(self, coverage: float = 0.0) -> np.ndarray | None:
        """The vector (None after the first call or on failure); ``coverage``: the lexical result's (0..1).

        At coverage at or above the embedder's ``coarse_from`` the cheaper query path is taken.
        """
        if self.used:
            return None
        self.used = True
        t0 = time.perf_counter()
        try:
            return self.cache(self.query, coverage >= self.cache.embedder.coarse_from)
        except EmbeddingError as exc:
            self.error = f"query embedding failed, lexical recall only: {exc}"
            log.warning("recall by meaning skipped: %s", exc)
            return None
        finally:
            self.embed_ms = (time.perf_counter() - t0) * 1e3


def load_vectors(vectors: SqlVectors, model_id: str, dim: int, user_id: str, index: HybridIndex) -> None:
    """Put the vectors stored since the index last looked (up to its version) into its dense rows.

    Args:
        vectors: the store's vector table; model_id, dim: the embedder's (rows of other models are not read).
        user_id: whose vectors; index: that user's index (its ``dense_seen`` moves to its version).

    Raises:
        StoreError: the store failed.
    """
    if not index.version.isdigit():
        return
    upto = int(index.version)
    if upto <= index.dense_seen:
        return
    stored = vectors.load(user_id, model_id, after=index.dense_seen, upto=upto)
    index.dense_seen = upto
    if not stored:
        return
    if index.dense is None:
        index.dense = DenseIndex(dim)
    pos = index._pos
    set_slots = [pos[owner] for (kind, owner) in stored if kind == "item" and owner in pos]
    index.dense.set_items((pos[owner], vec) for (kind, owner), vec in stored.items()
                          if kind == "item" and owner in pos)
    index.dense.set_links(reply_links(set_slots, index.table.items, index._turn_pos, index._turn_ids,
                                      index._turn_session, index._slots_by_turn))
    turn_vectors = {owner: vec for (kind, owner), vec in stored.items() if kind == "turn"}
    if turn_vectors:
        index.dense.set_turns((slot, turn_vectors[t]) for slot, item in enumerate(index.table.items)
                              if item is not None for t in item.source[:1] if t in turn_vectors)
