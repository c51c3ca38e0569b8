"""The query side of ``live_bm25.LiveBM25``: a term's postings and weights, candidates, rankings.

A mixin over the state ``LiveBM25`` keeps (its module docstring): the base
segment's term-major postings (masked by tombstones), the append segment's
postings by term, the per-term idf and the per-slot length norm. A term's
slots and length-normalised tf (``g``) are kept until the length norms are
refreshed (``_cache``); a change's own slots are joined to them when the term
is next asked (``_tail``, ``_patch``); its weight is ``idf · g``, so a warm
query pays one multiplication per term.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from memory_core.retrieval.bm25 import ranked_candidates, ranked_dense

__all__ = ["LiveScoring", "patched"]

_EMPTY_I = np.empty(0, dtype=np.int64)
_EMPTY_F = np.empty(0, dtype=np.float64)
_CACHED_TERMS = 512  # terms whose slots and length-normalised tf are kept between changes


def patched(kept: tuple[np.ndarray, np.ndarray], patch: Mapping[int, float | None]) -> tuple[np.ndarray, np.ndarray]:
    """A term's kept (slots ascending, g) with ``patch`` (slot → its new g, None: the slot no longer holds the term).

    The same arrays ``LiveScoring._term_g`` would compute after the change, made from the kept ones: a slot
    still holding the term has its ``g`` overwritten in place (the kept ``g`` is the cache's own array); slots
    gone or new are cut out or spliced in by slices, O(len(slots)) copied once, where recomputing read the
    base postings, masked the tombstones and sorted the merged slots.
    """
    d, g = kept
    n = d.shape[0]
    slots = list(patch)
    at = np.searchsorted(d, np.array(slots, dtype=np.int64)).tolist() if n else [0] * len(slots)
    events: list[tuple[int, int, int, float]] = []  # (position in d, 0 insert before it / 1 drop it, slot, g)
    for slot, pos, value in zip(slots, at, patch.values(), strict=True):
        if pos < n and int(d[pos]) == slot:
            if value is None:
                events.append((pos, 1, slot, 0.0))
            else:
                g[pos] = value
        elif value is not None:
            events.append((pos, 0, slot, value))
    if not events:
        return d, g
    events.sort()
    d_parts: list[np.ndarray] = []
    g_parts: list[np.ndarray] = []
    start = 0
    for pos, drop, slot, value in events:
        d_parts.append(d[start:pos])
        g_parts.append(g[start:pos])
        if drop:
            start = pos + 1
        else:
            d_parts.append(np.array([slot], dtype=np.int64))
            g_parts.append(np.array([value]))
            start = pos
    d_parts.append(d[start:])
    g_parts.append(g[start:])
    return np.concatenate(d_parts), np.concatenate(g_parts)


class LiveScoring:
    """Mixin: scoring over ``LiveBM25``'s postings (the attributes below are the owner's)."""

    k1: float
    min_idf: float | None
    n_docs: int
    _term_of: dict[str, int]
    _df: np.ndarray
    _idf: np.ndarray
    _norm: np.ndarray
    _b_docs: np.ndarray
    _b_tf: np.ndarray
    _b_starts: list[int]
    _base_ok: np.ndarray
    _base_clean: bool
    _x_post: dict[int, dict[int, float]]
    _cache: dict[int, tuple[np.ndarray, np.ndarray]]
    _tail: dict[int, list[tuple[int, float]]]
    _patch: dict[int, dict[int, float | None]]

    def idf_of(self, term: str) -> float:
        """The term's current idf (0.0 for a term no live document holds)."""
        tid = self._term_of.get(term)
        return 0.0 if tid is None or tid >= self._idf.shape[0] else float(self._idf[tid])

    def _postings(self, tid: int, times: int) -> tuple[np.ndarray, np.ndarray]:
        """(slots ascending, weights) of one term: live base postings plus the append segment's.

        A weight is ``idf · g`` with ``g = tf · (k1 + 1) / (tf + norm)``; the
        slots and ``g`` of a term are kept until a refresh (at most
        ``_CACHED_TERMS`` terms), so a warm query pays one multiplication per
        term. New slots that added the term are kept aside (``_tail``), and
        replaced or removed slots' entries too (``_patch``); both are joined to
        its arrays when the term is next asked.
        """
        cached = self._cache.get(tid)
        tail = self._tail.pop(tid, None) if self._tail else None
        patch = self._patch.pop(tid, None) if self._patch else None
        if cached is not None and tail is not None:  # new slots come last: the term's slots stay ascending
            cached = self._cache[tid] = (np.concatenate((cached[0], np.fromiter((s for s, _ in tail), np.int64))),
                                         np.concatenate((cached[1], np.fromiter((g for _, g in tail), np.float64))))
        if cached is not None and patch is not None:
            cached = self._cache[tid] = patched(cached, patch)
        if cached is None:
            cached = self._cache[tid] = self._term_g(tid)
            if len(self._cache) > _CACHED_TERMS:
                self._cache.clear()
                self._cache[tid] = cached
        d, g = cached
        w = g * self._idf[tid]
        if times != 1:
            w = w * times
        return d, w

    def _term_g(self, tid: int) -> tuple[np.ndarray, np.ndarray]:
        """(slots ascending, g) of one term computed from the postings (both segments)."""
        docs_parts: list[np.ndarray] = []
        tf_parts: list[np.ndarray] = []
        if tid + 1 < len(self._b_starts):
            lo, hi = self._b_starts[tid], self._b_starts[tid + 1]
            d, f = self._b_docs[lo:hi], self._b_tf[lo:hi]
            if not self._base_clean:
                keep = self._base_ok[d]
                d, f = d[keep], f[keep]
            docs_parts.append(d)
            tf_parts.append(f)
        post = self._x_post.get(tid)
        if post:
            slots = sorted(post)
            docs_parts.append(np.array(slots, dtype=np.int64))
            tf_parts.append(np.array([post[s] for s in slots], dtype=np.float64))
        if not docs_parts:
            return _EMPTY_I, _EMPTY_F
        if len(docs_parts) == 1:
            d, tf = docs_parts[0], tf_parts[0]
        else:
            d, tf = np.concatenate(docs_parts), np.concatenate(tf_parts)
            if docs_parts[0].shape[0] and docs_parts[0][-1] > docs_parts[1][0]:  # a replaced slot among the base's
                order = np.argsort(d, kind="stable")
                d, tf = d[order], tf[order]
        return d, tf * (self.k1 + 1) / (tf + self._norm[d])

    def _spans(self, query_tokens: Sequence[str]) -> list[tuple[np.ndarray, np.ndarray]]:
        """(slots, weights × times in the query) of each known query term with postings, in query order."""
        counts: dict[int, int] = {}
        for t in query_tokens:
            tid = self._term_of.get(t)
            if tid is not None and tid < self._df.shape[0] and self._df[tid] > 0:
                counts[tid] = counts.get(tid, 0) + 1
        return [p for p in (self._postings(t, c) for t, c in counts.items()) if p[0].shape[0]]

    def candidates(self, query_tokens: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """Score the live documents that contain at least one query term.

        Returns:
            (slots, scores): shape (m,) int64 ascending and shape (m,) float64,
            summed over the query terms in query order (as ``BM25Index.candidates``).
        """
        spans = self._spans(query_tokens)
        if not spans:
            return _EMPTY_I, _EMPTY_F
        if len(spans) == 1:
            return spans[0]
        docs = np.concatenate([d for d, _ in spans])
        weights = np.concatenate([w for _, w in spans])
        uniq, inverse = np.unique(docs, return_inverse=True)
        return uniq, np.bincount(inverse, weights=weights, minlength=uniq.shape[0])

    def ranked(self, query_tokens: Sequence[str], depth: int, mask: np.ndarray | None = None) -> np.ndarray:
        """The best ``depth`` slots containing a query term, best first (ties to the lower slot)."""
        return self.ranked_scored(query_tokens, depth, mask)[0]

    def ranked_scored(self, query_tokens: Sequence[str], depth: int,
                      mask: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray | None]:
        """``ranked``, and the dense score array when one was built (else None), as ``BM25Index``.

        Args:
            query_tokens: query terms.
            depth: how many at most (>= 1).
            mask: optional shape (n_docs,) bool; only True slots may be returned.
        """
        spans = self._spans(query_tokens)
        if not spans:
            return _EMPTY_I, None
        positive = self.min_idf is not None and self.min_idf > 0  # else a weight may be <= 0: no dense cut
        if not positive or sum(d.shape[0] for d, _ in spans) * 16 < self.n_docs:
            if len(spans) == 1:
                idx, sc = spans[0]
            else:
                docs = np.concatenate([d for d, _ in spans])
                uniq, inverse = np.unique(docs, return_inverse=True)
                idx = uniq
                sc = np.bincount(inverse, weights=np.concatenate([w for _, w in spans]), minlength=uniq.shape[0])
            return ranked_candidates(idx, sc, depth, mask)
        docs = spans[0][0] if len(spans) == 1 else np.concatenate([d for d, _ in spans])
        weights = spans[0][1] if len(spans) == 1 else np.concatenate([w for _, w in spans])
        return ranked_dense(docs, weights, self.n_docs, depth, mask)

    def scores_of(self, query_tokens: Sequence[str], docs: np.ndarray) -> np.ndarray:
        """The scores of ``docs`` only (shape like ``docs``; 0.0 without a query term)."""
        out = np.zeros(docs.shape[0])
        for postings, weights in self._spans(query_tokens):
            at = np.minimum(np.searchsorted(postings, docs), postings.shape[0] - 1)
            found = postings[at] == docs
            out[found] += weights[at[found]]
        return out

    def get_scores(self, query_tokens: Sequence[str]) -> np.ndarray:
        """Every slot's score (0.0 for dead slots and slots without a query term)."""
        scores = np.zeros(self.n_docs)
        idx, sc = self.candidates(query_tokens)
        scores[idx] = sc
        return scores
