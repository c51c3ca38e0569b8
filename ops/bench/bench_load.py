"""Load test: locust (headless, bounded) against the stack, by curate processes × recall workers.

Fills U users × M items (default 10,000 × 20, with COPY), then for each
configuration of curate processes (1, 2) and recall workers (1, 2; two run
with user affinity on ``recall.0`` / ``recall.1``, and both also consume
``recall`` so the no-op floor reaches them) runs ``locustfile_memory.py``
with ``--headless -u CLIENTS -r CLIENTS -t SECONDS`` on loopback and prints
throughput, p50/p99 and failures of publish, recall and the no-op floor.

Run: ``.venv/bin/python ops/bench/bench_load.py [--clients 30] [--seconds 40] [--users 10000]``.
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import subprocess
import sys
import time
from pathlib import Path

from _stack import CeleryProcesses, servers, table
from bench_scale import fill_users

from memory_core.wire.affinity import shard_queues

HERE = Path(__file__).resolve().parent


def run_locust(redis_url: str, shards: int, users: int, clients: int, seconds: int, out: Path,
               wait: str) -> dict[str, dict]:
    env = {**os.environ, "GULFSTREAM_REDIS_URL": redis_url, "GULFSTREAM_RECALL_SHARDS": str(shards),
           "GULFSTREAM_LOAD_USERS": str(users), "GULFSTREAM_LOAD_WAIT_S": wait}
    cmd = [sys.executable, "-m", "locust", "-f", str(HERE / "locustfile_memory.py"), "--headless",
           "-u", str(clients), "-r", str(clients), "-t", f"{seconds}s", "--csv", str(out), "--only-summary",
           "--stop-timeout", "10", "--loglevel", "WARNING"]
    subprocess.run(cmd, env=env, check=False, timeout=seconds + 120, cwd=HERE)
    rows = {}
    with open(f"{out}_stats.csv", newline="") as fh:
        for row in csv.DictReader(fh):
            rows[row["Name"]] = row
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=30, help="simulated chat backends (locust users)")
    parser.add_argument("--seconds", type=int, default=40)
    parser.add_argument("--users", type=int, default=10_000)
    parser.add_argument("--items", type=int, default=20)
    parser.add_argument("--configs", default="1x1,2x1,1x2,2x2", help="curate processes x recall workers")
    parser.add_argument("--wait", default="0.05,0.15", help="min,max seconds a backend waits between calls")
    args = parser.parse_args()
    headers = ["curate × recall", "publish/s", "publish p50", "publish p99", "recall/s", "recall p50",
               "recall p99", "noop p50", "noop p99", "recall Δp50", "failures"]
    rows = []
    with servers() as (redis_url, db_url, scratch):
        t0 = time.perf_counter()
        fill_users(db_url, args.users, args.items, random.Random(3))
        print(f"filled {args.users} × {args.items} in {time.perf_counter() - t0:.0f} s", flush=True)
        for config in args.configs.split(","):
            curate, recall = (int(x) for x in config.split("x"))
            procs = CeleryProcesses(redis_url, db_url, scratch)
            try:
                for n in range(curate):
                    procs.worker(f"curate-{config}-{n}", queues="ingest,curate,maintenance", concurrency=1)
                if recall == 1:
                    procs.worker(f"recall-{config}", queues="recall", pool="solo", concurrency=1)
                else:
                    for n, queue in enumerate(shard_queues(recall)):
                        procs.worker(f"recall-{config}-{n}", queues=f"{queue},recall", pool="solo", concurrency=1)
                time.sleep(3.5)  # heartbeats in place
                stats = run_locust(redis_url, 0 if recall == 1 else recall, args.users, args.clients, args.seconds,
                                   scratch / f"locust-{config}", args.wait)
            finally:
                procs.stop_all()
            pub, rec, noop = stats.get("publish", {}), stats.get("recall", {}), stats.get("noop", {})

            def f(row: dict, key: str) -> float:
                return float(row.get(key) or "nan")

            failures = sum(int(r.get("Failure Count") or 0) for r in (pub, rec, noop))
            rows.append((f"{curate} × {recall}", f(pub, "Requests/s"), f(pub, "50%"), f(pub, "99%"),
                         f(rec, "Requests/s"), f(rec, "50%"), f(rec, "99%"), f(noop, "50%"), f(noop, "99%"),
                         f(rec, "50%") - f(noop, "50%"), failures))
            print(table(headers, rows[-1:]).splitlines()[-1], flush=True)
    print()
    print(table(headers, rows))
    print(f"\n{args.clients} simulated chat backends waiting {args.wait} s between calls, {args.seconds} s per "
          f"configuration, {args.users:,} users × {args.items} items; ms; failures = errors + degraded recalls.")


if __name__ == "__main__":
    main()
