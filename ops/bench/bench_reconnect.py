"""Seconds from Redis answering again to each worker consuming again, by outage length and backoff.

    PYTHONPATH=. python ops/bench/bench_reconnect.py [--downs 0.5,1.5,3,4.5,6.5,9,12.5,15,20.5] [--repeat 1]

One private Redis and two idle curate workers run side by side, gossip,
mingle and heartbeats on (as ``ops/stack.sh`` runs them): one with the
workers' reconnect backoff (``workers/reconnect.py``: 0.5 s growing by 0.5 s
to 2 s), one with kombu's default (2 s growing by 2 s to 30 s), the baseline
of the same run. Redis is stopped (SIGKILL) for each outage in turn and
started again; a worker's delay is the time of its next ``Connected to`` log
line minus the time Redis answered PING. Prints one row per outage and a
summary (median, max, mean) per backoff.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
for sub in ("tests", "tests/workers", "ops"):
    sys.path.insert(0, str(REPO / sub))

from _celery import CeleryProcesses  # noqa: E402
from _redis import start_redis  # noqa: E402
from soak_reconnect import reconnect_delays  # noqa: E402

BACKOFFS = {"workers (0.5 s → 2 s)": {},
            "kombu default (2 s → 30 s)": {"GULFSTREAM_BROKER_RECONNECT_STEP_S": "2",
                                            "GULFSTREAM_BROKER_RECONNECT_MAX_S": "30"}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--downs", default="0.5,1.5,3,4.5,6.5,9,12.5,15,20.5", help="outages, seconds")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--settle-s", type=float, default=14.0, help="wait after Redis is back (> kombu's next try)")
    args = ap.parse_args()
    downs = [float(x) for x in args.downs.split(",")] * args.repeat
    tmp = Path(tempfile.mkdtemp(prefix="gulfstream-reconnect-"))
    redis = start_redis(tmp / "redis", appendfsync="everysec")
    procs = CeleryProcesses(redis.url, f"sqlite:///{tmp / 'unused.db'}", tmp)
    try:
        workers = {label: procs.worker(f"w{i}", queues="curate", concurrency=1, supervised_flags=True, **env)
                   for i, (label, env) in enumerate(BACKOFFS.items())}
        restarts = []
        for down in downs:
            time.sleep(2.0)
            down_at = time.time()
            assert redis.proc is not None
            redis.proc.kill()
            redis.proc.wait()
            time.sleep(down)
            redis.start()
            back_at = time.time()
            time.sleep(args.settle_s)
            restarts.append((down_at, back_at, list(workers.values()), down))
        per = {label: dict(reconnect_delays(restarts, [w])[0]) for label, w in workers.items()}
        print("| outage s | " + " | ".join(f"{label}: s to reconnect" for label in BACKOFFS) + " |")
        print("|---:" * (len(BACKOFFS) + 1) + "|")
        for down in downs[:len(set(downs))] if args.repeat == 1 else sorted(set(downs)):
            print(f"| {down:g} | " + " | ".join(f"{per[label].get(down, float('nan')):.2f}" for label in BACKOFFS)
                  + " |")
        print()
        print("| backoff | reconnects | median s | mean s | max s |")
        print("|---|---:|---:|---:|---:|")
        for label, w in workers.items():
            delays = [d for _, d in reconnect_delays(restarts, [w])[0]]
            print(f"| {label} | {len(delays)}/{len(downs)} | {statistics.median(delays):.2f} | "
                  f"{statistics.fmean(delays):.2f} | {max(delays):.2f} |")
    finally:
        procs.stop_all()
        redis.stop()


if __name__ == "__main__":
    main()
