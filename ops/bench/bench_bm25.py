"""Benchmark: BM25Index (inverted index) against rank_bm25's get_scores, same run.

Synthetic memories: descriptions of 6..20 terms drawn Zipf-like from a
vocabulary of real Chinese words (jieba's dictionary) and invented English
words; queries of 1..4 terms drawn the same way. For each corpus size it
prints index build time and per-query latency (p50/p95, ms) for

- ``ours``: ``BM25Index.top_k`` (postings → scores → top 10);
- ``rank_bm25``: ``BM25Okapi.get_scores`` + argsort top 10 (fewer queries at
  large sizes, it is slow);
- ``recall``: ``RecallIndex.search`` end to end (tokenize the query, filters,
  recency/hit weighting, top 10, copies of the items).

Run: ``.venv/bin/python ops/bench/bench_bm25.py [--sizes 1000,10000,100000]``.
Timings are wall-clock on this machine; read the ratios, not the absolutes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
from rank_bm25 import BM25Okapi

from memory_core.model import MemoryItem
from memory_core.retrieval.bm25 import BM25Index
from memory_core.retrieval.recall import RecallIndex
from memory_core.text.tokenize import tokenize


def vocabulary(rng: random.Random, n_en: int = 15_000, n_zh: int = 5_000) -> list[str]:
    """Invented English words and frequent two-character Chinese words, shuffled."""
    import jieba

    dict_path = Path(jieba.__file__).parent / "dict.txt"
    zh: list[tuple[int, str]] = []
    with dict_path.open(encoding="utf-8") as fh:
        for line in fh:
            word, freq, *_ = line.split()
            if len(word) == 2:
                zh.append((int(freq), word))
    zh_words = [w for _, w in sorted(zh, reverse=True)[:n_zh]]
    syllables = ["ka", "lo", "mi", "ren", "sto", "val", "quin", "dar", "pel", "tor", "zen", "bri", "mox",
                 "ul"]
    en: set[str] = set()
    while len(en) < n_en:
        en.add("".join(rng.choice(syllables) for _ in range(rng.randint(2, 4))))
    words = sorted(en) + zh_words
    rng.shuffle(words)
    return words


def make_docs(rng: random.Random, vocab: list[str], n: int) -> list[str]:
    """``n`` descriptions; term rank r has weight 1/(r+1)^1.1."""
    weights = [1 / (r + 1) ** 1.1 for r in range(len(vocab))]
    lengths = [rng.randint(6, 20) for _ in range(n)]
    flat = rng.choices(vocab, weights=weights, k=sum(lengths))
    docs, pos = [], 0
    for length in lengths:
        docs.append(" ".join(flat[pos:pos + length]))
        pos += length
    return docs


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1e3


def pct(values: list[float], q: float) -> float:
    return float(np.percentile(values, q))


def run(n: int, rng: random.Random, vocab: list[str], n_queries: int) -> dict[str, float]:
    docs = make_docs(rng, vocab, n)
    corpus = [tokenize(d) for d in docs]
    queries = [tokenize(q) or ["missing"] for q in make_docs(rng, vocab, n_queries)]
    queries = [q[: rng.randint(1, 4)] for q in queries]

    ours_build = timed(lambda: BM25Index(corpus))
    okapi_build = timed(lambda: BM25Okapi(corpus))
    index, okapi = BM25Index(corpus), BM25Okapi(corpus)

    ours = [timed(lambda q=q: index.top_k(q, 10)) for q in queries]
    slow_n = max(10, n_queries * 1000 // n) if n > 1000 else n_queries
    theirs = [timed(lambda q=q: np.argsort(okapi.get_scores(q))[::-1][:10]) for q in queries[:slow_n]]

    t0 = datetime(2024, 1, 1, tzinfo=UTC)
    themes = ["品味", "work", "生活", "events"]
    items = [MemoryItem(user_id="bench", description=d, theme=rng.choice(themes),
                        created_at=t0 + timedelta(hours=i), hit=rng.randint(0, 5))
             for i, d in enumerate(docs)]
    recall_build = timed(lambda: RecallIndex.build(items))
    recall_index = RecallIndex.build(items)
    texts = [" ".join(q) for q in queries]
    recall = [timed(lambda t=t: recall_index.search(t, 10)) for t in texts]
    return {
        "n": n, "ours_build": ours_build, "okapi_build": okapi_build, "recall_build": recall_build,
        "ours_p50": pct(ours, 50), "ours_p95": pct(ours, 95),
        "okapi_p50": pct(theirs, 50), "okapi_p95": pct(theirs, 95), "okapi_q": len(theirs),
        "recall_p50": pct(recall, 50), "recall_p95": pct(recall, 95), "q": len(ours),
        "avg_len": statistics.fmean(len(d) for d in corpus),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000", help="comma-separated corpus sizes (items)")
    parser.add_argument("--queries", type=int, default=300, help="queries per size for the fast paths")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    vocab = vocabulary(rng)
    tokenize("预热 warm up")  # load jieba outside the timings

    rows = [run(int(s), rng, vocab, args.queries) for s in args.sizes.split(",")]
    print("BM25: inverted index (ours) vs rank_bm25 get_scores, same run; times in ms")
    print(f"{'items':>8} | {'build ours':>10} {'build r_bm25':>12} | {'query ours p50/p95':>19} | "
          f"{'r_bm25 p50/p95':>16} | {'speedup p50':>11} | {'recall p50/p95':>15} {'recall build':>12}")
    for r in rows:
        print(f"{r['n']:>8,} | {r['ours_build']:>10.0f} {r['okapi_build']:>12.0f} | "
              f"{r['ours_p50']:>9.3f} / {r['ours_p95']:>7.3f} | "
              f"{r['okapi_p50']:>7.2f} / {r['okapi_p95']:>6.2f} | "
              f"{r['okapi_p50'] / r['ours_p50']:>10.0f}x | {r['recall_p50']:>6.3f} / {r['recall_p95']:>6.3f} "
              f"{r['recall_build']:>12.0f}")
    print(f"queries: {rows[0]['q']} per size for ours and recall; rank_bm25 "
          + ", ".join(f"{r['okapi_q']}" for r in rows) + " (by size); 1-4 terms each, top 10.")
    print("build ours includes rank_bm25's statistics pass; recall build includes tokenizing every item.")


if __name__ == "__main__":
    main()
