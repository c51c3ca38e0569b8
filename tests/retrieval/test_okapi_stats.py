"""``bm25_arrays.okapi_stats`` gives the floats of its plain per-term formula (the refresh computed per distinct df)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from memory_core.retrieval.bm25_arrays import okapi_stats


def _reference(held, held_aside, docs, lengths, doc_len, k1, b, epsilon, min_idf):
    # The per-term computation, as the refresh did it before it was computed per distinct df.
    n, total, df, whole = docs[0] - docs[1], lengths[0] - lengths[1], held - held_aside, False
    if not total:
        n, total, df, whole = docs[0], lengths[0], held, True
    idf = np.zeros(held.shape[0])
    counted = df > 0
    values = np.log(n - df[counted] + 0.5) - np.log(df[counted] + 0.5)
    average = math.fsum(values.tolist()) / values.shape[0]
    values[values < 0] = epsilon * average
    idf[counted] = values
    present = held > 0
    idf[present & ~counted] = math.log(n + 0.5) - math.log(0.5)
    if min_idf is not None:
        idf[present] = np.maximum(idf[present], min_idf)
    avgdl = total / n
    return idf, avgdl, np.asarray(k1 * (1 - b + b * doc_len / avgdl), dtype=np.float64), (n, epsilon * average, whole)


@pytest.mark.parametrize("seed", range(12))
def test_the_same_floats_as_the_per_term_formula(seed):
    rng = np.random.default_rng(seed)
    slots = int(rng.choice([3, 40, 500, 20_000]))
    terms = int(rng.choice([1, 7, 300, 30_000]))
    n = slots
    n_aside = min(2, slots - 1) if seed % 3 == 0 else 0  # documents set aside (summaries): not counted
    aside = rng.integers(0, n_aside + 1, terms).astype(np.int64)
    held = np.minimum(rng.zipf(1.3, terms), n - n_aside).astype(np.int64) + aside  # many rare terms, some common
    gone = rng.random(terms) < 0.1  # terms no live document holds any more (the first is held)
    gone[0] = False
    held[gone], aside[gone] = 0, 0
    doc_len = rng.integers(0, 40, slots).astype(np.int64)
    total = int(doc_len.sum())
    for min_idf in (None, 0.0, 0.5):
        args = (held, aside, (n, n_aside), (total, int(doc_len[:n_aside].sum())), doc_len, 1.5, 0.75, 0.25,
                min_idf)
        got, want = okapi_stats(*args), _reference(*args)
        assert np.array_equal(got[0], want[0])
        assert got[1] == want[1] and got[3] == want[3]
        assert np.array_equal(got[2], want[2])


def test_a_df_held_by_half_the_documents_and_more():
    # negative raw idf (df > N/2) replaced by epsilon times the exact mean, as before
    held = np.array([1, 5, 6, 9, 10, 10, 2], dtype=np.int64)
    doc_len = np.arange(10, dtype=np.int64)
    args = (held, np.zeros(7, dtype=np.int64), (10, 0), (45, 0), doc_len, 1.2, 0.75, 0.25, None)
    got, want = okapi_stats(*args), _reference(*args)
    assert np.array_equal(got[0], want[0]) and got[3] == want[3]
