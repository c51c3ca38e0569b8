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

A reply leans on what it answers ("Every Sunday morning; it's our
ritual." after "How often do you swim?"): a slot may be linked to the
item of the turn it replies to (``set_links``; ``reply_context`` says
which), and its similarity is then the cosine of the query with the
normalised sum of its own vector and ``context`` times the linked one's —
computed from the two rows' own similarities and their stored dot product,
``(s_r + a·s_p) / ‖v_r + a·v_p‖``, so no row is rewritten and a vector
arriving late (or replaced) changes nothing but its links' dot products.
The same link read the other way finds a turn by the reply it got ("I
signed up for a pottery class." then "What a great way to relax!"): the
replied-to row scores at least ``(s_p + b·s_r) / ‖v_p + b·v_r‖`` (``answered``),
the better of that and its own score, so a reply that says nothing of it
does not lower it. (A sum over both neighbours at once lost LoCoMo R@10.)

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
        self._prev = np.full(0, -1, dtype=np.int32)  # slot of the item this slot replies to (-1: none)
        self._dot = np.zeros(0, dtype=np.float32)  # own row · linked row
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
        prev = np.full(cap, -1, dtype=np.int32)
        prev[:self._prev.shape[0]] = self._prev
        dot = np.zeros(cap, dtype=np.float32)
        dot[:self._dot.shape[0]] = self._dot
        self._prev, self._dot = prev, dot
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

    def set_links(self, links: Iterable[tuple[int, int]]) -> int:
        """Link slots to the slot they reply to (``(reply, replied)``; -1 unlinks). Return links set.

        The dot product of the two rows is taken now: call again when either row changes
        (``reply_context.reply_links`` gives the links a change of rows touches).
        """
        done = 0
        for slot, prev in links:
            if slot >= self._n:
                continue
            ok = 0 <= prev < self._n and prev != slot
            self._prev[slot] = prev if ok else -1
            self._dot[slot] = float(self._items[slot] @ self._items[prev]) if ok else 0.0
            done += 1
        return done

    def clear(self, slots: Iterable[int]) -> None:
        """Zero the rows of ``slots`` (an item whose text changed until its new vector comes) and their links."""
        cleared = []
        for slot in slots:
            if slot < self._n:
                self._items[slot] = 0
                self._prev[slot] = -1
                cleared.append(slot)
                if self._turns is not None:
                    self._turns[slot] = 0
        if cleared:  # replies to a cleared row lose their link until it is set again
            self._prev[:self._n][np.isin(self._prev[:self._n], cleared)] = -1

    def renumber(self, new_of: np.ndarray) -> None:
        """Move rows to the slots ``new_of`` gives (-1: dropped), as the index's compaction does."""
        n = min(self._n, new_of.shape[0])
        keep = np.flatnonzero(new_of[:n] >= 0)
        size = int((new_of >= 0).sum())
        items = np.zeros((max(size, 1), self.dim), dtype=np.float32)
        items[new_of[keep]] = self._items[keep]
        self._items = items
        prev, dot = np.full(items.shape[0], -1, dtype=np.int32), np.zeros(items.shape[0], dtype=np.float32)
        old = self._prev[keep]
        linked = (old >= 0) & (old < new_of.shape[0])
        moved = np.where(linked, new_of[np.where(linked, old, 0)], -1)
        prev[new_of[keep]] = moved
        dot[new_of[keep]] = np.where(moved >= 0, self._dot[keep], 0.0)
        self._prev, self._dot = prev, dot
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

    def similarities(self, query: np.ndarray, n_slots: int, context: float = 0.0,
                     alive: np.ndarray | None = None, answered: float = 0.0) -> np.ndarray:
        """Shape (n_slots,) float32 cosine similarity of every slot to the unit ``query`` (0 without a row).

        Args:
            query: shape (dim,) unit vector.
            n_slots: length of the result.
            context: weight of a linked reply's replied-to row (0: own rows only; see the module docstring).
            alive: shape (n_slots,) bool: only live replied-to rows lend context (None: all).
            answered: weight of the reply a replied-to row got: that row's similarity is at least the
                cosine of the normalised sum of its own and ``answered`` times the reply's (0: off).
        """
        sims = np.zeros(n_slots, dtype=np.float32)
        n = min(self._n, n_slots)
        own = np.einsum("ij,j->i", self._items[:n], query)  # one thread: see the module docstring
        sims[:n] = own
        if context > 0 or answered > 0:
            prev = self._prev[:n]
            linked = np.flatnonzero((prev >= 0) & (prev < n) & (own != 0))
            if alive is not None and linked.shape[0]:
                linked = linked[alive[prev[linked]]]
            if context > 0 and linked.shape[0]:
                norm = np.sqrt(np.maximum(1.0 + context * context + 2.0 * context * self._dot[linked], 1e-6))
                sims[linked] = (own[linked] + context * own[prev[linked]]) / norm
            if answered > 0 and linked.shape[0]:  # the replied-to turn, also by the reply it got
                if alive is not None:
                    linked = linked[alive[linked]]
                said = prev[linked]
                has = self._items[said].any(axis=1)  # a replied-to row without a vector stays unfound by meaning
                linked, said = linked[has], said[has]
                norm = np.sqrt(np.maximum(1.0 + answered * answered + 2.0 * answered * self._dot[linked], 1e-6))
                np.maximum.at(sims, said, ((own[said] + answered * own[linked]) / norm).astype(np.float32))
        if self._turns is not None:
            np.maximum(sims[:n], np.einsum("ij,j->i", self._turns[:n], query), out=sims[:n])
        return sims

    def ranked(self, query: np.ndarray, depth: int, alive: np.ndarray, mask: np.ndarray | None = None,
               min_similarity: float = 0.0, context: float = 0.0, answered: float = 0.0) -> np.ndarray:
        """Slots of the ``depth`` items most similar to ``query``, best first (int64); see ``ranked_scored``."""
        return self.ranked_scored(query, depth, alive, mask, min_similarity, context, answered)[0]

    def ranked_scored(self, query: np.ndarray, depth: int, alive: np.ndarray, mask: np.ndarray | None = None,
                      min_similarity: float = 0.0, context: float = 0.0,
                      answered: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
        """Slots of the ``depth`` items most similar to ``query``, best first (int64), and their cosines (float32).

        Args:
            query: shape (dim,) unit vector.
            depth: how many at most.
            alive: shape (n_slots,) bool: slots holding an item.
            mask: shape (n_slots,) bool filter, or None.
            min_similarity: slots below this cosine are left out (0: none are).
            context: weight of a reply's linked row (``similarities``).
            answered: weight of the reply a linked row got (``similarities``).

        Slots without a vector, dead slots and slots ``mask`` leaves out are never returned.
        """
        sims = self.similarities(query, alive.shape[0], context, alive, answered)
        keep = (sims != 0) & alive
        if min_similarity > 0:
            keep &= sims >= min_similarity
        if mask is not None:
            keep &= mask
        pos = np.flatnonzero(keep)
        if not pos.shape[0]:
            return pos.astype(np.int64), sims[:0]
        best = pos[top_k_indices(sims[pos], depth)].astype(np.int64)
        return best, sims[best]
