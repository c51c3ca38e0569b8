"""The query's vector for one recall: embedded at most once, on first use, with its time and failure kept.

``recall.Recaller`` hands a ``_QueryVector`` to ``HybridIndex.search``, which
calls it only when the dense ranking runs (``HybridSettings.dense_gate`` may
skip it); a failed embedding leaves recall lexical and is reported
(``RecallTimings.degraded``).
"""

from __future__ import annotations

import logging
import time

import numpy as np

from memory_core.embedding.base import EmbeddingError, QueryCache

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
