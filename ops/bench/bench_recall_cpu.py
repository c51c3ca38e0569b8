"""Benchmark: the CPU a recall process spends on three paths, in-process, by ``time.process_time``.

CPU time, not wall time: the machine is shared, and the CPU a path spends is
what changes when its code does (wall time at load 10 is 3-4x it). Each part
prints a table of medians with the load average beside it; run the script
with ``PYTHONPATH`` on two checkouts, alternating, to compare code.

- ``visit``: a cold user's first visit without the store's read: ``HybridIndex.build``
  of M synthetic items (``bench_recall_rpc.WORDS``) and the first search, per user;
- ``write``: one item applied to a warm N-item index, then a search (what the first
  recall after a write costs beyond the store's round trip) and a second one; then
  each query again after a refresh of the BM25 statistics (``HybridIndex.refresh_stats``,
  what every N/128 changed documents bring);
- ``catchup``: an N-item index loaded from its column snapshot, C new items and C
  changed ones applied (the catch-up of a cold user), and the first search.

Run: ``PYTHONPATH=. .venv/bin/python ops/bench/bench_recall_cpu.py visit --users 300 --items 100``;
``... write --items 10000``; ``... catchup --items 100000 --changes 20``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from _stack import table
from bench_recall_rpc import WORDS

from memory_core.model import MemoryItem
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.recall_snapshots import gc_paused
from memory_core.retrieval.snapshot import IndexSnapshots, restore_index


def make_items(user: str, n: int, rng: random.Random) -> list[MemoryItem]:
    return [MemoryItem.create(user, " ".join(rng.choices(WORDS, k=rng.randint(5, 14))),
                              rng.choice(["places", "taste", "work", "family", "health"])) for _ in range(n)]


def query(rng: random.Random) -> str:
    return " ".join(rng.choices(WORDS, k=3))


def load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1e3:.3f}"


@contextmanager
def profiled(on: bool) -> Iterator[None]:
    """cProfile's top functions by own time printed after the block (when ``on``)."""
    if not on:
        yield
        return
    import cProfile
    import pstats
    prof = cProfile.Profile()
    prof.enable()
    try:
        yield
    finally:
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(22)


def visit(users: int, items: int, profile: bool) -> None:
    rng = random.Random(3)
    corpora = [make_items(f"u{u}", items, rng) for u in range(users)]
    HybridIndex.build(corpora[0]).search("warm up", 10)  # tables loaded once, as at worker start
    builds, searches = [], []
    started = load()
    with profiled(profile):
        walk(corpora, rng, builds, searches)
    print(table(["users × items", "build CPU ms (median)", "first search CPU ms", "total CPU ms", "load avg"],
                [(f"{users} × {items}", ms(builds), ms(searches), ms([b + s for b, s in zip(builds, searches,
                                                                                          strict=True)]),
                  f"{started} → {load()}")]))


def walk(corpora: list[list[MemoryItem]], rng: random.Random, builds: list[float], searches: list[float]) -> None:
    for corpus in corpora:
        t0 = time.process_time()
        with gc_paused():
            index = HybridIndex.build(corpus)
        t1 = time.process_time()
        index.search(query(rng), 10)
        t2 = time.process_time()
        builds.append(t1 - t0)
        searches.append(t2 - t1)


def write(items: int, rounds: int, profile: bool) -> None:
    rng = random.Random(5)
    index = HybridIndex.build(make_items("w", items, rng))
    index.search("warm up", 10)
    applies, searches, seconds = [], [], []
    started = load()
    news = [make_items("w", 1, rng) for _ in range(rounds)]
    queries = [query(rng) for _ in range(rounds)]
    others = [query(rng) for _ in range(rounds)]
    with profiled(profile):
        for new, asked, other in zip(news, queries, others, strict=True):
            t0 = time.process_time()
            index.apply(new)
            t1 = time.process_time()
            index.search(asked, 10)
            t2 = time.process_time()
            index.search(other, 10)  # a second recall before the next write (recalls outnumber writes)
            t3 = time.process_time()
            applies.append(t1 - t0)
            searches.append(t2 - t1)
            seconds.append(t3 - t2)
    warm = []
    for asked in queries:  # the same queries with no write before them
        t0 = time.process_time()
        index.search(asked, 10)
        warm.append(time.process_time() - t0)
    refreshes, after_refresh = [], []
    for asked in queries:  # the BM25 statistics refreshed (every N/128 changed documents), then the same query
        index.search(asked, 10)
        t0 = time.process_time()
        index.refresh_stats()
        t1 = time.process_time()
        index.search(asked, 10)
        t2 = time.process_time()
        refreshes.append(t1 - t0)
        after_refresh.append(t2 - t1)
    print(table(["items", "apply CPU ms (median)", "search after CPU ms", "second search after CPU ms",
                 "warm search CPU ms", "stats refresh CPU ms", "search after a refresh CPU ms", "load avg"],
                [(f"{items:,}", ms(applies), ms(searches), ms(seconds), ms(warm), ms(refreshes), ms(after_refresh),
                  f"{started} → {load()}")]))


def catchup(items: int, changes: int, rounds: int) -> None:
    rng = random.Random(7)
    corpus = make_items("c", items, rng)
    index = HybridIndex.build(corpus)
    index.version = "1"
    folder = Path(tempfile.mkdtemp(prefix="gulfstream-cpu-"))
    snaps = IndexSnapshots(folder)
    snaps.save("c", index)
    del index
    loads, applies, searches = [], [], []
    started = load()
    for _ in range(rounds):
        new = make_items("c", changes, rng)
        changed = [replace(corpus[rng.randrange(items)], description=" ".join(rng.choices(WORDS, k=8)))
                   for _ in range(changes)]
        t0 = time.process_time()
        with gc_paused():
            state = snaps.load("c", HybridIndex())
            assert state is not None
            back = restore_index(state)
        t1 = time.process_time()
        back.apply(new + changed)
        t2 = time.process_time()
        back.search(query(rng), 10)
        t3 = time.process_time()
        loads.append(t1 - t0)
        applies.append(t2 - t1)
        searches.append(t3 - t2)
    print(table(["items", "changes (new + changed)", "load CPU ms (median)", "catch-up CPU ms", "first search CPU ms",
                 "load avg"], [(f"{items:,}", f"{changes} + {changes}", ms(loads), ms(applies), ms(searches),
                               f"{started} → {load()}")]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=["visit", "write", "catchup"])
    parser.add_argument("--users", type=int, default=300)
    parser.add_argument("--items", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--changes", type=int, default=10)
    parser.add_argument("--profile", action="store_true", help="cProfile's top functions by own time")
    args = parser.parse_args()
    if args.part == "visit":
        visit(args.users, args.items, args.profile)
    elif args.part == "write":
        write(args.items, args.rounds, args.profile)
    else:
        catchup(args.items, args.changes, args.rounds)


if __name__ == "__main__":
    main()
