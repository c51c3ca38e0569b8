"""Benchmark: recall that applies changes instead of rebuilding, embedded and through the RPC.

Three parts, each printing a Markdown table; every figure is beside a
baseline measured in the same run (the Celery no-op round trip for the RPC,
the full rebuild the index used to do for embedded):

- ``embedded``: one user with N synthetic items (``bench_recall_rpc.fill``) in
  an embedded ``Memory`` on SQLite: cold first recall (index build), warm
  recall, and the first recall after each of 50 single-item writes; beside
  it the full rebuild of the same index (what every write used to cost).
- ``rpc``: one recall worker (solo pool) and two curate processes; one user
  with N items. Interleaved with Celery no-op round trips: warm recall, the
  first recall after a write (an item written straight to the store just
  before each recall), and recall while turns are published for the same
  user at 50 turns/s and applied by the curate workers. Also the recall
  worker's resident memory (VmRSS) and the first recall of a cold user: built
  from the store, and loaded from the index snapshot the worker saved after
  that build (the worker restarted; every change made since by the rows
  above applied on load: ``GULFSTREAM_RECALL_SNAPSHOT_DIR``).
- ``users``: U users × M items, a recall worker with a cache budget
  (``GULFSTREAM_RECALL_CACHE_MB``) and a process ceiling
  (``GULFSTREAM_RECALL_MEMORY_MB``): recall of users never seen (built), of
  users evicted earlier (loaded from their snapshots), of users in random
  order, then of a warm subset; the worker's RSS against the ceiling.

Run: ``.venv/bin/python ops/bench/bench_scale.py embedded --sizes 10000,100000``;
``... rpc --sizes 10000,100000``; ``... users --users 10000 --items 100 --budget-mb 512``;
``... snapshot --sizes 20000,100000`` (a cold user's first recall from the column snapshot beside the
pickled one and a full build: ``bench_snapshot``); ``... mem0add --sizes 10000 --writes 20`` (a Mem0-shaped add
beside a native add, as a ratio: ``bench_mem0_add``); ``... addreads --sizes 1000,10000 --writes 30`` (the read that
answers an add, by index beside the source scan and the listing it replaced).
Starts private Redis and PostgreSQL unless ``GULFSTREAM_REDIS_URL`` and
``GULFSTREAM_DATABASE_URL`` are both set.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from _stack import CeleryProcesses, percentiles, servers, table
from bench_recall_rpc import WORDS, fill
from celery import Celery
from proc_cpu import RoleCpu, child_named, postmaster_pid

from api_shim.client import MemoryClient
from memory_core import wire
from memory_core.model import MemoryItem
from memory_core.service import Memory
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp


def rss_mb(pid: int) -> float:
    """Resident memory of a process, MiB (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def one_item(user: str, rng: random.Random) -> MemoryItem:
    return MemoryItem.create(user, " ".join(rng.choices(WORDS, k=rng.randint(5, 14))), "work")


def query(rng: random.Random) -> str:
    return " ".join(rng.choices(WORDS, k=3))


# ── embedded ────────────────────────────────────────────────────────────


def embedded(sizes: list[int], writes: int) -> None:
    rng = random.Random(5)
    headers = ["items", "cold ms", "warm p50", "warm p99", "after write p50", "after write p99",
               "full rebuild ms", "rebuild / after-write p50", "RSS MiB"]
    rows = []
    import os
    for size in sizes:
        folder = Path(tempfile.mkdtemp(prefix="gulfstream-scale-"))
        store = SqlStore(f"sqlite:///{folder / 'm.db'}", migrate=True)
        memory = Memory(store)
        user = f"u{size}"
        fill(store, user, size, rng)
        t0 = time.perf_counter()
        memory.recall(user, "coffee in lisbon")
        cold = (time.perf_counter() - t0) * 1e3
        warm = []
        for _ in range(200):
            t0 = time.perf_counter()
            memory.recall(user, query(rng))
            warm.append((time.perf_counter() - t0) * 1e3)
        after = []
        for _ in range(writes):
            store.apply(user, [AddOp(one_item(user, rng))])
            t0 = time.perf_counter()
            memory.recall(user, query(rng))
            after.append((time.perf_counter() - t0) * 1e3)
        memory.recaller.invalidate(user)  # what every write used to cost: the whole index again
        t0 = time.perf_counter()
        memory.recall(user, query(rng))
        rebuild = (time.perf_counter() - t0) * 1e3
        w50, _, w99 = percentiles(warm)
        a50, _, a99 = percentiles(after)
        rows.append((f"{size:,}", f"{cold:.0f}", w50, w99, a50, a99, f"{rebuild:.0f}", f"{rebuild / a50:.0f}x",
                     f"{rss_mb(os.getpid()):.0f}"))
        print(table(headers, rows[-1:]).splitlines()[-1], flush=True)
        store.close()
    print()
    print(table(headers, rows))
    print(f"\nms; 200 warm recalls, {writes} recalls each right after a one-item write; RSS of this process "
          "after the largest size so far.")


# ── through the RPC ─────────────────────────────────────────────────────


def interleaved(client: MemoryClient, backend: Celery, user: str, rng: random.Random, calls: int,
                before: callable | None = None) -> tuple[list[float], list[float]]:  # type: ignore[valid-type]
    noop, recall = [], []
    for _ in range(calls):
        t0 = time.perf_counter()
        backend.send_task(wire.NOOP).get(timeout=10)
        t1 = time.perf_counter()
        if before is not None:
            before()
        t2 = time.perf_counter()
        reply = client.recall(user, query(rng), k=10)
        t3 = time.perf_counter()
        assert not reply.degraded, reply.reason
        noop.append((t1 - t0) * 1e3)
        recall.append((t3 - t2) * 1e3)
    return noop, recall


def publisher(redis_url: str, user: str, rate: float, stop: Any, counter: Any) -> None:
    """Publish turns for ``user`` at ``rate``/s until ``stop`` is set (a thread's or a process's Event);
    ``counter.value``: turns sent so far."""
    client = MemoryClient(redis_url)
    rng = random.Random(9)
    gap = 1.0 / rate
    next_at = time.perf_counter()
    n = 0
    while not stop.is_set():
        n += 1
        client.publish_turn(user, f"t-{user}-{n}", f"I went to {' '.join(rng.choices(WORDS, k=6))}", "user",
                            f"s{n // 20}", datetime.now(UTC))
        counter.value = n
        next_at += gap
        time.sleep(max(0.0, next_at - time.perf_counter()))


def wait_for_snapshot(folder: Path, timeout_s: float = 300.0) -> float:
    """Wait until a snapshot file is in ``folder`` (the worker saves after a build); return its MiB."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        found = list(folder.glob("*.snap"))
        if found:
            return max(f.stat().st_size for f in found) / 2**20
        time.sleep(0.2)
    raise RuntimeError(f"no snapshot in {folder} after {timeout_s} s")


CPU_HEADERS = ["items", "mode", "load (1 min)", "recall worker", "curate workers", "PostgreSQL", "Redis",
               "bench client", "publisher", "recall worker CPU ms per recall + no-op"]


def cpu_row(size: int, mode: str, cpu: RoleCpu, calls: int, wall_s: float) -> tuple[object, ...]:
    """A row of the phase's CPU table: cores used by each role, and the recall worker's CPU per call pair."""
    cores = cpu.cores()
    per_call = cores["recall worker"] * wall_s / calls * 1e3
    used = (f"{cores[r]:.2f}" if r in cores else "-" for r in CPU_HEADERS[3:9])
    return (f"{size:,}", mode, f"{os.getloadavg()[0]:.1f}", *used, f"{per_call:.2f}")


def rpc(sizes: list[int], calls: int, rate: float, curate_nice: int = 0, change_notes: bool = True,
        publisher_process: bool = False) -> None:
    rng = random.Random(11)
    cpu_rows = []
    headers = ["items", "mode", "noop p50", "noop p99", "recall p50", "recall p99", "Δp50", "Δp99",
               "p99 / p99 no writes", "worker RSS MiB"]
    rows = []
    cold_rows = []
    cold_headers = ["items", "cold: built ms", "cold: from snapshot ms", "snapshot MiB",
                    "versions caught up on load", "built / from snapshot", "new worker RSS MiB"]
    with servers() as (redis_url, db_url, scratch):
        procs = CeleryProcesses(redis_url, db_url, scratch)
        store = SqlStore(db_url)
        client = MemoryClient(redis_url, recall_timeout_ms=5000)
        backend = Celery("bench", broker=redis_url, backend=redis_url, set_as_current=False)
        backend.conf.task_routes = {wire.NOOP: {"queue": "recall"}}
        try:
            snaps = scratch / "snapshots"
            recall_env = {"GULFSTREAM_TASK_TIME_LIMIT_S": "600", "GULFSTREAM_VISIBILITY_TIMEOUT_S": "900",
                          "GULFSTREAM_RECALL_SNAPSHOT_DIR": str(snaps)}
            worker = procs.worker("recall", queues="recall", pool="solo", concurrency=1, **recall_env)
            curate = procs.worker("curate", queues="ingest,curate,maintenance", concurrency=2,
                                  GULFSTREAM_TASK_TIME_LIMIT_S="600", GULFSTREAM_VISIBILITY_TIMEOUT_S="900",
                                  GULFSTREAM_WORKER_NICE=str(curate_nice),
                                  GULFSTREAM_RECALL_CHANGE_NOTES=str(change_notes).lower())
            assert worker.proc is not None and curate.proc is not None
            others = {"curate workers": curate.proc.pid, "bench client": os.getpid()}
            for role, pid in (("PostgreSQL", postmaster_pid(scratch / "pg" / "data")),
                              ("Redis", child_named(os.getpid(), "redis-server"))):
                if pid is not None:
                    others[role] = pid
            fill(store, "bench-warm-up", 20, rng)
            for size in sizes:
                user = f"bench-{size}"
                fill(store, user, size, rng)
                t0 = time.perf_counter()
                client.recall(user, "coffee in lisbon", k=10, timeout_ms=300_000)
                cold_ms = (time.perf_counter() - t0) * 1e3
                snap_mib = wait_for_snapshot(snaps)
                version_at_snapshot = int(store.memory_version(user))
                interleaved(client, backend, user, rng, 20)  # warm-up
                cpu = RoleCpu({"recall worker": worker.proc.pid, **others})
                cpu.start()
                t0 = time.perf_counter()
                n, r = interleaved(client, backend, user, rng, calls)
                cpu_rows.append(cpu_row(size, "no writes", cpu, calls, time.perf_counter() - t0))
                n50, _, n99 = percentiles(n)
                r50, _, r99 = percentiles(r)
                base99 = r99
                rss = rss_mb(worker.proc.pid)
                rows.append((f"{size:,}", "no writes", n50, n99, r50, r99, r50 - n50, r99 - n99, "1.00",
                             f"{rss:.0f}"))
                print(table(headers, rows[-1:]).splitlines()[-1], flush=True)
                cpu.start()
                t0 = time.perf_counter()
                n, r = interleaved(client, backend, user, rng, calls,
                                   before=lambda u=user: store.apply(u, [AddOp(one_item(u, rng))]))
                cpu_rows.append(cpu_row(size, "after a write", cpu, calls, time.perf_counter() - t0))
                n50, _, n99 = percentiles(n)
                r50, _, r99 = percentiles(r)
                rows.append((f"{size:,}", "after a write", n50, n99, r50, r99, r50 - n50, r99 - n99,
                             f"{r99 / base99:.2f}", f"{rss_mb(worker.proc.pid):.0f}"))
                print(table(headers, rows[-1:]).splitlines()[-1], flush=True)
                mp = multiprocessing.get_context("spawn")
                stop, counter = mp.Event(), mp.Value("i", 0)
                kind = mp.Process if publisher_process else threading.Thread
                thread = kind(target=publisher, args=(redis_url, user, rate, stop, counter), daemon=True)
                thread.start()
                while counter.value == 0 and thread.is_alive():  # a spawned process imports first
                    time.sleep(0.05)
                time.sleep(2.0)  # the curate workers are applying turns
                sent_before = counter.value
                if publisher_process:
                    cpu = RoleCpu({"recall worker": worker.proc.pid, **others, "publisher": thread.pid})
                cpu.start()
                t0 = time.perf_counter()
                n, r = interleaved(client, backend, user, rng, calls)
                elapsed = time.perf_counter() - t0
                cpu_rows.append(cpu_row(size, f"{rate:.0f} turns/s", cpu, calls, elapsed))
                published = counter.value - sent_before
                stop.set()
                thread.join()
                n50, _, n99 = percentiles(n)
                r50, _, r99 = percentiles(r)
                rows.append((f"{size:,}", f"{rate:.0f} turns/s ({published} sent, {elapsed:.0f} s)", n50, n99,
                             r50, r99, r50 - n50, r99 - n99, f"{r99 / base99:.2f}",
                             f"{rss_mb(worker.proc.pid):.0f}"))
                print(table(headers, rows[-1:]).splitlines()[-1], flush=True)
                time.sleep(3.0)  # the last published turns applied
                worker.stop()  # a new worker process: nothing cached, the snapshot on disk
                worker = procs.worker("recall", queues="recall", pool="solo", concurrency=1, **recall_env)
                assert worker.proc is not None
                changes = int(store.memory_version(user)) - version_at_snapshot
                interleaved(client, backend, "bench-warm-up", rng, 3)  # the worker's own start-up costs first
                t0 = time.perf_counter()
                reply = client.recall(user, "coffee in lisbon", k=10, timeout_ms=300_000)
                from_snapshot = (time.perf_counter() - t0) * 1e3
                assert not reply.degraded, reply.reason
                cold_rows.append((f"{size:,}", f"{cold_ms:.0f}", f"{from_snapshot:.0f}", f"{snap_mib:.0f}",
                                  changes, f"{cold_ms / from_snapshot:.0f}x", f"{rss_mb(worker.proc.pid):.0f}"))
                print(table(cold_headers, cold_rows[-1:]).splitlines()[-1], flush=True)
                for f in snaps.glob("*.snap"):  # the next size's snapshot is the only one
                    f.unlink()
        finally:
            client.close()
            store.close()
            procs.stop_all()
    print()
    print(table(headers, rows))
    print()
    print(table(cold_headers, cold_rows))
    print()
    print(table(CPU_HEADERS, cpu_rows))
    print(f"\nms; {calls} interleaved calls of each per row; 'after a write': one item written to the store "
          f"right before each recall; worker RSS after the row; curate workers at niceness +{curate_nice}; "
          f"change notes carried: {'yes' if change_notes else 'no'}. CPU table: cores used by each process "
          f"(and its children) on average over the phase; publisher: "
          f"{'its own process' if publisher_process else 'a thread of the bench client'}.")


# ── many users ──────────────────────────────────────────────────────────


def fill_users(db_url: str, users: int, items: int, rng: random.Random) -> None:
    """Write users × items rows with COPY (the curate path is benchmarked elsewhere)."""
    import json

    import psycopg
    from sqlalchemy.engine import make_url

    url = make_url(db_url).set(drivername="postgresql").render_as_string(hide_password=False)
    now = datetime.now(UTC)
    with psycopg.connect(url) as conn, conn.cursor() as cur:
        # created_version 0: the users existed before version 1 (its default, the next global version, would
        # make every stored version look older than the user: an erased-and-recreated user to changes_since)
        with cur.copy("COPY users (user_id, memory_version, created_version, last_seq, last_applied_seq) "
                      "FROM STDIN") as copy:
            for u in range(users):
                copy.write_row((f"user-{u}", 1, 0, 0, 0))
        cols = ("user_id, id, description, theme, kind, status, hit, created_at, updated_at, source, confidence, "
                "trust, importance, speaker, changed_version")
        with cur.copy(f"COPY memories ({cols}) FROM STDIN") as copy:
            for u in range(users):
                for i in range(items):
                    copy.write_row((f"user-{u}", f"m-{u}-{i}", " ".join(rng.choices(WORDS, k=rng.randint(5, 14))),
                                    rng.choice(["places", "taste", "work"]), "fact", "active", 0, now, now,
                                    json.dumps([]), 0.8, "user", 0.5, "", 1))
        conn.commit()


def many_users(users: int, items: int, budget_mb: int, calls: int, visit: int, ceiling_mb: int | None) -> None:
    rng = random.Random(13)
    headers = ["users × items", "cache MiB", "ceiling MiB", "phase", "noop p50", "noop p99", "recall p50",
               "recall p99", "Δp99", "cache est. MiB", "worker RSS MiB", "built/loaded so far"]
    rows = []
    with servers() as (redis_url, db_url, scratch):
        t0 = time.perf_counter()
        fill_users(db_url, users, items, rng)
        print(f"filled {users} × {items} in {time.perf_counter() - t0:.0f} s", flush=True)
        procs = CeleryProcesses(redis_url, db_url, scratch)
        client = MemoryClient(redis_url, recall_timeout_ms=5000)
        backend = Celery("bench", broker=redis_url, backend=redis_url, set_as_current=False)
        backend.conf.task_routes = {wire.NOOP: {"queue": "recall"}}
        try:
            env = {"GULFSTREAM_RECALL_MEMORY_MB": str(ceiling_mb)} if ceiling_mb else {}
            worker = procs.worker("recall", queues="recall", pool="solo", concurrency=1,
                                  GULFSTREAM_TASK_TIME_LIMIT_S="600", GULFSTREAM_VISIBILITY_TIMEOUT_S="900",
                                  GULFSTREAM_RECALL_CACHE_MB=str(budget_mb),
                                  GULFSTREAM_RECALL_CACHE_USERS=str(users),
                                  GULFSTREAM_RECALL_SNAPSHOT_DIR=str(scratch / "snapshots"), **env)
            assert worker.proc is not None
            order = [f"user-{u}" for u in range(users)]
            rng.shuffle(order)
            phases: list[tuple[str, list[str] | None]] = [("cold (first visit: built)", order[:calls]),
                                                          ("evicted (visited before: snapshot)", []),
                                                          ("all users, random (cache full)", None),
                                                          ("warm (200 users, revisited)", order[:200])]
            for phase, who in phases:
                if phase.startswith("evicted"):  # visited before the cache filled, no longer held
                    held = set(client.recall_stats("recall", timeout_s=30)["users"])
                    who = [u for u in order[:calls + visit] if u not in held][:calls]
                noop, recall = [], []
                if phase.startswith("warm"):  # their indexes loaded first (untimed): then only warm recalls
                    for user in who or ():
                        client.recall(user, query(rng), k=10, timeout_ms=10_000)
                for i in range(calls):
                    user = who[i % len(who)] if who is not None else rng.choice(order)
                    t0 = time.perf_counter()
                    backend.send_task(wire.NOOP).get(timeout=10)
                    t1 = time.perf_counter()
                    reply = client.recall(user, query(rng), k=10)
                    t2 = time.perf_counter()
                    assert not reply.degraded, reply.reason
                    noop.append((t1 - t0) * 1e3)
                    recall.append((t2 - t1) * 1e3)
                if phase.startswith("cold"):  # fill the cache up to its budget before the next phase
                    for user in order[calls:calls + visit]:
                        client.recall(user, query(rng), k=10, timeout_ms=10_000)
                n50, _, n99 = percentiles(noop)
                r50, _, r99 = percentiles(recall)
                stats = client.recall_stats("recall", timeout_s=30)
                rows.append((f"{users:,} × {items}", budget_mb, ceiling_mb or "-", phase, n50, n99, r50, r99,
                             r99 - n99, f"{stats['cache_bytes'] / 2**20:.0f}", f"{rss_mb(worker.proc.pid):.0f}",
                             f"{stats['builds']}/{stats['restores']}"))
                print(table(headers, rows[-1:]).splitlines()[-1], flush=True)
        finally:
            client.close()
            procs.stop_all()
    print()
    print(table(headers, rows))
    print(f"\nms; {calls} recalls per phase interleaved with no-op round trips; RSS of the recall worker "
          "after the phase (the whole process: interpreter, jieba dictionary, cache).")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=["embedded", "rpc", "users", "snapshot", "mem0add", "addreads"])
    parser.add_argument("--rounds", type=int, default=3, help="snapshot: alternating rounds of each method")
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--writes", type=int, default=50)
    parser.add_argument("--rate", type=float, default=50.0, help="turns/s published during the write phase")
    parser.add_argument("--curate-nice", type=int, default=0,
                        help="rpc: GULFSTREAM_WORKER_NICE of the curate workers (docker-compose runs them at 5)")
    parser.add_argument("--change-notes", choices=["on", "off"], default="on",
                        help="rpc: curate workers carry the applied changes to the recall workers "
                             "(GULFSTREAM_RECALL_CHANGE_NOTES)")
    parser.add_argument("--publisher", choices=["thread", "process"], default="thread",
                        help="rpc: the 50 turns/s come from a thread of the timing process (as before) or from "
                             "a process of their own (another chat backend)")
    parser.add_argument("--users", type=int, default=10_000)
    parser.add_argument("--items", type=int, default=100)
    parser.add_argument("--budget-mb", type=int, default=512)
    parser.add_argument("--ceiling-mb", type=int, default=512, help="GULFSTREAM_RECALL_MEMORY_MB (0: none)")
    parser.add_argument("--visit", type=int, default=5000, help="users recalled once after the cold phase")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    if args.part == "embedded":
        embedded(sizes, args.writes)
    elif args.part == "rpc":
        rpc(sizes, args.calls, args.rate, args.curate_nice, args.change_notes == "on", args.publisher == "process")
    elif args.part == "snapshot":
        from bench_snapshot import cold_loads

        cold_loads(sizes, args.rounds)
    elif args.part == "mem0add":
        from bench_mem0_add import mem0_beside_native

        mem0_beside_native(sizes, args.writes)
    elif args.part == "addreads":
        from bench_mem0_add import add_reads

        add_reads(sizes, args.writes)
    else:
        many_users(args.users, args.items, args.budget_mb, args.calls, args.visit, args.ceiling_mb or None)


if __name__ == "__main__":
    main()
