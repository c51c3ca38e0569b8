"""Recall over HTTP against the Celery recall round trip it wraps, measured side by side.

Starts private PostgreSQL and Redis, one curate and one solo recall worker,
and the shim as its own ``uvicorn`` process (``python -m api_shim.http
serve``), imports ``--items`` memory items for one user, warms both paths,
then alternates sequential calls: ``MemoryClient.recall`` (the Celery round
trip) and ``POST /v1/users/{user}/recall`` (keep-alive HTTP to the shim,
which makes the same Celery call). Prints a Markdown table of p50/p95/p99 in
milliseconds and the HTTP overhead at p50.

Usage::

    .venv/bin/python ops/bench/bench_http.py [--calls 500] [--items 1000]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


def seed_yaml(n: int) -> str:
    items = {f"{i:016x}": {"description": f"{WORDS[i % len(WORDS)]} {WORDS[(i * 7) % len(WORDS)]} note {i}",
                           "theme": ("taste", "identity", "places", "品味")[i % 4], "history": [], "hit": i % 5}
             for i in range(n)}
    return str(yaml.safe_dump(items, allow_unicode=True))


def stats(samples: list[float]) -> tuple[float, float, float]:
    q = statistics.quantiles(samples, n=100, method="inclusive")
    return statistics.median(samples), q[94], q[98]


def main() -> None:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description="recall over HTTP vs the Celery round trip")
    parser.add_argument("--calls", type=int, default=500)
    parser.add_argument("--items", type=int, default=1000)
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="gs-bench-http-"))
    scratch.chmod(0o755)  # PostgreSQL runs as the postgres user when we are root
    admin = start_postgres(scratch / "pg")
    redis = start_redis(scratch / "redis")
    db_url = create_database(admin, prefix="bhttp")
    upgrade(db_url)
    procs = CeleryProcesses(redis.url, db_url, scratch)
    shim = None
    try:
        procs.worker("curate", concurrency=1)
        procs.worker("recall", queues="recall", pool="solo", concurrency=1)
        key, _ = KeyStore(sa.create_engine(db_url)).create("bench", rate_per_s=1e6, burst=10**6)
        port = free_port()
        env = {**procs.env, "GULFSTREAM_HTTP_KEY_CACHE_TTL_S": "60", "GULFSTREAM_RECALL_TIMEOUT_MS": "2000"}
        shim = subprocess.Popen([sys.executable, "-m", "api_shim.http", "serve", "--port", str(port)], env=env,
                                cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        web = httpx.Client(base_url=f"http://127.0.0.1:{port}", headers={"Authorization": f"Bearer {key}"})
        deadline = time.monotonic() + 30
        while True:
            try:
                if web.get("/healthz").status_code == 200:
                    break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise
            time.sleep(0.1)
        web.post("/v1/users/u1/import", content=seed_yaml(args.items).encode()).raise_for_status()
        client = MemoryClient(redis.url, database_url=db_url, recall_timeout_ms=2000)
        queries = [f"{WORDS[i % len(WORDS)]} {WORDS[(i * 3) % len(WORDS)]}" for i in range(args.calls)]
        for q in queries[:50]:  # warm: index built, connections open
            client.recall("bench:u1", q, k=10)
            web.post("/v1/users/u1/recall", json={"query": q, "k": 10}).raise_for_status()
        celery_ms: list[float] = []
        http_ms: list[float] = []
        degraded = 0
        for q in queries:
            started = time.perf_counter()
            reply = client.recall("bench:u1", q, k=10)
            celery_ms.append((time.perf_counter() - started) * 1e3)
            degraded += reply.degraded
            started = time.perf_counter()
            body = web.post("/v1/users/u1/recall", json={"query": q, "k": 10}).json()
            http_ms.append((time.perf_counter() - started) * 1e3)
            degraded += body["degraded"]
        rows = [("Celery recall round trip (MemoryClient)", *stats(celery_ms)),
                ("HTTP recall (shim → same Celery call)", *stats(http_ms))]
        print(f"recall, {args.items} items, k=10, {args.calls} sequential calls each, interleaved; "
              f"degraded answers: {degraded}\n")
        print("| path | p50 ms | p95 ms | p99 ms |\n|---|---:|---:|---:|")
        for name, p50, p95, p99 in rows:
            print(f"| {name} | {p50:.2f} | {p95:.2f} | {p99:.2f} |")
        print(f"\nHTTP overhead at p50: {rows[1][1] - rows[0][1]:.2f} ms (budget: 3 ms)")
        client.close()
    finally:
        if shim is not None:
            shim.terminate()
            shim.wait(10)
        procs.stop_all()
        redis.stop()
        stop_postgres(scratch / "pg")


if __name__ == "__main__":
    main()
