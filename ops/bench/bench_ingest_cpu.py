"""Benchmark: embedded ingest (mechanical pipeline, SQLite, no embedder) in CPU time, one tree or several alternating.

Ingests a LoCoMo file one conversation at a time, as ``gulfstream eval locomo`` does (``Memory.ingest`` per
conversation into a new SQLite file), and prints turns, wall turns/s, CPU turns/s and CPU ms per turn
(``time.process_time`` of the ingesting process) with the 1-minute load average. The machine is shared: CPU
time is what changes when the code does; wall time moves with everyone else's work.

With ``--trees A,B`` each round runs every tree in its own process (``PYTHONPATH`` set to the tree), in turn,
and the table ends with each tree's median CPU turns/s, its ratio to the first tree's (the baseline of the
same run) and the median of the rounds' own ratios (each tree to the baseline of its round: on a loaded
machine the CPU time of a run moves with the load too, and a round's runs see nearly the same load;
``--conversations N`` makes the runs shorter, so more rounds fit in the same minutes).

Run: ``PYTHONPATH=. .venv/bin/python ops/bench/bench_ingest_cpu.py /work/shared/datasets/locomo/locomo10_dev.json``;
``... --trees /path/to/baseline,/path/to/change --rounds 3``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def ingest_once(path: Path, conversations: int | None = None) -> dict[str, float]:
    """Ingest every conversation of ``path`` (or the first ``conversations``) into a new SQLite memory; return
    turns, wall s and CPU s."""
    os.environ["GULFSTREAM_EMBEDDER"] = "none"
    from memory_core.eval.locomo import _locomo_user
    from memory_core.ingest_io import read_locomo
    from memory_core.service import open_memory
    from memory_core.settings import Settings

    samples = read_locomo(json.loads(path.read_text(encoding="utf-8")), _locomo_user)[:conversations]
    turns = wall = cpu = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        memory = open_memory(Settings(database_url=f"sqlite:///{tmp}/ingest.sqlite3", maintain_every_turns=0,
                                      embedder="none"))
        try:
            for sample in samples:
                w0, c0 = time.perf_counter(), time.process_time()
                memory.ingest(sample.turns)
                wall += time.perf_counter() - w0
                cpu += time.process_time() - c0
                turns += len(sample.turns)
        finally:
            memory.close()
    return {"turns": turns, "wall_s": wall, "cpu_s": cpu, "load": os.getloadavg()[0]}


def _row(label: str, r: dict[str, float]) -> str:
    return (f"| {label} | {r['turns']:.0f} | {r['turns'] / r['wall_s']:.1f} | {r['turns'] / r['cpu_s']:.1f} | "
            f"{1e3 * r['cpu_s'] / r['turns']:.3f} | {r['load']:.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("locomo", type=Path, help="a LoCoMo JSON file (e.g. locomo10_dev.json)")
    parser.add_argument("--trees", default="", help="comma-separated checkouts to alternate (first = baseline)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--conversations", type=int, default=None,
                        help="only the first N conversations (shorter runs alternate faster on a loaded machine)")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # a child: one run, JSON out
    args = parser.parse_args()
    limit = ["--conversations", str(args.conversations)] if args.conversations else []
    if args.one:
        print(json.dumps(ingest_once(args.locomo, args.conversations)))
        return
    print("| tree | turns | wall turns/s | CPU turns/s | CPU ms/turn | load (1 min) |")
    print("|---|---:|---:|---:|---:|---:|")
    if not args.trees:
        print(_row("this tree", ingest_once(args.locomo, args.conversations)))
        return
    trees = [Path(t).resolve() for t in args.trees.split(",")]
    runs: dict[Path, list[float]] = {t: [] for t in trees}
    for n in range(args.rounds):
        for tree in trees:
            out = subprocess.run([sys.executable, __file__, str(args.locomo), "--one", *limit], check=True, text=True,
                                 capture_output=True, env={**os.environ, "PYTHONPATH": str(tree)}).stdout
            r = json.loads(out.strip().splitlines()[-1])
            runs[tree].append(r["turns"] / r["cpu_s"])
            print(_row(f"{tree.name} (round {n + 1})", r), flush=True)
    base = statistics.median(runs[trees[0]])
    for tree in trees:
        median = statistics.median(runs[tree])
        paired = statistics.median(a / b for a, b in zip(runs[tree], runs[trees[0]], strict=True))
        print(f"| **{tree.name}: median** | | | {median:.1f} | {1e3 / median:.3f} | ratio {median / base:.2f} "
              f"(median of the rounds' ratios {paired:.2f}) |")


if __name__ == "__main__":
    main()
