"""The HTTP shim's first calls against its later ones, per source tree, in one run.

Starts private PostgreSQL and Redis, one curate and one solo recall worker (of this tree), gives every shim its
own user with a few items, and makes the recall worker answer each of those users once through the Celery round
trip (``MemoryClient.recall``), so what a shim's first call pays is the shim's own, not the worker's index build.
Then, tree by tree (``--tree``, repeated; default this tree), it starts a fresh shim process (``python -m
api_shim.http serve`` at the default recall wait, 250 ms), waits for ``/healthz`` and then until the shim is idle
(its CPU time, ``/proc/<pid>/stat``, grew less than 20 ms in a second, at least ``--settle-s``: a shim is started
before traffic reaches it, and what it does in the background at start is done by then), and times, with one keep-alive
``httpx`` client: recalls alternating an English and a Chinese question, then three recalls the worker is given
no time for (``timeout_ms`` 10: answered by the shim's database fallback, as when a worker is slow or gone; a
status other than 200 is shown beside the time: 503 when the fallback's set-up outran its allowance, 30 s),
then the item listing twice. Each figure
is wall milliseconds of one call; "first ÷ later" divides the first call by the median of the later recalls.
A shim whose first recall fell back to the database says so in the "first degraded" column (yes, or the
HTTP status of a call that failed: 503 when the fallback's set-up outran its allowance). ``--rounds`` repeats the
whole walk, the trees taking turns, each round with fresh shims and fresh users.

Usage::

    .venv/bin/python ops/bench/bench_first_call.py --tree /work/main --tree . [--rounds 2]
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1].parent
sys.path[:0] = [str(REPO), str(REPO / "ops" / "bench")]

import httpx  # noqa: E402
import sqlalchemy as sa  # noqa: E402
from _stack import CeleryProcesses, servers, table  # noqa: E402

from api_shim.client import MemoryClient  # noqa: E402
from api_shim.http.auth import KeyStore  # noqa: E402
from tests._redis import free_port  # noqa: E402

ITEMS = ("User loves jasmine tea", "用户住在杭州", "User works as a nurse at the city hospital")
QUERIES = ("what does she drink?", "她住在哪里？")
RECALLS = 11


def _shim(tree: Path, env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str, float]:
    """Start a shim from ``tree``; return (process, base URL, seconds until ``/healthz`` answered)."""
    port = free_port()
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "api_shim.http", "serve", "--port", str(port)], env=env,
                            cwd=tree, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        try:
            if httpx.get(f"{base}/healthz", timeout=5).status_code == 200:
                return proc, base, time.perf_counter() - started
        except httpx.TransportError:
            if time.monotonic() > deadline or proc.poll() is not None:
                raise
        time.sleep(0.05)


def _cpu_s(pid: int) -> float:
    """CPU seconds process ``pid`` has used (its threads included)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _idle(pid: int, timeout_s: float = 180.0) -> float:
    """Wait until ``pid`` used under 20 ms of CPU in a second; return the seconds waited."""
    started = time.monotonic()
    last = _cpu_s(pid)
    while time.monotonic() - started < timeout_s:
        time.sleep(1.0)
        now = _cpu_s(pid)
        if now - last < 0.02:
            break
        last = now
    return time.monotonic() - started


def _walk(base: str, key: str, user: str) -> dict[str, Any]:
    """Time the calls of one fresh shim (see the module docstring)."""
    recalls: list[float] = []
    degraded: list[str] = []  # "no", "yes" (answered by the fallback) or the HTTP status of a failed call
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=60) as web:
        for i in range(RECALLS):
            started = time.perf_counter()
            reply = web.post(f"/v1/users/{user}/recall", json={"query": QUERIES[i % 2], "k": 3})
            recalls.append((time.perf_counter() - started) * 1e3)
            degraded.append(str(reply.status_code) if reply.status_code != 200
                            else ("yes" if reply.json()["degraded"] else "no"))
        fallback = []
        for i in range(3):
            started = time.perf_counter()
            reply = web.post(f"/v1/users/{user}/recall", json={"query": QUERIES[i % 2], "k": 3, "timeout_ms": 10})
            took_ms = (time.perf_counter() - started) * 1e3
            fallback.append(f"{took_ms:.0f}" + ("" if reply.status_code == 200 else f" ({reply.status_code})"))
        listing = []
        for _ in range(2):
            started = time.perf_counter()
            web.get(f"/v1/users/{user}/items").raise_for_status()
            listing.append((time.perf_counter() - started) * 1e3)
    later = statistics.median(recalls[1:])
    return {"first": recalls[0], "later": later, "ratio": recalls[0] / later, "degraded": degraded[0],
            "degraded later": sum(d != "no" for d in degraded[1:]), "list first": listing[0], "list second": listing[1],
            "fallback first": fallback[0], "fallback later": ", ".join(fallback[1:])}


def main() -> None:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description="the HTTP shim's first call against its later ones")
    parser.add_argument("--tree", type=Path, action="append", default=None, help="a source tree (repeatable)")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--settle-s", type=float, default=2.0, help="wait at least this after /healthz")
    args = parser.parse_args()
    trees = [t.resolve() for t in (args.tree or [REPO])]
    rows = []
    with servers() as (redis_url, db_url, scratch):
        procs = CeleryProcesses(redis_url, db_url, scratch)
        client = MemoryClient(redis_url, database_url=db_url, recall_timeout_ms=30000)
        try:
            procs.worker("curate", concurrency=1)
            procs.worker("recall", queues="recall", pool="solo", concurrency=1)
            key, _ = KeyStore(sa.create_engine(db_url)).create("bench", rate_per_s=1e6, burst=10**6)
            env = {**procs.env, "PYTHONPATH": "", "GULFSTREAM_EMBEDDER": "none"}
            load = [os.getloadavg()[0]]
            for round_no in range(args.rounds):
                for n, tree in enumerate(trees):
                    user = f"u{round_no}x{n}"
                    for text in ITEMS:
                        client.add_item(f"bench:{user}", text, "life")
                    for query in QUERIES:  # the worker's index of the user built before the shim's first call
                        client.recall(f"bench:{user}", query, k=3)
                    proc, base, ready_s = _shim(tree, env)
                    time.sleep(args.settle_s)
                    settled_s = _idle(proc.pid) + args.settle_s
                    try:
                        row = _walk(base, key, user)
                        cpu_s = _cpu_s(proc.pid)
                    finally:
                        proc.send_signal(signal.SIGINT)
                        proc.wait(30)
                    rows.append((f"{tree} (round {round_no + 1})", round(ready_s * 1e3), round(settled_s, 1),
                                 round(cpu_s, 2), row["first"], row["later"], row["ratio"], row["degraded"],
                                 row["fallback first"], row["fallback later"], row["list first"], row["list second"]))
            load.append(os.getloadavg()[0])
        finally:
            client.close()
            procs.stop_all()
    print(f"1-minute load average {load[0]:.1f} → {load[-1]:.1f} on {os.cpu_count()} CPUs; wall ms of one call\n")
    print(table(["shim tree", "start to /healthz ms", "then idle after s", "shim CPU s in all", "first recall ms",
                 "later recalls p50 ms", "first ÷ later", "first degraded", "first fallback ms", "2nd, 3rd fallback ms",
                 "first listing ms", "second listing ms"], rows))


if __name__ == "__main__":
    main()
