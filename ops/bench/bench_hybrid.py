"""Benchmark: hybrid recall latency at a given number of items for one user, per preset, same run.

One user's memory is built from real conversation text: the turns of a
LoCoMo file (read from the path given, never copied into the repo), repeated
with fresh turn ids and later dates until there are ``--items`` of them; one
event item per turn, as the mechanical pipeline writes. The queries are
LoCoMo's questions with their speaker names kept. For each preset the table
gives index build time (s) and ``HybridIndex.search`` latency (p50 / p95 /
max, ms, k = 10, index warm), so the cost of each stage is visible beside
plain item BM25; then the same searches each after ``--idle-ms`` of sleep,
as the recall worker runs them between requests (after an idle wait every
distinct numpy call of a search runs cold, several times slower than in a
loop).

Run: ``.venv/bin/python ops/bench/bench_hybrid.py ../shared/datasets/locomo/locomo10_dev.json
[--items 10000] [--queries 500] [--idle-ms 3]``. Wall-clock on this machine; read ratios.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

from memory_core.ingest_io import read_locomo
from memory_core.model import MemoryItem, Turn
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.stages import HYBRID_PRESETS, HybridSettings


def corpus(path: Path, n_items: int, user_id: str = "bench") -> tuple[list[MemoryItem], list[Turn], list[str]]:
    """Return n_items event items of ``user_id``, their turns (seq order) and the questions of the file."""
    samples = read_locomo(json.loads(path.read_text(encoding="utf-8")), lambda sid: user_id)
    # turn ids repeat across a file's conversations ("D1:1"): prefix each with its conversation
    base = [replace(t, turn_id=f"c{n}-{t.turn_id}", session_id=f"c{n}-{t.session_id}")
            for n, s in enumerate(samples) for t in s.turns]
    questions = [str(qa["question"]) for s in samples for qa in s.qa]
    turns: list[Turn] = []
    round_no = 0
    while len(turns) < n_items:
        for t in base[: n_items - len(turns)]:
            turns.append(replace(t, turn_id=f"r{round_no}-{t.turn_id}", session_id=f"r{round_no}-{t.session_id}",
                                 timestamp=t.timestamp + timedelta(days=400 * round_no)))
        round_no += 1
    items = [MemoryItem.create(user_id, f"{t.speaker}: {t.text}", "moments", kind="event", turn_id=t.turn_id,
                               at=t.timestamp, valid_from=t.timestamp, speaker=t.speaker) for t in turns]
    return items, turns, questions


def main() -> None:
    """Parse arguments, build the index once, time each preset and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("locomo", type=Path)
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=500)
    parser.add_argument("--idle-ms", type=float, default=3.0, help="sleep before each search of the idle columns")
    args = parser.parse_args()
    items, turns, questions = corpus(args.locomo, args.items)
    queries = random.Random(7).sample(questions, min(args.queries, len(questions)))
    started = time.perf_counter()
    index = HybridIndex.build(items, turns)
    build_s = time.perf_counter() - started
    presets = {"lexical": HYBRID_PRESETS["lexical"], "items_only": HYBRID_PRESETS["items_only"],
               "hybrid (every stage)": HYBRID_PRESETS["hybrid"]}
    print(f"items {len(items)}, queries {len(queries)}, hybrid index build {build_s:.2f} s\n")
    idle = f"after {args.idle_ms:g} ms idle"
    print(f"| preset | p50 ms | p95 ms | max ms | p50 ms {idle} | p95 ms {idle} |\n|---|---:|---:|---:|---:|---:|")
    for name, settings in presets.items():
        for q in queries[:20]:  # warm caches (stemmer, jieba) outside the timings
            index.search(q, 10, settings=settings)
        warm, cold = timed(index, queries, settings, 0.0), timed(index, queries, settings, args.idle_ms / 1e3)
        print(f"| {name} | {statistics.median(warm):.2f} | {p95(warm):.2f} | {warm[-1]:.2f} "
              f"| {statistics.median(cold):.2f} | {p95(cold):.2f} |")


def timed(index: HybridIndex, queries: list[str], settings: HybridSettings, idle_s: float) -> list[float]:
    """Sorted search times in ms, each search after ``idle_s`` of sleep (0: back to back)."""
    times = []
    for q in queries:
        if idle_s:
            time.sleep(idle_s)
        t0 = time.perf_counter()
        index.search(q, 10, settings=settings)
        times.append((time.perf_counter() - t0) * 1e3)
    return sorted(times)


def p95(times: list[float]) -> float:
    """The 95th percentile of sorted ``times``."""
    return times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]

if __name__ == "__main__":
    main()
