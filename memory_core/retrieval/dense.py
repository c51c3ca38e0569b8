"""Dense (embedding) retrieval over one user's items: a float32 matrix with one row per index slot.

Row s holds the unit vector of the item in slot s of the hybrid index
(``hybrid_state``), zeros while it has none (the item is then found
lexically only, until its vector is stored). An item whose source turn was
embedded on its own (a turn no event item stands for) also has row s of
the turn matrix: its score is the better of the two similarities, so
evidence turns are found by meaning too.

The rows follow the index the way its other per-slot arrays do: set for a
new or changed slot, ignored when the slot is dead (``alive``), renumbered
by the map ``compact`` returns (``renumber``). Vectors arrive after their
items (their own write), so ``set_items``/``set_turns`` can fill rows of
slots that exist already.

Similarity is the dot product of unit vectors (cosine). A query costs one
matrix-vector product, O(slots · dim): ~1 ms for 10,000 items of 384 dimensions.
It is computed by ``np.einsum`` (numpy's own loop, one thread), not by ``@``:
a matrix-vector product through a multi-threaded BLAS (OpenBLAS, as numpy's
wheels ship it) took 19–35 ms p50 on a loaded 2-core machine (its threads
spin-wait for cores the other processes hold) against 1.2 ms for einsum in
the same loop (ops/bench/RESULTS.md, issue 14, pass of 2026-12-02 afternoon).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from memory_core.retrieval.bm25 import top_k_indices

__all__ = ["DenseIndex"]


class DenseIndex:
    """Per-slot item vectors (and source-turn vectors where they exist), for cosine ranking.

    Args:
        dim: vector length.

    Attributes:
        dim: vector length.
    """

    def __init__(self, dim: int) -> None:
        self.dim = dim
        self._items = np.zeros((0, dim), dtype=np.float32)
        self._turns: np.ndarray | None = None
        self._n = 0

    def __len__(self) -> int:
        """Number of slots with a row (zero rows included)."""
        return self._n

    def _ensure(self, n: int) -> None:
        if n <= self._items.shape[0]:
            self._n = max(self._n, n)
            return
        cap = max(n, 2 * self._items.shape[0], 64)
        grown = np.zeros((cap, self.dim), dtype=np.float32)
        grown[:self._n] = self._items[:self._n]
        self._items = grown
        if self._turns is not None:
            turns = np.zeros((cap, self.dim), dtype=np.float32)
            turns[:self._n] = self._turns[:self._n]
            self._turns = turns
        self._n = n

    def set_items(self, rows: Iterable[tuple[int, np.ndarray]]) -> int:
        """Set the item vector of slots; vectors of another length are skipped. Return rows set."""
        done = 0
        for slot, vec in rows:
            if vec.shape != (self.dim,):
                continue
            self._ensure(slot + 1)
            self._items[slot] = vec
            done += 1
        return done

    def set_turns(self, rows: Iterable[tuple[int, np.ndarray]]) -> int:
        """Set the source-turn vector of slots (the better similarity counts). Return rows set."""
        done = 0
        for slot, vec in rows:
            if vec.shape != (self.dim,):
                continue
            self._ensure(slot + 1)
            if self._turns is None:
                self._turns = np.zeros_like(self._items)
            self._turns[slot] = vec
            done += 1
        return done

    def clear(self, slots: Iterable[int]) -> None:
        """Zero the rows of ``slots`` (an item whose text changed until its new vector comes)."""
        for slot in slots:
            if slot < self._n:
                self._items[slot] = 0
                if self._turns is not None:
                    self._turns[slot] = 0

    def renumber(self, new_of: np.ndarray) -> None:
        """Move rows to the slots ``new_of`` gives (-1: dropped), as the index's compaction does."""
        n = min(self._n, new_of.shape[0])
        keep = np.flatnonzero(new_of[:n] >= 0)
        size = int((new_of >= 0).sum())
        items = np.zeros((max(size, 1), self.dim), dtype=np.float32)
        items[new_of[keep]] = self._items[keep]
        self._items = items
        if self._turns is not None:
            turns = np.zeros_like(items)
            turns[new_of[keep]] = self._turns[keep]
            self._turns = turns
        self._n = size

    def has_vectors(self) -> int:
        """Number of slots with a vector of either kind."""
        has = self._items[:self._n].any(axis=1)
        if self._turns is not None:
            has = has | self._turns[:self._n].any(axis=1)
        return int(has.sum())

    def similarities(self, query: np.ndarray, n_slots: int) -> np.ndarray:
        """Shape (n_slots,) float32 cosine similarity of every slot to the unit ``query`` (0 without a row)."""
        sims = np.zeros(n_slots, dtype=np.float32)
        n = min(self._n, n_slots)
        sims[:n] = np.einsum("ij,j->i", self._items[:n], query)  # one thread: see the module docstring
        if self._turns is not None:
            np.maximum(sims[:n], np.einsum("ij,j->i", self._turns[:n], query), out=sims[:n])
        return sims

    def ranked(self, query: np.ndarray, depth: int, alive: np.ndarray, mask: np.ndarray | None = None,
               min_similarity: float = 0.0) -> np.ndarray:
        """Slots of the ``depth`` items most similar to ``query``, best first (int64).

        Args:
            query: shape (dim,) unit vector.
            depth: how many at most.
            alive: shape (n_slots,) bool: slots holding an item.
            mask: shape (n_slots,) bool filter, or None.
            min_similarity: slots below this cosine are left out (0: none are).

        Slots without a vector, dead slots and slots ``mask`` leaves out are never returned.
        """
        sims = self.similarities(query, alive.shape[0])
        keep = (sims != 0) & alive
        if min_similarity > 0:
            keep &= sims >= min_similarity
        if mask is not None:
            keep &= mask
        pos = np.flatnonzero(keep)
        if not pos.shape[0]:
            return pos.astype(np.int64)
        return pos[top_k_indices(sims[pos], depth)].astype(np.int64)
