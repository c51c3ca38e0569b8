"""Benchmark: curation latency with the maintenance job running beside it, against without (same run).

One user on PostgreSQL (the distributed mode's store). The user's history
is seeded with ``--seed-days`` simulated days (``lifecycle_world``) that
were never maintained, so the job has real work (summaries to write, events
to archive) when it starts. Then the next days' turns are curated one at a
time as a curate task does it (``record_turn`` + ``apply_pending``: the
user's lock, the write pipeline, one transaction per group), in blocks of
``--block`` turns that alternate: maintenance off, maintenance on (another
process running ``Memory.maintain`` for the same user in a loop, as a
maintenance worker would), off, on, … Alternating blocks spread machine
noise over both arms. Prints p50/p95/p99 of the per-turn curation latency
for each arm and the p99 ratio (on / off), plus what maintenance did.

Run: ``.venv/bin/python ops/bench/bench_lifecycle_load.py [--seed-days 60] [--block 300] [--rounds 3]
[--interval 0] [--nice 0]``.
Starts a private PostgreSQL unless ``GULFSTREAM_REDIS_URL`` and ``GULFSTREAM_DATABASE_URL`` are set.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _stack import percentiles, servers, table
from lifecycle_world import build_world

from memory_core.service import Memory
from memory_core.settings import load_settings
from memory_core.store.sql import SqlStore


def _memory(db_url: str) -> Memory:
    return Memory(SqlStore(db_url), settings=load_settings(maintain_every_turns=0, database_url=db_url))


def maintain_loop(db_url: str, user: str, stop: Any, out: Any, interval_s: float, nice: int) -> None:
    """Run the maintenance job for ``user`` every ``interval_s`` until ``stop`` is set; put totals on ``out``.

    ``nice`` lowers the process's CPU priority, as a maintenance worker is run
    (``nice -n 10 celery … -Q maintenance``).
    """
    if nice:
        os.nice(nice)
    memory = _memory(db_url)
    totals = {"runs": 0, "summaries": 0, "archived": 0, "expired": 0, "merged": 0, "skipped": 0}
    while not stop.is_set():
        [r] = memory.maintain(user)
        totals["runs"] += 1
        for name in ("summaries", "archived", "expired", "merged"):
            totals[name] += getattr(r, name)
        totals["skipped"] += r.skipped_ops
        stop.wait(interval_s)
    memory.close()
    out.put(totals)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed-days", type=int, default=60)
    parser.add_argument("--block", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--interval", type=float, default=0.0,
                        help="seconds between maintenance runs (0: back to back, a stress far above beat's hourly)")
    parser.add_argument("--nice", type=int, default=0, help="niceness of the maintenance process")
    args = parser.parse_args()
    need_days = args.seed_days + (2 * args.rounds * args.block) // 84 + 2
    world = build_world(days=need_days)
    seed = [t for d in world.days[:args.seed_days] for t in d.turns]
    live = [t for d in world.days[args.seed_days:] for t in d.turns]
    with servers() as (_, db_url, _scratch):
        memory = _memory(db_url)
        memory.ingest(seed)
        user = world.user_id
        lat: dict[str, list[float]] = {"off": [], "on": []}
        done: list[dict[str, int]] = []
        ctx = mp.get_context("spawn")
        pos = 0
        started = time.perf_counter()
        for _ in range(args.rounds):
            for arm in ("off", "on"):
                stop, out, proc = ctx.Event(), ctx.Queue(), None
                if arm == "on":
                    proc = ctx.Process(target=maintain_loop, args=(db_url, user, stop, out, args.interval, args.nice))
                    proc.start()
                    time.sleep(1.0)  # the job is running (past its start-up) before the block starts
                for turn in live[pos:pos + args.block]:
                    t0 = time.perf_counter()
                    memory.record_turn(turn)
                    memory.apply_pending(user)
                    lat[arm].append((time.perf_counter() - t0) * 1e3)
                pos += args.block
                if proc is not None:
                    stop.set()
                    done.append(out.get(timeout=600))
                    proc.join(timeout=60)
        wall = time.perf_counter() - started
        check = memory.store.self_check(repair=False).status
        memory.close()
    rows = []
    for arm in ("off", "on"):
        p50, p95, p99 = percentiles(lat[arm])
        rows.append([f"maintenance {arm}", len(lat[arm]), p50, p95, p99])
    print(f"\n### Curation latency beside the maintenance job ({args.seed_days} seeded days, "
          f"{args.rounds} rounds of {args.block}-turn blocks, maintenance every {args.interval} s at nice "
          f"{args.nice}, {wall:.0f} s)\n")
    print(table(["arm", "turns", "p50 ms", "p95 ms", "p99 ms"], rows))
    ratio = percentiles(lat["on"])[2] / percentiles(lat["off"])[2]
    print(f"\np99 on / off: {ratio:.3f}; p50 on / off: "
          f"{percentiles(lat['on'])[0] / percentiles(lat['off'])[0]:.3f}")
    totals = {k: sum(d[k] for d in done) for k in done[0]} if done else {}
    print(f"maintenance during the 'on' blocks: {totals}; self_check after: {check}")


if __name__ == "__main__":
    main()
