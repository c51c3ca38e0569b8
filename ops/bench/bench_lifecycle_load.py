"""Benchmark: curation latency with the maintenance job running beside it, against without (same run).

One user on PostgreSQL (the distributed mode's store). The user's history
is seeded with ``--seed-days`` simulated days (``lifecycle_world``) that
were never maintained, so the job has real work (summaries to write, events
to archive) when it starts. Then the next days' turns are curated one at a
time as a curate task does it (``record_turn`` + ``apply_pending``: the
user's lock, the write pipeline, one transaction per group), in blocks of
``--block`` turns, in ``--rounds`` rounds of one block per arm: maintenance
off, maintenance on (another process running one slice of
``Memory.maintain`` for the same user every ``--interval`` s, as a
maintenance worker runs a task and queues the next slice of a backlog); the
order inside a round alternates (off-on, on-off, …), so a drift of the
machine's load falls on both arms. Each round gives its own p99 ratio: the
median and spread of those say whether a claim holds beyond one noisy run.
``--warm`` turns are curated untimed first (the store just seeded: caches,
autovacuum). The job's process loads its tokenizer before its block starts, as
a worker does at start-up (``workers.app``: ``warm_up``).

Two phases, each its own off/on comparison in the same run:
- **catch-up**: the job starts on the never-maintained backlog (the 60 days)
  and works through it in slices during the "on" blocks;
- **steady**: the backlog is finished first (untimed), then the job runs
  beside curation with only what the new turns bring (beat's hourly run,
  here every ``--interval`` s).

Prints p50/p95/p99 of the per-turn curation latency for each arm and phase,
the p99 ratio (on / off) pooled and per round (median, spread), the load
average, and what maintenance did. ``--sample-waits`` adds where the
curator's and the job's PostgreSQL backends spent their time in each arm
(``pg_waits``: waiting for a row lock, running on the server, the client's
code inside a transaction).

Run: ``.venv/bin/python ops/bench/bench_lifecycle_load.py [--seed-days 60] [--block 300] [--rounds 3]
[--interval 2] [--nice 10] [--phases catch-up,steady] [--sample-waits]``.
Starts a private PostgreSQL unless ``GULFSTREAM_REDIS_URL`` and ``GULFSTREAM_DATABASE_URL`` are set.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _stack import percentiles, servers, table
from lifecycle_world import build_world
from pg_waits import WaitSampler, named_url, shares

from memory_core.service import Memory
from memory_core.settings import load_settings
from memory_core.store.sql import SqlStore
from memory_core.text.tokenize import warm_up


def _memory(db_url: str) -> Memory:
    return Memory(SqlStore(db_url), settings=load_settings(maintain_every_turns=0, database_url=db_url))


def maintain_loop(db_url: str, user: str, stop: Any, ready: Any, out: Any, interval_s: float, nice: int) -> None:
    """Run one slice of the maintenance job for ``user`` every ``interval_s`` until ``stop``; put totals on ``out``.

    ``nice`` lowers the process's CPU priority, as a maintenance worker is run
    (``nice -n 10 celery … -Q maintenance``). The tokenizer is loaded before
    ``ready`` is set, as a worker loads it at start-up.
    """
    if nice:
        os.nice(nice)
    warm_up()
    memory = _memory(db_url)
    ready.set()
    totals = {"runs": 0, "summaries": 0, "archived": 0, "expired": 0, "merged": 0, "skipped": 0, "backlog": 0,
              "slice_ms": 0}
    while not stop.is_set():
        t0 = time.perf_counter()
        [r] = memory.maintain(user, whole=False)
        totals["slice_ms"] += round((time.perf_counter() - t0) * 1e3)  # the slice's wall time, its pauses included
        totals["runs"] += 1
        for name in ("summaries", "archived", "expired", "merged"):
            totals[name] += getattr(r, name)
        totals["skipped"] += r.skipped_ops
        totals["backlog"] += int(r.backlog)
        stop.wait(interval_s)
    memory.close()
    out.put(totals)


def _ratio(on: list[float], off: list[float], q: int) -> float:
    """p``q`` of ``on`` over p``q`` of ``off`` (q: 50 or 99)."""
    return percentiles(on)[2 if q == 99 else 0] / percentiles(off)[2 if q == 99 else 0]


def _blocks(memory: Memory, db_url: str, user: str, turns: list[Any], args: argparse.Namespace, phase: str,
            sampler: WaitSampler | None) -> tuple[list[dict[str, list[float]]], list[dict[str, int]], list[float],
                                                  dict[str, dict[str, Counter[str]]]]:
    """Curate ``turns`` in rounds of an off and an on block (the order alternates from round to round, so a
    drift of the machine's load falls on both arms); return per round the latencies (ms) by arm, the job's
    totals, the load averages and, with ``sampler``, the backends' sampled states by arm and client."""
    rounds: list[dict[str, list[float]]] = []
    done: list[dict[str, int]] = []
    waits: dict[str, dict[str, Counter[str]]] = {"off": {}, "on": {}}
    loads = [os.getloadavg()[0]]
    ctx = mp.get_context("spawn")
    job_url = named_url(db_url, "gs-maintainer")
    pos = 0
    for n in range(args.rounds):
        lat: dict[str, list[float]] = {"off": [], "on": []}
        for arm in (("off", "on") if n % 2 == 0 else ("on", "off")):
            stop, ready, out, proc = ctx.Event(), ctx.Event(), ctx.Queue(), None
            if arm == "on":
                proc = ctx.Process(target=maintain_loop,
                                   args=(job_url, user, stop, ready, out, args.interval, args.nice))
                proc.start()
                if not ready.wait(300):
                    raise RuntimeError("the maintenance process did not start")
            if sampler is not None:
                sampler.take()
            for turn in turns[pos:pos + args.block]:
                t0 = time.perf_counter()
                memory.record_turn(turn)
                memory.apply_pending(user)
                lat[arm].append((time.perf_counter() - t0) * 1e3)
            if sampler is not None:
                for name, counts in sampler.take().items():
                    waits[arm].setdefault(name, Counter()).update(counts)
            pos += args.block
            loads.append(os.getloadavg()[0])
            if proc is not None:
                stop.set()
                done.append(out.get(timeout=600))
                proc.join(timeout=60)
        rounds.append(lat)
        print(f"{phase} round {n + 1}: p99 on / off {_ratio(lat['on'], lat['off'], 99):.3f}, "
              f"load average {loads[-1]:.1f}", flush=True)
    print(f"{phase}: {pos} turns curated, load average {min(loads):.1f}-{max(loads):.1f}", flush=True)
    return rounds, done, loads, waits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed-days", type=int, default=60)
    parser.add_argument("--block", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--interval", type=float, default=2.0,
                        help="seconds between maintenance slices (beat runs the job hourly; a backlog's next "
                             "slice follows after maintain_slice_pause_s, 5 s by default)")
    parser.add_argument("--nice", type=int, default=10, help="niceness of the maintenance process")
    parser.add_argument("--phases", default="catch-up,steady", help="catch-up, steady or both (comma-separated)")
    parser.add_argument("--warm", type=int, default=100,
                        help="turns curated untimed after seeding, before the first block (caches, autovacuum)")
    parser.add_argument("--sample-waits", action="store_true",
                        help="sample pg_stat_activity every 10 ms: where the curator's and the job's backends "
                             "spend their time (lock waits, server CPU, client code) in each arm")
    args = parser.parse_args()
    phases = [p.strip() for p in args.phases.split(",") if p.strip()]
    if not phases or any(p not in ("catch-up", "steady") for p in phases):
        parser.error("--phases takes catch-up and/or steady")
    per_phase = (2 * args.rounds * args.block) // 84 + 2
    world = build_world(days=args.seed_days + per_phase * len(phases) + args.warm // 84 + 1)
    seed = [t for d in world.days[:args.seed_days] for t in d.turns]
    live = [t for d in world.days[args.seed_days:] for t in d.turns]
    need = 2 * args.rounds * args.block
    rows, ratios = [], []
    with servers() as (_, db_url, _scratch):
        memory = _memory(named_url(db_url, "gs-curator"))
        memory.ingest(seed)
        user = world.user_id
        for turn in live[:args.warm]:
            memory.record_turn(turn)
            memory.apply_pending(user)
        live = live[args.warm:]
        sampler = WaitSampler(db_url, ("gs-curator", "gs-maintainer")).start() if args.sample_waits else None
        started = time.perf_counter()
        for n, phase in enumerate(phases):
            if phase == "steady":
                memory.maintain(user)  # the backlog, whole (untimed): the steady job has only new turns to read
            per_round, done, loads, waits = _blocks(memory, db_url, user, live[n * need:(n + 1) * need], args,
                                                    phase, sampler)
            totals = {k: sum(d[k] for d in done) for k in done[0]} if done else {}
            lat = {arm: [ms for r in per_round for ms in r[arm]] for arm in ("off", "on")}
            for arm in ("off", "on"):
                p50, p95, p99 = percentiles(lat[arm])
                rows.append([phase, f"maintenance {arm}", len(lat[arm]), p50, p95, p99])
            each = sorted(_ratio(r["on"], r["off"], 99) for r in per_round)
            ratios.append(f"{phase}: p99 on / off, pooled {_ratio(lat['on'], lat['off'], 99):.3f}; per round "
                          f"median {statistics.median(each):.3f}, spread {each[0]:.3f}-{each[-1]:.3f} "
                          f"({len(each)} rounds: {', '.join(f'{x:.3f}' for x in each)}); p50 on / off "
                          f"{_ratio(lat['on'], lat['off'], 50):.3f}; load average {min(loads):.1f}-{max(loads):.1f}; "
                          f"job in the 'on' blocks: {totals}")
            for arm in ("off", "on"):
                for name, counts in sorted(waits[arm].items()):
                    ratios.append(f"  {phase}, maintenance {arm}, {name} backends sampled: {shares(counts)} "
                                  f"({sum(counts.values())} samples)")
        wall = time.perf_counter() - started
        if sampler is not None:
            sampler.stop()
        check = memory.store.self_check(repair=False).status
        memory.close()
    print(f"\n### Curation latency beside the maintenance job ({args.seed_days} seeded days, "
          f"{args.rounds} rounds of {args.block}-turn blocks per phase, a slice every {args.interval} s at nice "
          f"{args.nice}, {wall:.0f} s)\n")
    print(table(["phase", "arm", "turns", "p50 ms", "p95 ms", "p99 ms"], rows))
    print()
    for line in ratios:
        print(line)
    print(f"self_check after: {check}")


if __name__ == "__main__":
    main()
