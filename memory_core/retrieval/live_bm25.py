"""BM25 (Okapi) over numbered document slots that can be added, replaced and removed in place.

``bm25.BM25Index`` is built once from a corpus; a user's index built that
way had to be rebuilt whole after every write. ``LiveBM25`` keeps the same
scores (Okapi with rank_bm25's defaults k1=1.5, b=0.75, epsilon=0.25 and the
``min_idf`` floor, see ``bm25``) while documents change:

- **base segment**: postings in CSR form (document slots and term frequencies
  per term), built in bulk by ``build`` or ``compact``;
- **append segment**: the postings of documents set since, by term
  (term → {slot: tf}), changed per document (rebuilding it whole on every
  change cost O(segment) each time: a lexsort of ~25,000 postings per change
  at 10,000 items just before a compaction);
- **tombstones**: a replaced or removed document's base postings are masked
  by a per-slot flag, never rewritten.

The statistics are exact at all times, not approximated: the document
frequency of every term, the number of documents and the total length are
updated by each change (a removed document's terms are taken out), and the
idf vector and per-document length norms are recomputed from them (O(terms +
documents) numpy passes per change, none per query). Term weights are
computed per query as ``idf · tf · (k1 + 1) / (tf + norm)`` (the right-hand
factor kept per term until the next change), so a document scores the same
floats whatever the history of the index: an index changed step by step and
one built fresh from the final documents agree exactly (tested), and agree
with ``BM25Index`` to the last few bits (it multiplies in another order). ``compact``
folds the append segment into the base and drops dead slots; it only makes
queries cheaper, never changes a score.

A slot is a position shared by every per-document array of the caller (the
recall index keeps items, filters, a dense matrix … by the same slot): new
documents take the next slots, a replaced document keeps its slot, a
removed slot stays dead until ``compact`` renumbers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from itertools import count, filterfalse

import numpy as np

from memory_core.retrieval.bm25 import top_k_indices, top_positive
from memory_core.retrieval.bm25_arrays import csr, delta_entry_bytes, grown, okapi_stats
from memory_core.retrieval.lazy import LazyAttributes

__all__ = ["LiveBM25", "csr"]

_EMPTY_I = np.empty(0, dtype=np.int64)
_EMPTY_F = np.empty(0, dtype=np.float64)
_CACHED_TERMS = 512  # terms whose slots and length-normalised tf are kept between changes


class LiveBM25(LazyAttributes):
    """A BM25 index over document slots 0..n_docs-1, changed in place by ``set_docs``.

    Args:
        k1, b, epsilon: BM25Okapi parameters (rank_bm25's defaults).
        min_idf: floor for idf values (as ``bm25.BM25Index``); None for none.

    Attributes:
        n_docs: number of slots (live and dead).
        n_live: number of live documents (the N of the idf).
        avgdl: average live document length in tokens (0.0 when no document has a term).
        doc_len: shape (n_docs,) int64 lengths (0 for a dead slot).
        alive: shape (n_docs,) bool, True for a live document.
        aside: shape (n_docs,) bool, True for a live document scored but not counted in the statistics
            (df, N, avgdl: ``bm25_arrays``); the recall index sets summaries aside.
    """

    def __init__(self, k1: float = 1.5, b: float = 0.75, epsilon: float = 0.25,
                 min_idf: float | None = 0.001) -> None:
        self.k1, self.b, self.epsilon, self.min_idf = k1, b, epsilon, min_idf
        self.n_docs = self.n_live = 0
        self.avgdl = 0.0
        self.doc_len = _EMPTY_I.copy()
        self.alive = np.zeros(0, dtype=bool)
        self._total = 0
        self.aside = np.zeros(0, dtype=bool)
        self._df_aside = _EMPTY_I.copy()  # per term: documents set aside holding it (``_df`` counts every one)
        self._n_aside = self._total_aside = 0
        self._term_of: dict[str, int] = {}
        self._terms: list[str] = []  # id → term, filled lazily
        self._df = _EMPTY_I.copy()
        self._idf = _EMPTY_F.copy()
        self._norm = _EMPTY_F.copy()
        # base segment: term-major postings and, for removal, document-major terms
        self._b_docs, self._b_tf, self._b_starts = _EMPTY_I, _EMPTY_F, [0]
        self._d_terms, self._d_tf, self._d_starts = _EMPTY_I, _EMPTY_F, [0]
        self._base_ok = np.zeros(0, dtype=bool)  # slot's base postings are its current document
        self._base_clean = True  # every base posting is current (no tombstone)
        self.tombstones = 0  # base slots whose postings are masked (replaced or removed documents)
        # append segment: slot → (term ids, tfs), and term id → {slot: tf} kept with it
        self._delta: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self._x_post: dict[int, dict[int, float]] = {}
        self._delta_bytes = 0  # estimated bytes of the append segment (see nbytes)
        self._cache: dict[int, tuple[np.ndarray, np.ndarray]] = {}  # term id → (slots, g), until a change

    # ── building and changing ──────────────────────────────────────────

    @classmethod
    def build(cls, corpus: Sequence[Sequence[str] | None], aside: Collection[int] = (),
              **params: float | None) -> LiveBM25:
        """Index ``corpus`` (document i in slot i; None for a dead slot) in one bulk pass.

        Args:
            corpus: token lists; an empty list is a live document without terms.
            aside: slots whose documents are scored but not counted in the statistics.
            params: ``k1``, ``b``, ``epsilon``, ``min_idf`` as in the constructor.
        """
        index = cls(**params)  # type: ignore[arg-type]
        index._bulk(corpus, aside)
        return index

    def _bulk(self, corpus: Sequence[Sequence[str] | None], aside: Collection[int]) -> None:
        term_of = self._term_of
        n = len(corpus)
        term_ids: list[int] = []
        tfs: list[int] = []
        counts = np.zeros(n, dtype=np.int64)
        lengths = np.zeros(n, dtype=np.int64)
        alive = np.zeros(n, dtype=bool)
        for i, doc in enumerate(corpus):
            if doc is None:
                continue
            alive[i] = True
            lengths[i] = len(doc)
            freqs = Counter(doc)
            counts[i] = len(freqs)
            term_ids.extend(self.term_ids(freqs))
            tfs.extend(freqs.values())
        terms = np.array(term_ids, dtype=np.int64)
        tf = np.array(tfs, dtype=np.float64)
        docs = np.repeat(np.arange(n, dtype=np.int64), counts)
        self.n_docs = n
        self.alive, self.doc_len = alive, lengths
        self._base_ok = alive.copy()
        self._d_terms, self._d_tf = terms, tf
        self._d_starts = np.concatenate(([0], np.cumsum(counts))).astype(np.int64).tolist()
        (self._b_docs, self._b_tf), self._b_starts = csr(terms, [docs, tf], len(term_of), docs)
        self._df = np.bincount(terms, minlength=len(term_of)).astype(np.int64)
        self.n_live = int(alive.sum())
        self._total = int(lengths.sum())
        self.aside = np.zeros(n, dtype=bool)
        self.aside[list(aside)] = True
        self.aside &= alive
        self._df_aside = np.bincount(terms[self.aside[docs]], minlength=len(term_of)).astype(np.int64)
        self._n_aside, self._total_aside = int(self.aside.sum()), int(lengths[self.aside].sum())
        self._restat()

    def set_docs(self, docs: Mapping[int, Sequence[str] | None], aside: Collection[int] = ()) -> None:
        """Set, replace or remove documents; statistics are updated exactly.

        Args:
            docs: slot → token list (a new or replaced document; [] for one
                without terms) or None (remove). New slots must continue the
                numbering: n_docs, n_docs + 1, … (any order in the mapping).
            aside: slots of ``docs`` whose documents are scored but not counted in the statistics.

        Raises:
            ValueError: a slot beyond the next free one, or negative.
        """
        if not docs:
            return
        top = max(docs)
        if min(docs) < 0 or any(s not in docs for s in range(self.n_docs, top + 1)):
            raise ValueError(f"new slots must continue from {self.n_docs}; got {sorted(docs)[:8]}")
        if top >= self.n_docs:
            grow = top + 1 - self.n_docs
            self.doc_len = np.concatenate((self.doc_len, np.zeros(grow, dtype=np.int64)))
            self.alive = np.concatenate((self.alive, np.zeros(grow, dtype=bool)))
            self.aside = np.concatenate((self.aside, np.zeros(grow, dtype=bool)))
            self._base_ok = np.concatenate((self._base_ok, np.zeros(grow, dtype=bool)))
            self.n_docs = top + 1
        term_of = self._term_of
        for slot, tokens in docs.items():
            self._drop(slot)
            if tokens is None:
                continue
            freqs = Counter(tokens)
            tids = np.array(self.term_ids(freqs), dtype=np.int64)
            self._df = grown(self._df, len(term_of))
            self._df[tids] += 1
            tfs = np.fromiter(freqs.values(), dtype=np.float64, count=len(freqs))
            self._delta[slot] = (tids, tfs)
            x_post = self._x_post
            for tid, tf in zip(tids.tolist(), tfs.tolist(), strict=True):
                post = x_post.get(tid)
                if post is None:
                    post = x_post[tid] = {}
                post[slot] = tf
            self._delta_bytes += delta_entry_bytes(tids)
            self.alive[slot] = True
            self.doc_len[slot] = len(tokens)
            self.n_live += 1
            self._total += len(tokens)
            if slot in aside:
                self._df_aside = grown(self._df_aside, len(term_of))
                self._df_aside[tids] += 1
                self.aside[slot] = True
                self._n_aside, self._total_aside = self._n_aside + 1, self._total_aside + len(tokens)
        self._restat()

    def _drop(self, slot: int) -> None:
        """Take a live document's terms out of the statistics and postings (a tombstone in the base)."""
        if not self.alive[slot]:
            return
        if slot in self._delta:
            tids = self._delta.pop(slot)[0]
            self._delta_bytes -= delta_entry_bytes(tids)
            x_post = self._x_post
            for tid in tids.tolist():
                post = x_post[tid]
                del post[slot]
                if not post:
                    del x_post[tid]
        else:
            tids = self._base_terms(slot)
        if self._base_ok[slot]:
            self._base_ok[slot] = False
            self._base_clean = False
            self.tombstones += 1
        self._df[tids] -= 1
        if self.aside[slot]:
            self._df_aside[tids] -= 1
            self.aside[slot] = False
            self._n_aside, self._total_aside = self._n_aside - 1, self._total_aside - int(self.doc_len[slot])
        self.alive[slot] = False
        self.n_live -= 1
        self._total -= int(self.doc_len[slot])
        self.doc_len[slot] = 0

    def _base_terms(self, slot: int) -> np.ndarray:  # (a loaded index scans its postings: ``snapshot_columns``)
        return self._d_terms[self._d_starts[slot]:self._d_starts[slot + 1]]

    def _restat(self) -> None:
        """Recompute avgdl, idf and length norms over the counted documents (``bm25_arrays.okapi_stats``)."""
        self._cache = {}
        n_terms = len(self._term_of)  # ids handed out by term_id without a document yet
        self._df, self._df_aside = grown(self._df, n_terms), grown(self._df_aside, n_terms)
        self._idf, self.avgdl, self._norm = okapi_stats(
            self._df[:n_terms], self._df_aside[:n_terms], (self.n_live, self._n_aside),
            (self._total, self._total_aside), self.doc_len, self.k1, self.b, self.epsilon, self.min_idf)

    def compact(self) -> np.ndarray:
        """Fold the append segment into the base and drop dead slots (scores do not change).

        Returns:
            Shape (old n_docs,) int64: each old slot's new slot, -1 for a dropped one.
            The caller renumbers its own per-slot arrays with it.
        """
        keep = np.flatnonzero(self.alive)
        new_of = np.full(self.n_docs, -1, dtype=np.int64)
        new_of[keep] = np.arange(keep.shape[0])
        terms: list[np.ndarray] = []
        tfs: list[np.ndarray] = []
        counts = np.zeros(keep.shape[0], dtype=np.int64)
        d_terms, d_tf, d_starts = self._d_terms, self._d_tf, self._d_starts
        for new, old in enumerate(keep.tolist()):
            if old in self._delta:
                t, f = self._delta[old]
            else:
                lo, hi = d_starts[old], d_starts[old + 1]
                t, f = d_terms[lo:hi], d_tf[lo:hi]
            terms.append(t)
            tfs.append(f)
            counts[new] = t.shape[0]
        term = np.concatenate(terms) if terms else _EMPTY_I
        tf = np.concatenate(tfs) if tfs else _EMPTY_F
        docs = np.repeat(np.arange(keep.shape[0], dtype=np.int64), counts)
        self.n_docs = keep.shape[0]
        self.alive = np.ones(self.n_docs, dtype=bool)
        self.doc_len = self.doc_len[keep]
        self.aside = self.aside[keep]
        self._base_ok = self.alive.copy()
        self._base_clean = True
        self.tombstones = 0
        self._d_terms, self._d_tf = term, tf
        self._d_starts = np.concatenate(([0], np.cumsum(counts))).astype(np.int64).tolist()
        (self._b_docs, self._b_tf), self._b_starts = csr(term, [docs, tf], len(self._term_of), docs)
        self._delta, self._x_post, self._delta_bytes = {}, {}, 0
        self._restat()
        return new_of

    @property
    def appended(self) -> int:
        """Documents in the append segment (what ``compact`` would fold in)."""
        return len(self._delta)

    def __len__(self) -> int:
        """Number of slots (live and dead)."""
        return self.n_docs

    def nbytes(self) -> int:
        """Approximate memory held, in bytes (arrays plus ~100 bytes per vocabulary entry)."""
        arrays = (self.doc_len, self.alive, self.aside, self._df_aside, self._df, self._idf, self._norm, self._b_docs,
                  self._b_tf, self._base_ok)
        by_doc = self.__dict__.get("_d_terms") is not None  # else not read yet (a loaded snapshot): as the base
        doc_major = (self._d_terms.nbytes + self._d_tf.nbytes if by_doc else self._b_docs.nbytes + self._b_tf.nbytes)
        return (sum(a.nbytes for a in arrays) + doc_major + 8 * (len(self._b_starts) + self.size_of("_d_starts"))
                + 100 * len(self._term_of) + self._delta_bytes)

    # ── scoring ─────────────────────────────────────────────────────────

    def term_ids(self, terms: Collection[str]) -> list[int]:
        """The terms' ids in this index's vocabulary, new ones added in order (ids are never reused; ``term``)."""
        term_of = self._term_of  # (one C-level pass each: a Python call per term led a 100-item build's profile)
        term_of.update(zip(filterfalse(term_of.__contains__, terms), count(len(term_of))))
        return list(map(term_of.__getitem__, terms))

    def term(self, tid: int) -> str:
        """The term of an id from ``term_id``."""
        if len(self._terms) < len(self._term_of):
            self._terms = list(self._term_of)
        return self._terms[tid]

    def idf_of(self, term: str) -> float:
        """The term's current idf (0.0 for a term no live document holds)."""
        tid = self._term_of.get(term)
        return 0.0 if tid is None or tid >= self._idf.shape[0] else float(self._idf[tid])

    def _postings(self, tid: int, times: int) -> tuple[np.ndarray, np.ndarray]:
        """(slots ascending, weights) of one term: live base postings plus the append segment's.

        A weight is ``idf · g`` with ``g = tf · (k1 + 1) / (tf + norm)``; the
        slots and ``g`` of a term are kept until the next change (at most
        ``_CACHED_TERMS`` terms), so a warm query pays one multiplication per term.
        """
        cached = self._cache.get(tid)
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
            if mask is not None:
                keep = mask[idx]
                idx, sc = idx[keep], sc[keep]
            return idx[top_k_indices(sc, depth)], None
        docs = spans[0][0] if len(spans) == 1 else np.concatenate([d for d, _ in spans])
        weights = spans[0][1] if len(spans) == 1 else np.concatenate([w for _, w in spans])
        scores = np.bincount(docs, weights=weights, minlength=self.n_docs)
        if mask is not None:
            scores *= mask
        return top_positive(scores, depth), scores

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
