"""Benchmark: ingest throughput end to end (published → applied), turns/s, by curate processes.

Publishes ``--turns`` turns spread over ``--users`` users as fast as one
client can, and times until every user's last turn is applied, with 1, 2
and 4 curate worker processes (one celery worker, prefork pool, ``-c N``),
mechanical write pipeline. CPU is the worker processes' user+system time
over the wall time (100% = one core); Redis and PostgreSQL are not counted.

Run: ``.venv/bin/python ops/bench/bench_ingest.py [--turns 2000] [--users 50] [--procs 1,2,4]``.
Starts private Redis and PostgreSQL unless ``GULFSTREAM_REDIS_URL`` and
``GULFSTREAM_DATABASE_URL`` are both set. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
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


def applied_users(url: str, expected: int) -> int:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(text("SELECT count(*) FROM users WHERE last_applied_seq >= :n"),
                                    {"n": expected}).scalar_one())
    finally:
        engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=2000)
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--procs", default="1,2,4")
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
                                  GULFSTREAM_INBOX_REDELIVER_AFTER_S="120")
            client = MemoryClient(redis_url)
            turns = [make_turns(f"u{n}-{u:03d}", turn_texts(u, per_user)) for u in range(args.users)]
            assert worker.proc is not None
            cpu0 = group_cpu_s(worker.proc.pid)
            t0 = time.perf_counter()
            for i in range(per_user):
                for user_turns in turns:
                    client.publish_turn(**user_turns[i])
            published_s = time.perf_counter() - t0
            while applied_users(db_url, per_user) < args.users:
                time.sleep(0.1)
            wall_s = time.perf_counter() - t0
            cpu_s = group_cpu_s(worker.proc.pid) - cpu0
            client.close()
            procs.stop_all()
            total = per_user * args.users
            rows.append((n, total, args.users, f"{total / published_s:.0f}", f"{wall_s:.1f}",
                         f"{total / wall_s:.0f}", f"{100 * cpu_s / wall_s:.0f}%"))
            print(f"{n} process(es) done", flush=True)
    print()
    print(table(["curate procs", "turns", "users", "publish turns/s", "wall s", "end-to-end turns/s",
                 "worker CPU"], rows))
    print("\nmechanical pipeline; one client publishing; CPU: 100% = one core (Redis/PostgreSQL excluded)")


if __name__ == "__main__":
    main()
