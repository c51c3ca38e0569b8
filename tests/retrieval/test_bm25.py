"""BM25 index: same scores as rank_bm25, scored through postings."""

from __future__ import annotations

import numpy as np
import pytest
from rank_bm25 import BM25Okapi

from memory_core.retrieval.bm25 import BM25Index, top_k_indices, top_positive
from memory_core.text.tokenize import tokenize

DOCS = [
    "用户喜欢吃火锅，尤其是麻辣火锅",
    "I love hiking in the mountains on weekends",
    "我在Google工作, I love 火锅",
    "My sister lives in Shanghai 上海",
    "用户的猫叫咪咪, a cat named Mimi",
    "周末去爬山 hiking with friends",
    "Prefers dark mode in every editor",
    "喜欢火锅和川菜",
    "Allergic to peanuts",
    "在上海读的大学",
]
QUERIES = ["火锅", "hiking 爬山", "cat cat mimi", "unknown words", "google 工作 hike", "上海 sister",
           "火锅 火锅"]


@pytest.fixture(scope="module")
def corpus() -> list[list[str]]:
    return [tokenize(d) for d in DOCS]


@pytest.mark.parametrize("query", QUERIES)
def test_scores_equal_rank_bm25(corpus, query):
    tokens = tokenize(query)
    expected = BM25Okapi(corpus).get_scores(tokens)
    assert np.allclose(BM25Index(corpus).get_scores(tokens), expected)


def test_scores_equal_rank_bm25_without_idf_floor_on_a_tiny_corpus():
    corpus = [["火锅", "喜欢"], ["火锅"]]
    tokens = ["火锅", "喜欢"]
    expected = BM25Okapi(corpus).get_scores(tokens)
    assert expected.max() <= 0  # rank_bm25's negative idf in a tiny corpus
    assert np.allclose(BM25Index(corpus, min_idf=None).get_scores(tokens), expected)


def test_single_document_match_scores_positive():
    index = BM25Index([tokenize("用户喜欢火锅")])
    idx, scores = index.top_k(tokenize("火锅"), 5)
    assert idx.tolist() == [0] and scores[0] > 0


def test_top_k_returns_only_matches_best_first(corpus):
    idx, scores = BM25Index(corpus).top_k(tokenize("火锅"), 10)
    assert set(idx.tolist()) == {0, 2, 7}
    assert list(scores) == sorted(scores, reverse=True)
    assert idx[0] == int(np.argmax(BM25Okapi(corpus).get_scores(tokenize("火锅"))))


def test_top_k_limits_and_masks(corpus):
    index = BM25Index(corpus)
    best, _ = index.top_k(tokenize("火锅"), 1)
    assert len(best) == 1
    mask = np.ones(len(DOCS), dtype=bool)
    mask[best[0]] = False
    idx, _ = index.top_k(tokenize("火锅"), 10, mask=mask)
    assert best[0] not in idx.tolist() and len(idx) == 2


def test_empty_corpus_and_empty_documents_match_nothing():
    for corpus in ([], [[], []]):
        index = BM25Index(corpus)
        idx, scores = index.top_k(["x"], 3)
        assert idx.size == 0 and scores.size == 0
        assert index.get_scores(["x"]).shape == (len(corpus),)


def test_top_k_indices_breaks_ties_by_position():
    scores = np.array([1.0, 3.0, 3.0, 2.0, 3.0])
    assert top_k_indices(scores, 2).tolist() == [1, 2]
    assert top_k_indices(scores, 10).tolist() == [1, 2, 4, 3, 0]


@pytest.mark.parametrize("n", [7, 300, 1024, 1025, 5000])  # a short array is sorted, a long one partitioned
def test_top_k_and_top_positive_equal_a_full_sort_by_score_then_position(n):
    rng = np.random.default_rng(n)
    for trial in range(40):
        scores = rng.integers(0, 5, n).astype(float) if trial % 2 else rng.random(n) * (rng.random(n) < 0.3)
        k = int(rng.integers(1, 120))
        reference = sorted(range(n), key=lambda i: (-scores[i], i))
        assert top_k_indices(scores, k).tolist() == reference[:k]
        assert top_positive(scores, k).tolist() == [i for i in reference if scores[i] > 0][:k]


def test_scores_equal_rank_bm25_on_sparse_and_dense_query_paths():
    rng = np.random.default_rng(3)
    vocab = [f"w{i}" for i in range(400)] + [f"词{i}" for i in range(100)]
    probs = 1 / np.arange(1, len(vocab) + 1) ** 1.1
    corpus = [list(rng.choice(vocab, size=rng.integers(3, 15), p=probs / probs.sum())) for _ in range(600)]
    index, okapi = BM25Index(corpus), BM25Okapi(corpus)
    for query in (["w0", "w1"], ["w0", "w300", "w300"], ["w350", "词90"], ["w399", "w398", "词99"]):
        assert np.allclose(index.get_scores(query), okapi.get_scores(query)), query


def _random_corpus(seed: int, n_docs: int, vocab: int) -> list[list[str]]:
    rng = np.random.default_rng(seed)
    return [[f"w{t}" for t in rng.integers(0, vocab, rng.integers(0, 12))] for _ in range(n_docs)]


@pytest.mark.parametrize(("n_docs", "vocab"), [(40, 300), (2000, 30), (3000, 400)])  # sparse, dense and mixed
def test_ranked_orders_like_ranking_every_candidate(n_docs, vocab):
    index = BM25Index(_random_corpus(n_docs, n_docs, vocab))
    rng = np.random.default_rng(1)
    for _ in range(60):
        query = [f"w{t}" for t in rng.integers(0, vocab + 5, rng.integers(1, 5))]
        mask = rng.random(n_docs) < 0.7 if rng.random() < 0.5 else None
        depth = int(rng.integers(1, 150))
        idx, sc = index.candidates(query)
        if mask is not None:
            idx, sc = idx[mask[idx]], sc[mask[idx]]
        expected = idx[top_k_indices(sc, depth)]
        assert index.ranked(query, depth, mask).tolist() == expected.tolist()
        docs = np.arange(n_docs, dtype=np.int64)[rng.random(n_docs) < 0.05]
        assert index.scores_of(query, docs).tolist() == index.get_scores(query)[docs].tolist()


def test_ranked_and_scores_of_without_a_known_term_give_nothing(corpus):
    index = BM25Index(corpus)
    assert index.ranked(["never-seen"], 5).shape == (0,)
    assert index.scores_of(["never-seen"], np.array([0, 3])).tolist() == [0.0, 0.0]
    assert BM25Index([]).ranked(["x"], 3).shape == (0,)


def test_top_positive_keeps_only_positive_scores_best_first_ties_to_lower_position():
    scores = np.array([0.0, 2.0, 0.5, 2.0, 0.0, 1.0])
    assert top_positive(scores, 10).tolist() == [1, 3, 5, 2]
    assert top_positive(scores, 2).tolist() == [1, 3]
    assert top_positive(np.zeros(4), 3).tolist() == []
