"""The query side of ``live_bm25.LiveBM25``: a term's postings and weights, candidates, rankings.

A mixin over the state ``LiveBM25`` keeps (its module docstring): the base
segment's term-major postings (masked by tombstones), the append segment's
postings by term, the per-term idf and the per-slot length norm. A term's
slots, term frequencies and length-normalised tf (``g``) are kept
(``_cache``); a change's own slots are joined to them when the term is next
asked (``_tail``, ``_patch``); its weight is ``idf · g``, so a warm query pays
one multiplication per term. A refresh of the statistics (new length norms
for every slot) keeps the slots and frequencies: the next ask recomputes
``g`` from them (one vectorised pass), not the postings from the segments.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from memory_core.retrieval.bm25 import ranked_candidates, ranked_dense

__all__ = ["LiveScoring", "patched"]

_EMPTY_I = np.empty(0, dtype=np.int64)
_EMPTY_F = np.empty(0, dtype=np.float64)
_CACHED_TERMS = 512  # terms whose slots and length-normalised tf are kept between changes


def patched(kept: tuple[np.ndarray, ...], patch: Mapping[int, tuple[float, ...] | None]) -> tuple[np.ndarray, ...]:
    """A term's kept (slots ascending, *columns) with ``patch`` (slot → its new column values, None: gone).

    The same arrays ``LiveScoring._term_tf`` (and the ``g`` of them) would give after the change, made from
    the kept ones: a slot still holding the term has its column values overwritten in place (the kept
    columns are the cache's own arrays); slots gone or new are cut out or spliced in by slices,
    O(len(slots)) copied once, where recomputing read the base postings, masked the tombstones and sorted
    the merged slots.

    Args:
        kept: shape (m,) int64 slots ascending, then any number of shape (m,) float64 columns.
        patch: slot → one value per column (a tuple as long as the columns), or None.
    """
    d, columns = kept[0], kept[1:]
    n = d.shape[0]
    slots = list(patch)
    at = np.searchsorted(d, np.array(slots, dtype=np.int64)).tolist() if n else [0] * len(slots)
    events: list[tuple[int, int, int, tuple[float, ...]]] = []  # (position in d, 0 insert / 1 drop, slot, values)
    for slot, pos, values in zip(slots, at, patch.values(), strict=True):
        if pos < n and int(d[pos]) == slot:
            if values is None:
                events.append((pos, 1, slot, ()))
            else:
                for column, value in zip(columns, values, strict=True):
                    column[pos] = value
        elif values is not None:
            events.append((pos, 0, slot, values))
    if not events:
        return kept
    events.sort()
    parts: list[list[np.ndarray]] = [[] for _ in kept]
    start = 0
    for pos, drop, slot, values in events:
        for part, array in zip(parts, kept, strict=True):
            part.append(array[start:pos])
        if drop:
            start = pos + 1
        else:
            parts[0].append(np.array([slot], dtype=np.int64))
            for part, value in zip(parts[1:], values, strict=True):
                part.append(np.array([value]))
            start = pos
    for part, array in zip(parts, kept, strict=True):
        part.append(array[start:])
    return tuple(np.concatenate(part) for part in parts)


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
    _cache: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray, int]]
    _tail: dict[int, list[tuple[int, float]]]
    _patch: dict[int, dict[int, float | None]]
    _norms_made: int

    def idf_of(self, term: str) -> float:
        """The term's current idf (0.0 for a term no live document holds)."""
        tid = self._term_of.get(term)
        return 0.0 if tid is None or tid >= self._idf.shape[0] else float(self._idf[tid])

    def df_of(self, term: str) -> int:
        """How many live documents hold ``term`` (0 for a term none holds)."""
        tid = self._term_of.get(term)
        if tid is None or tid >= self._idf.shape[0]:
            return 0
        return int(self._postings(tid, 1)[0].shape[0])

    def _postings(self, tid: int, times: int) -> tuple[np.ndarray, np.ndarray]:
        """(slots ascending, weights) of one term: live base postings plus the append segment's.

        A weight is ``idf · g`` with ``g = tf · (k1 + 1) / (tf + norm)``; the
        slots, tf and ``g`` of a term are kept (at most ``_CACHED_TERMS``
        terms), so a warm query pays one multiplication per term. New slots
        that added the term are kept aside (``_tail``: slot, tf), and replaced
        or removed slots' entries too (``_patch``: slot → tf or None); both are
        joined to its arrays when the term is next asked. After a refresh of
        the length norms (``_norms_made`` moved on) ``g`` is recomputed from the
        kept slots and tf: the same floats as ``_term_g``, without reading the
        segments again.
        """
        cached = self._cache.get(tid)
        tail = self._tail.pop(tid, None) if self._tail else None
        patch = self._patch.pop(tid, None) if self._patch else None
        if cached is None:
            d, tf = self._term_tf(tid)
            cached = self._cache[tid] = (d, self._g(d, tf), tf, self._norms_made)
            if len(self._cache) > _CACHED_TERMS:
                self._cache.clear()
                self._cache[tid] = cached
        elif tail is not None or patch is not None or cached[3] != self._norms_made:
            cached = self._cache[tid] = self._joined(cached, tail, patch)
        d, g = cached[0], cached[1]
        w = g * self._idf[tid]
        if times != 1:
            w = w * times
        return d, w

    def _g(self, d: np.ndarray, tf: np.ndarray) -> np.ndarray:
        """Shape like ``d``: the length-normalised tf ``tf · (k1 + 1) / (tf + norm)`` of slots ``d``."""
        return tf * (self.k1 + 1) / (tf + self._norm[d])

    def _joined(self, kept: tuple[np.ndarray, np.ndarray, np.ndarray, int], tail: list[tuple[int, float]] | None,
                patch: dict[int, float | None] | None) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
        """A kept term's (slots, g, tf, norms made) with its ``tail`` and ``patch`` joined and ``g`` current.

        With the norms unchanged since ``g`` was made, only the joined slots' ``g`` is computed (as Python
        floats: the same IEEE operations as ``_g``'s); else ``g`` is recomputed over every kept slot.
        """
        d, g, tf, made = kept
        current = made == self._norms_made
        g_of, norm = self.k1 + 1, self._norm
        if tail is not None:  # new slots come last: the term's slots stay ascending
            new_d = np.fromiter((s for s, _ in tail), np.int64, len(tail))
            new_tf = np.fromiter((f for _, f in tail), np.float64, len(tail))
            d, tf = np.concatenate((d, new_d)), np.concatenate((tf, new_tf))
            if current:
                g = np.concatenate((g, self._g(new_d, new_tf)))
        if patch is not None and current:
            d, g, tf = patched((d, g, tf), {s: None if f is None else (f * g_of / (f + float(norm[s])), f)
                                            for s, f in patch.items()})
        elif patch is not None:
            d, tf = patched((d, tf), {s: None if f is None else (f,) for s, f in patch.items()})
        if not current:
            g = self._g(d, tf)
        return d, g, tf, self._norms_made

    def _term_tf(self, tid: int) -> tuple[np.ndarray, np.ndarray]:
        """(slots ascending, tf) of one term computed from the postings (both segments); tf is a new array."""
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
            return _EMPTY_I, _EMPTY_F.copy()
        if len(docs_parts) == 1:
            d, tf = docs_parts[0], tf_parts[0]
            if self._base_clean and not post:  # a view of the base postings: the kept tf is patched in place
                tf = tf.copy()
        else:
            d, tf = np.concatenate(docs_parts), np.concatenate(tf_parts)
            if docs_parts[0].shape[0] and docs_parts[0][-1] > docs_parts[1][0]:  # a replaced slot among the base's
                order = np.argsort(d, kind="stable")
                d, tf = d[order], tf[order]
        return d, tf

    def _term_g(self, tid: int) -> tuple[np.ndarray, np.ndarray]:
        """(slots ascending, g) of one term computed from the postings (both segments)."""
        d, tf = self._term_tf(tid)
        return d, self._g(d, tf)

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
