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

The counts are exact at all times: the document frequency of every term,
the number of documents and the total length are updated by each change (a
removed document's terms are taken out). What an idf and a length norm are
computed from besides a term's own count, N and avgdl (and the mean idf of
rank_bm25's epsilon floor), is **held** from one refresh to the next, as
Lucene scores with its segment's statistics: a change recomputes the idf of
the terms whose counts it moved (``bm25_arrays.okapi_idf``) and the length
norms of its own slots, nothing else. Every other term's weights, and the
slots and ``g`` kept for them, stay valid, so the first query after a write
costs what a warm one does (measured: re-weighting every query term after each
change, and recomputing idf and norms over the whole vocabulary and every
slot, were most of the extra CPU of the first recall after a write).

**The bound**: a refresh (the exact statistics over every term and slot, as
a fresh build computes them) happens when the documents set or removed since
the last one exceed ``N / HELD_DRIFT`` (1/128 of the live documents then),
when the live average length leaves ``avgdl / HELD_DRIFT`` of the held one,
when the first or last counted document with a term comes or goes, and on
every ``build`` and ``compact``. So N is off by at most 1/128 (an idf by
~0.008 nats for a rare term), avgdl by at most 1/128, and an index of fewer
than 128 documents refreshes on every change (exact, as before). A refresh
keeps the kept postings (a term's slots and tf are its documents', whatever
the statistics): each term's ``g`` is recomputed from them when it is next
asked, one vectorised pass, where dropping them made the query after a
refresh read each of its terms' postings from the segments again. Measured on
LoCoMo's conversations with half of each user's items applied one at a time
(``ops/bench/bench_held_stats.py``): R@10 0.770 held and exact, the same
top-10 for 94 % of the questions (87 % at 1/32, 53 % at 1/8: the order of
near ties). Between refreshes a document's
score depends on the index's history within that bound; right after one, an
index changed step by step and one built fresh from the final documents agree
exactly (tested), and agree with ``BM25Index`` to the last few bits (it
multiplies in another order). Term weights are computed per query as
``idf · tf · (k1 + 1) / (tf + norm)`` (the right-hand factor kept per term,
``live_scoring``). ``compact``
folds the append segment into the base and drops dead slots; beyond the
refresh it makes, it only makes queries cheaper, never changes a score.

A slot is a position shared by every per-document array of the caller (the
recall index keeps items, filters, a dense matrix … by the same slot): new
documents take the next slots, a replaced document keeps its slot, a
removed slot stays dead until ``compact`` renumbers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from itertools import count, filterfalse
from types import MappingProxyType

import numpy as np

from memory_core.retrieval.bm25_arrays import (
    HeldStats,
    csr,
    delta_entry_bytes,
    grown,
    grown_float,
    okapi_idf,
    okapi_stats,
)
from memory_core.retrieval.lazy import LazyAttributes
from memory_core.retrieval.live_scoring import LiveScoring
from memory_core.retrieval.spare_room import lengthened

__all__ = ["HELD_DRIFT", "LiveBM25", "csr"]

_EMPTY_I = np.empty(0, dtype=np.int64)
_EMPTY_F = np.empty(0, dtype=np.float64)
#: N and avgdl are held until the documents set or removed since the last refresh exceed 1/HELD_DRIFT of N
#: (or the live average length leaves 1/HELD_DRIFT of the held one): see the module docstring.
HELD_DRIFT = 128


class LiveBM25(LiveScoring, LazyAttributes):
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

    _held: HeldStats | None = None  # N, epsilon · mean idf and mode of the last refresh (None: refresh next change)
    _drift = 0  # documents set or removed since the last refresh
    _norms_made = 0  # refreshes so far: a kept term's ``g`` made before the last one is recomputed (``live_scoring``)
    _spare: Mapping[str, object] = MappingProxyType({})  # buffers of ``spare_room.lengthened`` once grown

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
        self._cache: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray, int]] = {}  # term id → (slots, g, tf, made)
        self._tail: dict[int, list[tuple[int, float]]] = {}  # term id → new (slot, tf) not yet joined to its _cache
        self._patch: dict[int, dict[int, float | None]] = {}  # term id → slot → new tf (None: gone), not yet joined

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
        """Set, replace or remove documents; counts exact, N and avgdl held within a bound (module docstring).

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
        first_new = self.n_docs
        if top >= self.n_docs:  # views of buffers with room to spare: no copy of each array per new slot
            n = top + 1
            self.doc_len = lengthened(self, "doc_len", self.doc_len, n)
            self.alive, self.aside, self._base_ok = (lengthened(self, name, getattr(self, name), n, False)
                                                     for name in ("alive", "aside", "_base_ok"))
            self.n_docs = n
        term_of = self._term_of
        touched: list[np.ndarray] = []  # term ids whose postings changed other than by a new slot at the end
        appended: list[tuple[int, np.ndarray, np.ndarray]] = []
        replaced: list[tuple[int, np.ndarray | None, np.ndarray | None, np.ndarray | None]] = []
        for slot, tokens in docs.items():
            dropped = self._drop(slot)
            if dropped is not None:
                touched.append(dropped)
            if tokens is None:
                if dropped is not None:
                    replaced.append((slot, dropped, None, None))
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
            if slot >= first_new:
                appended.append((slot, tids, tfs))
            else:
                touched.append(tids)
                replaced.append((slot, dropped, tids, tfs))
        self._drift += len(docs)
        self._keep_postings(appended, replaced)
        if not self._held_still():
            self._restat()
            return
        self._update_stats(np.fromiter(docs, dtype=np.int64, count=len(docs)), touched, appended)

    def _held_still(self) -> bool:
        """True while N and avgdl may stay held: ``HELD_DRIFT``'s bound on changes and length, the same mode."""
        held = self._held
        if held is None:
            return False
        n, _, whole = held
        counted, total = self.n_live - self._n_aside, self._total - self._total_aside
        if whole != (not total):  # the first or the last counted document with a term
            return False
        if whole:
            counted, total = self.n_live, self._total
        return (self._drift <= n // HELD_DRIFT and counted > 0
                and abs(total / counted - self.avgdl) * HELD_DRIFT <= self.avgdl)

    def _update_stats(self, slots: np.ndarray, touched: list[np.ndarray],
                      appended: list[tuple[int, np.ndarray, np.ndarray]]) -> None:
        """Held N and avgdl: the idf of the terms whose counts changed, the length norm of ``slots``."""
        assert self._held is not None
        n_terms = len(self._term_of)
        self._df, self._df_aside = grown(self._df, n_terms), grown(self._df_aside, n_terms)
        parts = [*touched, *(t for _, t, _ in appended)]  # (a term twice gets the same idf twice)
        changed = (parts[0] if len(parts) == 1 else np.concatenate(parts)) if parts else _EMPTY_I
        self._idf = grown_float(self._idf, n_terms)
        self._idf[changed] = okapi_idf(changed, self._df, self._df_aside, self._held, self.min_idf)
        self._norm = lengthened(self, "_norm", self._norm, self.n_docs)
        self._norm[slots] = self.k1 * (1 - self.b + self.b * self.doc_len[slots] / self.avgdl)

    def _keep_postings(self, appended: list[tuple[int, np.ndarray, np.ndarray]],
                       replaced: Sequence[tuple[int, np.ndarray | None, np.ndarray | None, np.ndarray | None]]
                       ) -> None:
        """A change's entries for the kept postings of the terms it touched: a new slot at the end to the term's
        tail, a replaced or removed slot's entry to its patch (``replaced``: slot, old term ids, new term ids and
        tfs), both joined when the term is next asked (``live_scoring``). Term frequencies, not weights: they
        hold across a refresh of the statistics, which keeps the postings too.

        (Dropping a touched term's postings instead made the first query after a change that re-indexed an
        item's turn window rebuild every touched query term's postings: O(documents holding it) each, the
        largest part of a 100,000-item user's first recall after a write; dropping every kept posting at a
        refresh made the query after it rebuild each of its terms.)"""
        cache = self._cache
        if not cache:
            return
        tail, patch = self._tail, self._patch
        for slot, old, tids, tfs in replaced:  # in change order: a slot's last entry wins
            if old is not None:
                for tid in old.tolist():
                    if tid in cache:
                        patch.setdefault(tid, {})[slot] = None
            if tids is not None and tfs is not None:
                for tid, tf in zip(tids.tolist(), tfs.tolist(), strict=True):
                    if tid in cache:
                        patch.setdefault(tid, {})[slot] = tf
        for slot, tids, tfs in sorted(appended, key=lambda a: a[0]):
            for tid, tf in zip(tids.tolist(), tfs.tolist(), strict=True):
                if tid in cache:  # joined to the kept arrays when the term is next asked (``_postings``)
                    tail.setdefault(tid, []).append((slot, tf))

    def _drop(self, slot: int) -> np.ndarray | None:
        """Take a live document's terms out of the statistics and postings (a tombstone in the base); its terms."""
        if not self.alive[slot]:
            return None
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
        return tids

    def _base_terms(self, slot: int) -> np.ndarray:  # (a loaded index scans its postings: ``snapshot_columns``)
        return self._d_terms[self._d_starts[slot]:self._d_starts[slot + 1]]

    def refresh(self) -> None:
        """Compute N, avgdl, every idf and every length norm exactly now, as a fresh build of the same documents
        would (the statistics are otherwise held between refreshes: module docstring)."""
        self._restat()

    def _restat(self) -> None:
        """Recompute avgdl, idf and length norms over the counted documents (``bm25_arrays.okapi_stats``);
        what they were computed from is held until the next refresh. Kept postings stay (their slots and tf
        are the documents'); their ``g`` is recomputed from them when each term is next asked."""
        self._norms_made += 1
        self._drift = 0
        n_terms = len(self._term_of)  # ids handed out by term_id without a document yet
        self._df, self._df_aside = grown(self._df, n_terms), grown(self._df_aside, n_terms)
        self._idf, self.avgdl, self._norm, self._held = okapi_stats(
            self._df[:n_terms], self._df_aside[:n_terms], (self.n_live, self._n_aside),
            (self._total, self._total_aside), self.doc_len, self.k1, self.b, self.epsilon, self.min_idf)

    def compact(self) -> np.ndarray:
        """Fold the append segment into the base and drop dead slots (scores do not change).

        Returns:
            Shape (old n_docs,) int64: each old slot's new slot, -1 for a dropped one.
            The caller renumbers its own per-slot arrays with it.
        """
        self.__dict__.pop("_spare", None)  # the arrays below are new: no buffer of the old ones kept
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
        self._cache, self._tail, self._patch = {}, {}, {}  # kept by the old slot numbers
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
