"""BM25 (Okapi) scored through an inverted index.

``rank_bm25.BM25Okapi`` computes the statistics (idf with its epsilon floor,
document lengths, average length) with the usual defaults k1=1.5, b=0.75,
epsilon=0.25. Its ``get_scores`` then walks every document for every query
term, O(documents × query terms) in Python. Here each term instead holds a
posting list — numpy arrays of the documents containing it and of its
precomputed score contribution in each:

    w(t, d) = idf(t) · tf(t, d) · (k1 + 1) / (tf(t, d) + k1 · (1 − b + b · |d| / avgdl))

so a query costs O(postings of its terms) and the score of a document is the
sum of ``w`` over the query terms it contains (a term repeated in the query
counts again, as in ``get_scores``). Scores equal ``BM25Okapi.get_scores``
except for ``min_idf`` below.

``min_idf``: rank_bm25 replaces a negative idf (a term in more than half of
the documents) by ``epsilon × average idf``. In a tiny corpus the average is
itself negative — with a single document every idf is — and a matching
document would score below a non-matching one. Any idf under ``min_idf`` is
therefore raised to it (default 0.001; this changes nothing in a corpus whose
average idf is above 0.004). ``min_idf=None`` keeps rank_bm25's values as
they are.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from rank_bm25 import BM25Okapi

__all__ = ["BM25Index", "ranked_candidates", "ranked_dense", "top_k_indices", "top_positive"]

_EMPTY_I = np.empty(0, dtype=np.int64)
_EMPTY_F = np.empty(0, dtype=np.float64)
_SORT_UP_TO = 1024  # top_k_indices sorts arrays up to this long whole (fused candidates: a few hundred)


def top_k_indices(scores: np.ndarray, k: int) -> np.ndarray:
    """Return the positions of the ``k`` largest ``scores``, best first.

    Ties are broken by position (lower first), so results are deterministic.

    Args:
        scores: shape (n,) floats.
        k: how many (clipped to n).

    Returns:
        Shape (min(k, n),) int64 positions into ``scores``.
    """
    n = scores.shape[0]
    k = min(k, n)
    if k <= 0:
        return _EMPTY_I
    if n <= _SORT_UP_TO:  # a short array: one stable sort (ties keep position order) beats partitioning
        return np.argsort(-scores, kind="stable")[:k]
    part = np.arange(n) if k >= n else np.argpartition(-scores, k - 1)[:k]
    if k < n:  # take every tie of the k-th score, then cut after sorting by position
        kth = scores[part].min()
        part = np.flatnonzero(scores >= kth)
    order = np.lexsort((part, -scores[part]))
    return part[order][:k].astype(np.int64)


def top_positive(scores: np.ndarray, k: int) -> np.ndarray:
    """Return the positions of the ``k`` largest positive ``scores``, best first.

    Like ``top_k_indices`` restricted to scores above 0 (ties to the lower
    position), without sorting the zeros of a mostly empty array.

    Args:
        scores: shape (n,) floats, >= 0.
        k: how many at most (>= 1).

    Returns:
        Shape (m,) int64 positions, m <= min(k, number of positive scores).
    """
    n = scores.shape[0]
    if k < n:
        kth = np.partition(scores, n - k)[n - k]  # the k-th largest value (no index array: half the cost)
        if kth > 0:  # every returned score is positive: take all ties of the k-th, order, cut
            part = np.flatnonzero(scores >= kth)  # ascending, so a stable sort breaks ties to the lower position
            return part[np.argsort(-scores[part], kind="stable")[:k]]
    idx = np.flatnonzero(scores)  # at most k positive scores: all of them
    return idx[np.argsort(-scores[idx], kind="stable")]


def ranked_candidates(idx: np.ndarray, sc: np.ndarray, depth: int,
                      mask: np.ndarray | None) -> tuple[np.ndarray, None]:
    """The best ``depth`` of candidate documents ``idx`` scored ``sc`` (both shape (m,)), best first, those
    ``mask`` (shape (n_docs,), bool; None: all) leaves out dropped: the sparse tail of ``ranked_scored``."""
    if mask is not None:
        keep = mask[idx]
        idx, sc = idx[keep], sc[keep]
    return idx[top_k_indices(sc, depth)], None


def ranked_dense(docs: np.ndarray, weights: np.ndarray, n_docs: int, depth: int,
                 mask: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """Postings ``docs`` with their ``weights`` (shape (p,)) summed per document into a dense score array
    (shape (n_docs,), times ``mask``), and its best ``depth`` positive positions: the dense tail of
    ``ranked_scored``."""
    scores = np.bincount(docs, weights=weights, minlength=n_docs)
    if mask is not None:
        scores *= mask
    return top_positive(scores, depth), scores


class BM25Index:
    """A BM25 index over documents given as token lists.

    Args:
        corpus: one token list per document; document i is index i.
        k1, b, epsilon: BM25Okapi parameters (same defaults).
        min_idf: floor for idf values (see the module docstring); None for none.

    Attributes:
        n_docs: number of documents.
        avgdl: average document length in tokens (0.0 for an empty corpus).
        idf: term → idf after rank_bm25's epsilon step and ``min_idf``.

    Postings are kept in CSR form (one array of document indices and one of
    precomputed weights, sliced per term). A query with few postings merges
    them sparsely (sort, O(m log m)); one whose postings exceed 1/16 of the
    corpus accumulates into a dense array instead (``np.bincount``), which is
    cheaper then. Either way a document's terms are summed in query order,
    so both give the same floats.
    """

    def __init__(self, corpus: Sequence[Sequence[str]], k1: float = 1.5, b: float = 0.75,
                 epsilon: float = 0.25, min_idf: float | None = 0.001) -> None:
        self.k1, self.b, self.epsilon = k1, b, epsilon
        self.n_docs = len(corpus)
        self.doc_len = np.fromiter((len(d) for d in corpus), dtype=np.int64, count=self.n_docs)
        self.idf: dict[str, float] = {}
        self.avgdl = 0.0
        self._term_of: dict[str, int] = {}
        if not self.doc_len.any():  # empty corpus or no terms at all: nothing can match
            return
        okapi = BM25Okapi(corpus, k1=k1, b=b, epsilon=epsilon)
        self.avgdl = float(okapi.avgdl)
        self.idf = dict(okapi.idf)
        if min_idf is not None:
            self.idf = {t: max(v, min_idf) for t, v in self.idf.items()}
        # Postings in CSR form: the entries of term id t are [offsets[t], offsets[t + 1]).
        term_of: dict[str, int] = {}
        term_ids: list[int] = []
        doc_ids: list[int] = []
        tfs: list[int] = []
        for i, freqs in enumerate(okapi.doc_freqs):
            term_ids.extend(term_of.setdefault(t, len(term_of)) for t in freqs)
            doc_ids.extend([i] * len(freqs))
            tfs.extend(freqs.values())
        terms = np.array(term_ids, dtype=np.int64)
        order = np.argsort(terms, kind="stable")  # stable: documents stay ascending within a term
        d = np.array(doc_ids, dtype=np.int64)[order]
        tf = np.array(tfs, dtype=np.float64)[order]
        idf = np.array([self.idf[t] for t in term_of], dtype=np.float64)
        norm = k1 * (1 - b + b * self.doc_len / self.avgdl)  # shape (n_docs,)
        self._docs = d
        self._weights = idf[terms[order]] * tf * (k1 + 1) / (tf + norm[d])
        self._offsets = np.concatenate(([0], np.cumsum(np.bincount(terms, minlength=len(term_of)))))
        self._term_of = term_of
        self._starts: list[int] = self._offsets.tolist()
        # every weight above 0 (always, with the min_idf floor): a document then
        # contains a query term exactly when its score is above 0
        self._positive = bool((self._weights > 0).all())

    def __len__(self) -> int:
        """Number of documents."""
        return self.n_docs

    def candidates(self, query_tokens: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """Score the documents that contain at least one query term.

        Args:
            query_tokens: query terms (as from ``tokenize``); unknown terms add nothing.

        Returns:
            (indices, scores): shape (m,) int64 document indices, ascending,
            and shape (m,) float64 BM25 scores; m is at most the total
            postings of the query terms. Empty arrays when nothing matches.
        """
        spans = self._spans(query_tokens)
        if not spans:
            return _EMPTY_I, _EMPTY_F
        if len(spans) == 1:
            (lo, hi, c), = spans
            return self._docs[lo:hi], self._weights[lo:hi] * c
        total = sum(hi - lo for lo, hi, _ in spans)
        if total * 16 < self.n_docs:  # few postings: merge them sparsely, O(m log m)
            docs = np.concatenate([self._docs[lo:hi] for lo, hi, _ in spans])
            weights = np.concatenate([self._weights[lo:hi] * c for lo, hi, c in spans])
            uniq, inverse = np.unique(docs, return_inverse=True)
            return uniq, np.bincount(inverse, weights=weights, minlength=uniq.shape[0])
        scores = np.zeros(self.n_docs)  # many postings: a dense pass is cheaper than sorting them
        hit = np.zeros(self.n_docs, dtype=bool)
        for lo, hi, c in spans:
            d = self._docs[lo:hi]
            scores[d] += self._weights[lo:hi] * c  # a term lists each document once
            hit[d] = True
        idx = np.flatnonzero(hit)
        return idx, scores[idx]

    def _spans(self, query_tokens: Sequence[str]) -> list[tuple[int, int, int]]:
        """(start, end, times in the query) of each known query term's postings, in query order."""
        counts: dict[int, int] = {}
        for t in query_tokens:
            tid = self._term_of.get(t)
            if tid is not None:
                counts[tid] = counts.get(tid, 0) + 1
        if not counts:
            return []
        offsets = self._starts  # plain ints: no numpy scalar per lookup
        return [(offsets[t], offsets[t + 1], c) for t, c in counts.items()]

    def ranked(self, query_tokens: Sequence[str], depth: int, mask: np.ndarray | None = None) -> np.ndarray:
        """Return the best ``depth`` documents containing a query term, best first.

        Same order as ranking ``candidates`` by score (ties to the lower
        index), but a query whose postings exceed 1/16 of the corpus is
        scored into a dense array and cut with one partition, instead of
        listing every candidate first.

        Args:
            query_tokens: query terms.
            depth: how many at most (>= 1).
            mask: optional shape (n_docs,) bool; only True documents may be returned.

        Returns:
            Shape (m,) int64 document indices, m <= depth.
        """
        return self.ranked_scored(query_tokens, depth, mask)[0]

    def ranked_scored(self, query_tokens: Sequence[str], depth: int,
                      mask: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray | None]:
        """``ranked``, and the dense score array when one was built (else None).

        The array (shape (n_docs,), 0.0 for masked documents and documents
        without a query term) gives any document's score without
        ``scores_of``.
        """
        spans = self._spans(query_tokens)
        if not spans:
            return _EMPTY_I, None
        if not self._positive or sum(hi - lo for lo, hi, _ in spans) * 16 < self.n_docs:
            idx, sc = self.candidates(query_tokens)
            return ranked_candidates(idx, sc, depth, mask)
        w = self._weights
        if len(spans) == 1:
            (lo, hi, c), = spans
            docs, weights = self._docs[lo:hi], (w[lo:hi] if c == 1 else w[lo:hi] * c)
        else:
            docs = np.concatenate([self._docs[lo:hi] for lo, hi, _ in spans])
            weights = np.concatenate([w[lo:hi] if c == 1 else w[lo:hi] * c for lo, hi, c in spans])
        return ranked_dense(docs, weights, self.n_docs, depth, mask)

    def scores_of(self, query_tokens: Sequence[str], docs: np.ndarray) -> np.ndarray:
        """Return the BM25 scores of ``docs`` only (shape like ``docs``; 0.0 without a query term)."""
        out = np.zeros(docs.shape[0])
        for lo, hi, c in self._spans(query_tokens):
            postings = self._docs[lo:hi]
            at = np.minimum(np.searchsorted(postings, docs), hi - lo - 1)
            found = postings[at] == docs
            out[found] += self._weights[lo:hi][at[found]] * c
        return out

    def get_scores(self, query_tokens: Sequence[str]) -> np.ndarray:
        """Return every document's score, like ``BM25Okapi.get_scores``.

        Returns:
            Shape (n_docs,) float64; 0.0 for documents without a query term.
        """
        scores = np.zeros(self.n_docs)
        idx, sc = self.candidates(query_tokens)
        scores[idx] = sc
        return scores

    def top_k(self, query_tokens: Sequence[str], k: int,
              mask: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Return the best ``k`` matching documents, best first.

        Only documents containing a query term are returned, so fewer than
        ``k`` may come back. Ties go to the lower index.

        Args:
            query_tokens: query terms.
            k: how many at most (>= 1).
            mask: optional shape (n_docs,) bool; only True documents may be returned.

        Returns:
            (indices, scores): shape (m,) int64 and float64, m <= k.
        """
        idx, sc = self.candidates(query_tokens)
        if mask is not None and idx.shape[0]:
            keep = mask[idx]
            idx, sc = idx[keep], sc[keep]
        best = top_k_indices(sc, k)
        return idx[best], sc[best]
