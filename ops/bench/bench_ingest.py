"""Benchmark: ingest throughput end to end (published → applied), turns/s, by curate processes.

Publishes ``--turns`` turns spread over ``--users`` users as fast as
``--publishers`` client threads can (each stands for a chat-service
process with its ``MemoryClient``; each user's turns come from one of them,
in order), and times until every user's last turn is applied, with 1, 2
and 4 curate worker processes (one celery worker, prefork pool, ``-c N``),
mechanical write pipeline. CPU columns are user+system time over the wall
time (100% = one core) of the worker processes, the publishing threads,
redis-server and the postgres processes; ``ingest msgs`` counts the ingest
messages the worker ran (bursts of one user share one).

Run: ``.venv/bin/python ops/bench/bench_ingest.py [--turns 2000] [--users 50] [--procs 1,2,4] [--publishers 4]``.
Starts private Redis and PostgreSQL unless ``GULFSTREAM_REDIS_URL`` and
``GULFSTREAM_DATABASE_URL`` are both set. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from _stack import REPO, CeleryProcesses, create_database, servers, table
from sqlalchemy import create_engine, text

from api_shim.client import MemoryClient
from memory_core.store.migrate import upgrade

sys.path.insert(0, str(REPO / "tests" / "workers"))
from _workload import make_turns, turn_texts


def group_cpu_s(pgid: int) -> float:
    """User+system CPU seconds of every live process in process group ``pgid``."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid:  # fields[2] is pgrp (field 5 of stat)
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def named_cpu_s() -> dict[str, float]:
    """User+system CPU seconds of the live redis-server and postgres processes, by name."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {"redis": 0.0, "postgres": 0.0}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            raw = stat.read_text()
        except OSError:
            continue
        name = raw[raw.index("(") + 1:raw.rindex(")")]
        fields = raw.rsplit(")", 1)[1].split()
        key = "redis" if name.startswith("redis") else "postgres" if name.startswith("postgres") else None
        if key:
            out[key] += (int(fields[11]) + int(fields[12])) / tick
    return out


def applied_users(url: str, expected: int) -> int:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(text("SELECT count(*) FROM users WHERE last_applied_seq >= :n"),
                                    {"n": expected}).scalar_one())
    finally:
        engine.dispose()


def publish_all(redis_url: str, turns: list[list[dict[str, object]]], publishers: int) -> float:
    """Publish every user's turns in order, users split over ``publishers`` threads; return seconds."""
    def run(share: list[list[dict[str, object]]]) -> None:
        client = MemoryClient(redis_url)
        try:
            for i in range(max(len(t) for t in share)):
                for user_turns in share:
                    if i < len(user_turns):
                        client.publish_turn(**user_turns[i])  # type: ignore[arg-type]
        finally:
            client.close()

    t0 = time.perf_counter()
    with ThreadPoolExecutor(publishers) as pool:
        list(pool.map(run, [turns[i::publishers] for i in range(publishers)]))
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=2000)
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--procs", default="1,2,4")
    parser.add_argument("--publishers", type=int, default=4, help="publishing threads (chat service processes)")
    parser.add_argument("--events", action="store_true", help="workers send task events (as under Flower)")
    args = parser.parse_args()
    per_user = args.turns // args.users
    rows = []
    with servers() as (redis_url, first_db, scratch):
        admin = first_db
        for n in (int(p) for p in args.procs.split(",")):
            db_url = create_database(admin, prefix="ingest")
            upgrade(db_url)
            procs = CeleryProcesses(redis_url, db_url, scratch)
            worker = procs.worker(f"curate-{n}", concurrency=n, GULFSTREAM_TASK_TIME_LIMIT_S="600",
                                  GULFSTREAM_VISIBILITY_TIMEOUT_S="900", GULFSTREAM_INGEST_GAP_WAIT_S="600",
                                  GULFSTREAM_INBOX_REDELIVER_AFTER_S="120",
                                  GULFSTREAM_TASK_EVENTS=str(args.events).lower())
            turns = [make_turns(f"u{n}-{u:03d}", turn_texts(u, per_user)) for u in range(args.users)]
            assert worker.proc is not None
            cpu0, named0 = group_cpu_s(worker.proc.pid), named_cpu_s()
            usage0 = resource.getrusage(resource.RUSAGE_SELF)
            t0 = time.perf_counter()
            published_s = publish_all(redis_url, turns, args.publishers)
            usage1 = resource.getrusage(resource.RUSAGE_SELF)
            while applied_users(db_url, per_user) < args.users:
                time.sleep(0.05)
            wall_s = time.perf_counter() - t0
            cpu_s = group_cpu_s(worker.proc.pid) - cpu0
            named = {k: v - named0[k] for k, v in named_cpu_s().items()}
            pub_cpu_s = (usage1.ru_utime + usage1.ru_stime) - (usage0.ru_utime + usage0.ru_stime)
            procs.stop_all()
            log = scratch / f"curate-{n}.log"  # "received" and "succeeded" lines per message
            messages = log.read_text(errors="replace").count("gulfstream.ingest_turn[") // 2 if log.exists() else -1
            total = per_user * args.users
            rows.append((n, total, args.users, args.publishers, f"{total / published_s:.0f}", f"{wall_s:.1f}",
                         f"{total / wall_s:.0f}", messages, f"{100 * cpu_s / wall_s:.0f}%",
                         f"{1000 * cpu_s / total:.1f}", f"{100 * pub_cpu_s / wall_s:.0f}%",
                         f"{100 * named['redis'] / wall_s:.0f}%", f"{100 * named['postgres'] / wall_s:.0f}%",
                         f"{os.getloadavg()[0]:.1f}"))
            print(f"{n} process(es) done", flush=True)
    print()
    print(table(["curate procs", "turns", "users", "publishers", "publish turns/s", "wall s",
                 "end-to-end turns/s", "ingest msgs", "worker CPU", "worker CPU ms/turn", "publisher CPU",
                 "redis CPU", "postgres CPU", "load avg"], rows))
    print(f"\nmechanical pipeline; task events {'on' if args.events else 'off'}; CPU over the wall time, "
          "100% = one core; load avg: 1-minute, 2 cores")


if __name__ == "__main__":
    main()
