"""Recall over HTTP against the Celery recall round trip it wraps, measured side by side.

Starts private PostgreSQL and Redis, one curate and one solo recall worker,
and the shim as its own ``uvicorn`` process (``python -m api_shim.http
serve``), imports ``--items`` memory items for one user, warms every path,
then, query by query, calls each of these once, in a shuffled order:

- ``MemoryClient.recall``: the Celery round trip (the baseline);
- ``POST /v1/users/{user}/recall`` with the standard library's
  ``http.client`` (keep-alive, the request in one write): a lean client, as
  backends in other languages have;
- the same with ``httpx`` (keep-alive), the usual Python client, which
  spends about a millisecond of its own CPU per request;
- with ``--compare-tree DIR``, both HTTP calls again against a second shim
  served from another source tree (e.g. the previous commit, from
  ``git archive <commit> | tar -x -C DIR``), for a before/after in one run.

Every path makes the same Celery call, so the difference of the p50s is what
HTTP adds. The machine may be shared: the table states the load average, and
only differences inside one run mean anything. ``--profile`` records the shim
with py-spy.

Usage::

    .venv/bin/python ops/bench/bench_http.py [--calls 500] [--items 1000] [--compare-tree DIR]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(REPO), str(REPO / "tests")]

import httpx  # noqa: E402
import sqlalchemy as sa  # noqa: E402
import yaml  # noqa: E402
from _celery import CeleryProcesses  # noqa: E402
from _redis import free_port, start_redis  # noqa: E402
from _services import create_database, start_postgres, stop_postgres  # noqa: E402

from api_shim.client import MemoryClient  # noqa: E402
from api_shim.http.auth import KeyStore  # noqa: E402
from memory_core.store.migrate import upgrade  # noqa: E402

WORDS = ["tea", "coffee", "Lisbon", "Porto", "piano", "cycling", "hot", "pot", "design", "review", "exam",
         "flight", "Tokyo", "dog", "park", "sister", "火锅", "绿茶", "钢琴", "东京", "设计", "考试", "生日", "花生",
         "过敏", "周杰伦"]
BUDGET_MS = 3.0


def seed_yaml(n: int) -> str:
    items = {f"{i:016x}": {"description": f"{WORDS[i % len(WORDS)]} {WORDS[(i * 7) % len(WORDS)]} note {i}",
                           "theme": ("taste", "identity", "places", "品味")[i % 4], "history": [], "hit": i % 5}
             for i in range(n)}
    return str(yaml.safe_dump(items, allow_unicode=True))


def stats(samples: list[float]) -> tuple[float, float, float]:
    q = statistics.quantiles(samples, n=100, method="inclusive")
    return statistics.median(samples), q[94], q[98]


class LeanClient:
    """Keep-alive HTTP/1.1 with ``http.client``: headers and body leave in one write."""

    def __init__(self, port: int, key: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        self.conn.request("POST", path, json.dumps(body).encode(), self.headers)
        response = self.conn.getresponse()
        data = response.read()
        if response.status != 200:
            raise RuntimeError(f"{path}: {response.status} {data[:200]!r}")
        answer: dict[str, Any] = json.loads(data)
        return answer


class Shim:
    """One shim process and the two HTTP clients on it."""

    def __init__(self, tree: Path, env: dict[str, str], key: str, profile: Path | None = None) -> None:
        port = free_port()
        command = [sys.executable, "-m", "api_shim.http", "serve", "--port", str(port)]
        if profile is not None:
            form = "flamegraph" if profile.suffix == ".svg" else "raw"
            command = [str(Path(sys.executable).with_name("py-spy")), "record", "--nonblocking", "--idle",
                       "--format", form, "-o", str(profile.resolve()), "--", *command]
        # cwd first on sys.path: the tree's own api_shim and memory_core are imported
        self.proc = subprocess.Popen(command, env=env, cwd=tree, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        self.web = httpx.Client(base_url=f"http://127.0.0.1:{port}", headers={"Authorization": f"Bearer {key}"})
        deadline = time.monotonic() + 30
        while True:
            try:
                if self.web.get("/healthz").status_code == 200:
                    break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise
            time.sleep(0.1)
        self.lean = LeanClient(port, key)

    def recall_httpx(self, query: str) -> dict[str, Any]:
        answer: dict[str, Any] = self.web.post("/v1/users/u1/recall", json={"query": query, "k": 10}).json()
        return answer

    def recall_lean(self, query: str) -> dict[str, Any]:
        return self.lean.post("/v1/users/u1/recall", {"query": query, "k": 10})

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGINT)  # py-spy writes its output when its target ends
        self.proc.wait(30)


def main() -> None:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description="recall over HTTP vs the Celery round trip")
    parser.add_argument("--calls", type=int, default=500)
    parser.add_argument("--items", type=int, default=1000)
    parser.add_argument("--compare-tree", type=Path, default=None,
                        help="also time a shim served from this source tree, in the same loop")
    parser.add_argument("--profile", type=Path, default=None,
                        help="record the shim with py-spy into this file (.svg: flame graph, else "
                             "collapsed stacks); slows the HTTP path")
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="gs-bench-http-"))
    scratch.chmod(0o755)  # PostgreSQL runs as the postgres user when we are root
    admin = start_postgres(scratch / "pg")
    redis = start_redis(scratch / "redis", appendfsync="everysec")
    db_url = create_database(admin, prefix="bhttp")
    upgrade(db_url)
    procs = CeleryProcesses(redis.url, db_url, scratch)
    shims: dict[str, Shim] = {}
    try:
        procs.worker("curate", concurrency=1)
        procs.worker("recall", queues="recall", pool="solo", concurrency=1)
        key, _ = KeyStore(sa.create_engine(db_url)).create("bench", rate_per_s=1e6, burst=10**6)
        env = {**procs.env, "GULFSTREAM_HTTP_KEY_CACHE_TTL_S": "60", "GULFSTREAM_RECALL_TIMEOUT_MS": "2000"}
        shims["this tree"] = Shim(REPO, env, key, args.profile)
        if args.compare_tree is not None:
            shims[str(args.compare_tree)] = Shim(args.compare_tree.resolve(), env, key)
        shims["this tree"].web.post("/v1/users/u1/import", content=seed_yaml(args.items).encode()).raise_for_status()
        client = MemoryClient(redis.url, database_url=db_url, recall_timeout_ms=2000)
        paths: dict[str, Callable[[str], Any]] = {"Celery recall round trip (MemoryClient)":
                                                  lambda q: client.recall("bench:u1", q, k=10)}
        for name, shim in shims.items():
            shown = "" if len(shims) == 1 else f", shim of {name}"
            paths[f"HTTP, http.client{shown}"] = shim.recall_lean
            paths[f"HTTP, httpx{shown}"] = shim.recall_httpx
        queries = [f"{WORDS[i % len(WORDS)]} {WORDS[(i * 3) % len(WORDS)]}" for i in range(args.calls)]
        for q in queries[:50]:  # warm: index built, connections open
            for call in paths.values():
                call(q)
        samples: dict[str, list[float]] = {name: [] for name in paths}
        degraded = 0
        load_before = os.getloadavg()[0]
        order = list(paths.items())
        shuffle = random.Random(5).shuffle
        for q in queries:
            shuffle(order)  # no path always follows the same one
            for name, call in order:
                started = time.perf_counter()
                answer = call(q)
                samples[name].append((time.perf_counter() - started) * 1e3)
                degraded += answer.degraded if hasattr(answer, "degraded") else answer["degraded"]
        load_after = os.getloadavg()[0]
        print(f"recall, {args.items} items, k=10, {args.calls} sequential calls per path, interleaved query by "
              f"query in a shuffled order; degraded answers: {degraded}; 1-minute load average "
              f"{load_before:.1f} → {load_after:.1f} on {os.cpu_count()} CPUs\n")
        base = statistics.median(next(iter(samples.values())))
        print("| path | p50 ms | p95 ms | p99 ms | added at p50 ms | p50 ÷ baseline |\n|---|---:|---:|---:|---:|---:|")
        for i, (name, values) in enumerate(samples.items()):
            p50, p95, p99 = stats(values)
            added = f"{p50 - base:+.2f}" if i else "(baseline)"
            print(f"| {name} | {p50:.2f} | {p95:.2f} | {p99:.2f} | {added} | {p50 / base:.2f} |")
        print(f"\nbudget: HTTP adds at most {BUDGET_MS:g} ms at p50")
        client.close()
    finally:
        for shim in shims.values():
            shim.stop()
        procs.stop_all()
        redis.stop()
        stop_postgres(scratch / "pg")


if __name__ == "__main__":
    main()
