"""Benchmark: the recall worker's cost per applied change, in-process, by the user's item count.

What ``bench_scale.py rpc`` does at 50 turns/s, without the processes: one
user with N synthetic items (``bench_recall_rpc.fill``) in an embedded
``Memory`` on SQLite; turns are recorded and applied as a curate worker
applies them (``Memory.apply_pending``), the change is read once as a curate
worker reads it for its change note (``ChangeNote``), and the recaller
applies it as the recall worker's listener does (``Recaller.catch_up``);
then one recall. Printed per size: the catch-up (apply) and the recall
right after it, p50/p99 of the thread's CPU time in ms (the machine is shared: wall time
there measures the other processes), and a warm recall with no writes beside them
(the baseline of the same run). The cost per applied change must not grow
with N; ``--profile`` prints the top functions of the catch-ups (cProfile).

Run: ``PYTHONPATH=$PWD .venv/bin/python ops/bench/bench_apply_cost.py --sizes 1000,10000,100000``.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import random
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from _stack import percentiles, table
from bench_recall_rpc import WORDS, fill

from memory_core.model import Turn
from memory_core.retrieval.live_scoring import LiveScoring
from memory_core.service import Memory
from memory_core.settings import load_settings
from memory_core.store.change_note import ChangeNote
from memory_core.store.sql import SqlStore


def query(rng: random.Random) -> str:
    return " ".join(rng.choices(WORDS, k=3))


REBUILT = [0]  # postings of a term read from the segments (``LiveScoring._term_tf``, before it ``_term_g``): O(df)


def _counting(term_g):  # type: ignore[no-untyped-def]
    def counted(self, tid):  # type: ignore[no-untyped-def]
        REBUILT[0] += 1
        return term_g(self, tid)
    return counted


_READ = "_term_tf" if hasattr(LiveScoring, "_term_tf") else "_term_g"  # (the same bench on an older tree)
setattr(LiveScoring, _READ, _counting(getattr(LiveScoring, _READ)))


def run(size: int, writes: int, profile: bool, gc_counts: bool) -> tuple[object, ...]:
    rng = random.Random(11)
    folder = Path(tempfile.mkdtemp(prefix="gulfstream-apply-"))
    store = SqlStore(f"sqlite:///{folder / 'm.db'}", migrate=True)
    memory = Memory(store, settings=load_settings())
    recaller = memory.recaller
    recaller = getattr(recaller, "recaller", recaller)
    recaller.compact_in_background = False  # a compaction, when due, is timed with the apply that made it due
    user = f"u{size}"
    fill(store, user, size, rng)
    recaller.recall(user, "coffee in lisbon")
    warm = []
    prof_warm = cProfile.Profile() if profile else None
    for _ in range(200):
        t0 = time.thread_time()
        if prof_warm is not None:
            prof_warm.enable()
        recaller.recall(user, query(rng))
        if prof_warm is not None:
            prof_warm.disable()
        warm.append((time.thread_time() - t0) * 1e3)
    applies, after = [], []
    prof = cProfile.Profile() if profile else None
    prof_after = cProfile.Profile() if profile else None
    collections = [0, 0, 0]

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections[info["generation"]] += 1

    if gc_counts:
        gc.callbacks.append(on_gc)
    REBUILT[0] = 0
    rebuilt = 0
    for n in range(1, writes + 1):
        since, after_seq = store.memory_version(user), store.last_applied_seq(user)
        memory.record_turn(Turn(user, f"t-{n}", f"s{n // 20}", "user",
                                f"I went to {' '.join(rng.choices(WORDS, k=6))}", datetime.now(UTC)))
        memory.apply_pending(user)
        changes = store.changes_since(user, since)
        turns = tuple(store.list_turns(user, after_seq=after_seq))
        note = ChangeNote(user, changes, since, after_seq, turns)
        t0 = time.thread_time()
        if prof is not None:
            prof.enable()
        recaller.catch_up(user, [note])
        if prof is not None:
            prof.disable()
        t1 = time.thread_time()
        if prof_after is not None:
            prof_after.enable()
        before = REBUILT[0]
        recaller.recall(user, query(rng))
        rebuilt += REBUILT[0] - before
        if prof_after is not None:
            prof_after.disable()
        t2 = time.thread_time()
        applies.append((t1 - t0) * 1e3)
        after.append((t2 - t1) * 1e3)
    if gc_counts:
        gc.callbacks.remove(on_gc)
    if prof is not None:
        print(f"\n── {size:,} items: catch-up profile ({writes} change sets)")
        pstats.Stats(prof).sort_stats("cumulative").print_stats(25)
        print(f"\n── {size:,} items: profile of 200 warm recalls (no writes)")
        pstats.Stats(prof_warm).sort_stats("tottime").print_stats(30)
        print(f"\n── {size:,} items: profile of the recall after each catch-up")
        pstats.Stats(prof_after).sort_stats("tottime").print_stats(30)
    store.close()
    w50, _, w99 = percentiles(warm)
    a50, _, a99 = percentiles(applies)
    r50, _, r99 = percentiles(after)
    return (f"{size:,}", w50, w99, a50, a99, r50, r99, f"{r99 / w99:.2f}", f"{rebuilt / writes:.2f}",
            "/".join(map(str, collections)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--writes", type=int, default=300)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--gc", action="store_true", help="count the collector's passes during the writes")
    args = parser.parse_args()
    headers = ["items", "warm p50", "warm p99", "catch-up p50", "catch-up p99", "recall after p50",
               "recall after p99", "after p99 / warm p99",
               "postings rebuilt per recall after", "gc passes 0/1/2"]
    rows = [run(int(s), args.writes, args.profile, args.gc) for s in args.sizes.split(",")]
    print()
    print(table(headers, rows))
    print(f"\nms; 200 warm recalls, then {args.writes} change sets (one turn applied each), each caught up and "
          "followed by one recall.")


if __name__ == "__main__":
    main()
