"""Benchmark: the CPU a recall spends masking the items it shows, by the size of the detector's cache.

Every recall passes each shown item's text through ``masked_unless_asked`` (``memory_core.recall_shown``),
which runs the sensitive-value detector (``sensitive_detect._detect``, an LRU cache of findings by text). With
N items and random questions, the shown items are spread over the whole index: a cache smaller than N misses
on about (1 - size/N) of them, and a miss costs the full rule set. This bench shows K items per recall drawn
from N texts (LoCoMo turns as ``speaker: text``, then synthetic ones to reach N) and reports, per cache size,
the detector's misses per recall and the masking CPU per recall (``time.process_time``, median of rounds),
alternating the sizes round by round in one process so load changes fall on both.

Run: ``PYTHONPATH=. .venv/bin/python ops/bench/bench_shown_mask.py --items 10000 --sizes 4096,65536``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from functools import lru_cache
from pathlib import Path

from _stack import table
from bench_recall_rpc import WORDS

from memory_core.ingest_io import read_locomo
from memory_core.pipeline import sensitive_detect
from memory_core.pipeline.sensitive import asked_categories, masked_unless_asked

LOCOMO = Path("/work/shared/datasets/locomo/locomo10_dev.json")


def texts(n: int, rng: random.Random) -> list[str]:
    """``n`` distinct item texts: LoCoMo turns when the file is there, then synthetic word runs."""
    out: dict[str, None] = {}
    if LOCOMO.exists():
        for sample in read_locomo(json.loads(LOCOMO.read_text(encoding="utf-8")), lambda sid: "u"):
            out.update((f"{t.speaker}: {t.text}", None) for t in sample.turns)
    while len(out) < n:
        out[" ".join(rng.choices(WORDS, k=rng.randint(5, 14)))] = None
    return list(out)[:n]


def one_round(pool: list[str], queries: list[str], k: int, rng: random.Random) -> tuple[float, float]:
    """(masking CPU ms per recall, detector misses per recall) over ``queries``."""
    before = sensitive_detect._detect.cache_info().misses
    start = time.process_time()
    for q in queries:
        asked = asked_categories(q)
        for text in rng.sample(pool, k):
            masked_unless_asked(q, text, asked)
    cpu = time.process_time() - start
    return cpu * 1e3 / len(queries), (sensitive_detect._detect.cache_info().misses - before) / len(queries)


def main() -> None:
    """Parse arguments, run alternating rounds per cache size, print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--sizes", default="4096,65536", help="detector cache sizes (entries), comma-separated")
    parser.add_argument("--k", type=int, default=8, help="items shown per recall")
    parser.add_argument("--recalls", type=int, default=1500, help="recalls per round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(7)
    pool = texts(args.items, rng)
    queries = [" ".join(rng.choices(WORDS, k=3)) + "?" for _ in range(args.recalls)]
    raw = sensitive_detect._detect.__wrapped__
    sizes = [int(s) for s in args.sizes.split(",")]
    cpu: dict[int, list[float]] = {s: [] for s in sizes}
    misses: dict[int, list[float]] = {s: [] for s in sizes}
    for _ in range(args.rounds):
        for size in sizes:
            sensitive_detect._detect = lru_cache(maxsize=size)(raw)  # type: ignore[assignment]
            one_round(pool, queries, args.k, random.Random(1))  # warm: a worker's cache after its first recalls
            c, m = one_round(pool, queries, args.k, random.Random(2))
            cpu[size].append(c)
            misses[size].append(m)
    base = statistics.median(cpu[sizes[0]])
    print(f"{len(pool)} item texts, {args.k} shown per recall, {args.recalls} recalls × {args.rounds} rounds, "
          f"load {os.getloadavg()[0]:.1f}")
    print(table(["cache entries", "misses / recall", "masking CPU ms / recall", f"× vs {sizes[0]}"],
                [[s, statistics.median(misses[s]), statistics.median(cpu[s]), statistics.median(cpu[s]) / base]
                 for s in sizes]))


if __name__ == "__main__":
    main()
