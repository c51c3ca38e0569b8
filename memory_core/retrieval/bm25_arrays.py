"""The array functions of ``LiveBM25``: postings layout, per-term counts, and Okapi statistics over counted documents.

``LiveBM25`` keeps the state of an index changed in place; the pure numpy
work it repeats lives here: ``csr`` (postings sorted by term, with offsets),
``grown`` (a per-term count array made long enough for new term ids),
``delta_entry_bytes`` (the append segment's memory estimate) and
``okapi_stats`` (idf, average length and length norms).

**Documents set aside.** An index keeps, per term, how many live documents
hold it and how many of those are set aside: scored but not counted in the
statistics (the recall index sets summaries aside, so a recap's copy of a
fact's words changes no specific question's idf, N or average length: a
summary written by maintenance reordered the answers to a specific
question). ``okapi_stats`` computes rank_bm25's BM25Okapi idf
(``log(N − df + 0.5) − log(df + 0.5)``, a negative value replaced by
``epsilon`` times the mean, then the ``min_idf`` floor of
``bm25.BM25Index``) over the counted documents; a term only documents set
aside hold gets the idf of a term no counted document holds (df = 0), so a
summary is still found by its own words. When no counted document has a
term, every live document is counted.
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["HeldStats", "csr", "delta_entry_bytes", "grown", "grown_float", "okapi_idf", "okapi_stats"]

#: What an idf is computed from besides a term's own counts: (N, ``epsilon`` × mean idf, every live document
#: counted), kept by ``LiveBM25`` between refreshes (``okapi_idf``).
HeldStats = tuple[int, float, bool]


def delta_entry_bytes(tids: np.ndarray) -> int:
    """Estimated bytes of one document in the append segment: its arrays and ~100 per posting by term."""
    return 2 * tids.nbytes + 200 + 100 * tids.shape[0]


def grown(counts: np.ndarray, size: int) -> np.ndarray:
    """``counts`` (per term, int64) with zeros appended up to ``size`` entries when shorter (half again at least)."""
    short = size - counts.shape[0]
    return counts if short <= 0 else np.concatenate((counts, np.zeros(max(short, counts.shape[0] // 2), np.int64)))


def grown_float(values: np.ndarray, size: int) -> np.ndarray:
    """``values`` (per term, float64) with zeros appended up to ``size`` entries when shorter (half again at least)."""
    short = size - values.shape[0]
    return values if short <= 0 else np.concatenate((values, np.zeros(max(short, values.shape[0] // 2))))


def csr(keys: np.ndarray, values: list[np.ndarray], size: int,
        order_by: np.ndarray) -> tuple[list[np.ndarray], list[int]]:
    """Sort ``values`` by (``keys``, ``order_by``); return them and the offsets of each key 0..size-1."""
    order = np.lexsort((order_by, keys))
    offsets = np.concatenate(([0], np.cumsum(np.bincount(keys, minlength=size)))).astype(np.int64)
    return [v[order] for v in values], offsets.tolist()


def okapi_stats(held: np.ndarray, held_aside: np.ndarray, docs: tuple[int, int], lengths: tuple[int, int],
                doc_len: np.ndarray, k1: float, b: float, epsilon: float,
                min_idf: float | None) -> tuple[np.ndarray, float, np.ndarray, HeldStats | None]:
    """Okapi statistics over the counted documents (module docstring).

    Args:
        held: shape (terms,) int64, live documents holding each term; ``held_aside``: those of them set aside.
        docs: (live documents, of them set aside); ``lengths``: (their total length, of it set aside), tokens.
        doc_len: shape (slots,) int64 document lengths (0 for a dead slot).
        k1, b, epsilon, min_idf: as ``LiveBM25``.

    Returns:
        (idf shape (terms,), 0.0 for a term no live document holds; avgdl in tokens, 0.0 when no document has
        a term; per-slot norm ``k1 · (1 − b + b · len / avgdl)`` shape (slots,); the ``HeldStats`` an idf was
        computed from, None when no document has a term).
    """
    n, total, df, whole = docs[0] - docs[1], lengths[0] - lengths[1], held - held_aside, False
    if not total:  # no counted document has a term: every live document is counted
        n, total, df, whole = docs[0], lengths[0], held, True
    if not total:  # no live document has a term: nothing can match
        return np.zeros(held.shape[0]), 0.0, np.zeros(doc_len.shape[0]), None
    idf = np.zeros(held.shape[0])
    counted = df > 0
    values, exact_sum = _raw_idf(df[counted], n)
    average = exact_sum / values.shape[0]  # exact sum: the same whatever the term order
    values[values < 0] = epsilon * average
    idf[counted] = values
    present = held > 0
    idf[present & ~counted] = math.log(n + 0.5) - math.log(0.5)
    if min_idf is not None:
        idf[present] = np.maximum(idf[present], min_idf)
    avgdl = total / n
    norm = np.multiply(doc_len, b, dtype=np.float64)  # k1 · (1 − b + b · len / avgdl), one array, the same floats
    np.divide(norm, avgdl, out=norm)
    np.add(norm, 1 - b, out=norm)
    np.multiply(norm, k1, out=norm)
    return idf, avgdl, norm, (n, epsilon * average, whole)


#: Veltkamp's splitting factor for float64 (2**27 + 1): a value splits into two halves of at most 26 bits each.
_SPLIT = 134217729.0


def _raw_idf(df: np.ndarray, n: int) -> tuple[np.ndarray, float]:
    """``log(n − df + 0.5) − log(df + 0.5)`` per entry of ``df`` (int64, each in 1..n) and ``math.fsum`` of them.

    A refresh computes this over the whole vocabulary; the logs and the exact sum were most of its CPU
    (~4.7 of 6.2 ms at 40,000 terms). Terms share few distinct counts, so each distinct df's value is
    computed once (the same float a per-term computation gives it: the same operations on the same
    inputs) and gathered per term; the exact sum is that of count × value per distinct df, each product
    split exactly into two floats (Veltkamp: 26-bit halves times a count below 2**26), and ``math.fsum``
    rounds the exact total once: the same float as ``math.fsum`` over the per-term values. A small
    vocabulary beside a wide range of counts (a pass over the range would cost more) is computed per term.

    Returns:
        (values shape like ``df`` float64, their exactly rounded sum).
    """
    if df.shape[0] < 1024 or int(df.max()) > 8 * df.shape[0]:  # few terms against the counts' range: per term
        values = np.log(n - df + 0.5) - np.log(df + 0.5)
        return values, math.fsum(values.tolist())
    count = np.bincount(df)
    ds = np.flatnonzero(count)
    per_d = np.log(n - ds + 0.5) - np.log(ds + 0.5)
    by_d = np.zeros(count.shape[0])
    by_d[ds] = per_d
    values = by_d[df]
    times = count[ds]
    if times.shape[0] and int(times.max()) >= 1 << 26:  # a product could round: sum term by term
        return values, math.fsum(values.tolist())
    scaled = per_d * _SPLIT
    high = scaled - (scaled - per_d)
    low = per_d - high
    return values, math.fsum(np.concatenate((high * times, low * times)).tolist())


def okapi_idf(tids: np.ndarray, held: np.ndarray, held_aside: np.ndarray, stats: HeldStats,
              min_idf: float | None) -> np.ndarray:
    """The idf of the terms ``tids`` from their own counts and held ``stats`` (as ``okapi_stats`` computes it).

    With the N and mean of the last ``okapi_stats`` (``stats``), a term's idf equals that pass's for the
    same counts; ``LiveBM25`` recomputes only the terms whose counts changed since. A count over the held
    N (documents added since) gives a negative raw idf, replaced by the held floor as any other.

    Args:
        tids: shape (m,) term ids; held, held_aside: as ``okapi_stats``; min_idf: as ``LiveBM25``.

    Returns:
        Shape (m,) float64.
    """
    n, floor, whole = stats
    present_df = held[tids]
    df = present_df if whole else present_df - held_aside[tids]
    idf = np.zeros(tids.shape[0])
    counted = df > 0
    values = np.log(np.maximum(n - df[counted] + 0.5, 0.5)) - np.log(df[counted] + 0.5)
    values[values < 0] = floor
    idf[counted] = values
    present = present_df > 0
    idf[present & ~counted] = math.log(n + 0.5) - math.log(0.5)
    if min_idf is not None:
        idf[present] = np.maximum(idf[present], min_idf)
    return idf
