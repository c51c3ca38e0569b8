"""Benchmark: ingest throughput end to end (published → applied) with a 300 ms stand-in LLM.

The LLM write pipeline (``memory_core/llm/``: structured-output extraction,
then the curation agent's tool loop) runs against ``llm_standin.py``, a
local OpenAI-compatible server answering every call after a fixed latency,
so the real client path (langchain-openai over HTTP) is exercised. The
extractor gets one fact per turn and the agent answers DONE: two model
calls per turn, 600 ms of model time per turn, serial within a user.

For each count N of curate worker processes, N ``celery worker`` processes
(``-P threads -c C``, C = ``--concurrency``, 16 by default) consume the
ingest and curate queues; ``--users`` users publish ``--turns`` turns in all,
as fast as one client can. Throughput is turns over the time from the first
publish until every user's last turn is applied. CPU is the worker
processes' user+system time over that time (100% = one core); the stand-in
server's is shown apart; Redis and PostgreSQL are not counted. CPU ms per
turn is the figure that bounds one process: its threads share one GIL, so
one process cannot apply more than about 1000 / (ms per turn) turns/s
however many of them wait on the model.

Run: ``.venv/bin/python ops/bench/bench_ingest_llm.py [--turns 1000] [--users 50] [--procs 1,2,4]
[--concurrency 16] [--latency-ms 300]``. Starts private Redis and PostgreSQL
unless ``GULFSTREAM_REDIS_URL`` and ``GULFSTREAM_DATABASE_URL`` are both set.
Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING

from _stack import REPO, CeleryProcesses, create_database, servers, table
from bench_ingest import group_cpu_s
from sqlalchemy import create_engine, text

from api_shim.client import MemoryClient
from memory_core.store.migrate import upgrade

sys.path.insert(0, str(REPO / "tests" / "workers"))
from _workload import make_turns, turn_texts

if TYPE_CHECKING:
    from _celery import CeleryProcess

HERE = Path(__file__).resolve().parent


def proc_cpu_s(pid: int) -> float:
    """User+system CPU seconds of one process."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def applied_users(url: str, expected: int, prefix: str) -> int:
    """Users whose id starts with ``prefix`` and whose turns up to ``expected`` are applied."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(text("SELECT count(*) FROM users WHERE last_applied_seq >= :n "
                                         "AND user_id LIKE :p"), {"n": expected, "p": prefix + "%"}).scalar_one())
    finally:
        engine.dispose()


def stand_in_stats(base_url: str) -> dict[str, int]:
    with urllib.request.urlopen(base_url.removesuffix("/v1") + "/stats", timeout=5) as reply:
        return json.loads(reply.read())  # type: ignore[no-any-return]


def start_stand_in(latency_ms: float) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen([sys.executable, str(HERE / "llm_standin.py"), "--latency-ms", str(latency_ms)],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    if not line.startswith("base_url="):
        proc.kill()
        raise RuntimeError(f"stand-in server did not start: {line!r}")
    return proc, line.split("=", 1)[1]


def warm_up(client: MemoryClient, workers: list[CeleryProcess], db_url: str, tag: str) -> None:
    """Publish one-turn users until every worker process has curated a turn (its services built, modules loaded)."""
    deadline = time.monotonic() + 120
    n = 0
    while not all("gulfstream.curate_user" in w.tail(10**7) and "succeeded" in w.tail(10**7) for w in workers):
        if time.monotonic() > deadline:
            raise RuntimeError("workers did not warm up:\n" + "\n".join(w.tail() for w in workers))
        for _ in range(4 * len(workers)):
            client.publish_turn(**make_turns(f"warm-{tag}-{n:03d}", turn_texts(n, 1))[0])
            n += 1
        time.sleep(2)
    while applied_users(db_url, 1, prefix=f"warm-{tag}-") < n:
        time.sleep(0.1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--procs", default="1,2,4")
    parser.add_argument("--concurrency", type=int, default=16, help="threads per curate worker process")
    parser.add_argument("--latency-ms", type=float, default=300.0)
    args = parser.parse_args()
    per_user = args.turns // args.users
    total = per_user * args.users
    rows = []
    stand_in, base_url = start_stand_in(args.latency_ms)
    llm_env = {"GULFSTREAM_LLM_MODEL": "stand-in", "GULFSTREAM_LLM_BASE_URL": base_url,
               "GULFSTREAM_LLM_API_KEY": "bench", "GULFSTREAM_LLM_TIMEOUT_S": "30"}
    try:
        with servers() as (redis_url, admin, scratch):
            for n in (int(p) for p in args.procs.split(",")):
                db_url = create_database(admin, prefix="ingestllm")
                upgrade(db_url)
                procs = CeleryProcesses(redis_url, db_url, scratch)
                workers = [procs.worker(f"curate-llm-{n}-{i}", pool="threads", concurrency=args.concurrency,
                                        GULFSTREAM_TASK_TIME_LIMIT_S="600", GULFSTREAM_VISIBILITY_TIMEOUT_S="900",
                                        GULFSTREAM_INGEST_GAP_WAIT_S="600",
                                        GULFSTREAM_INBOX_REDELIVER_AFTER_S="120", **llm_env)
                           for i in range(n)]
                pids = [w.proc.pid for w in workers if w.proc is not None]
                client = MemoryClient(redis_url)
                turns = [make_turns(f"l{n}-{u:03d}", turn_texts(u, per_user)) for u in range(args.users)]
                warm_up(client, workers, db_url, str(n))
                calls0 = stand_in_stats(base_url)
                cpu0 = sum(group_cpu_s(p) for p in pids)
                llm_cpu0 = proc_cpu_s(stand_in.pid)
                t0 = time.perf_counter()
                for i in range(per_user):
                    for user_turns in turns:
                        client.publish_turn(**user_turns[i])
                published_s = time.perf_counter() - t0
                while applied_users(db_url, per_user, prefix=f"l{n}-") < args.users:
                    time.sleep(0.1)
                wall_s = time.perf_counter() - t0
                cpu_s = sum(group_cpu_s(p) for p in pids) - cpu0
                llm_cpu_s = proc_cpu_s(stand_in.pid) - llm_cpu0
                calls = {k: v - calls0[k] for k, v in stand_in_stats(base_url).items()}
                client.close()
                procs.stop_all()
                rows.append((n, f"threads × {args.concurrency}", total, args.users, f"{total / published_s:.0f}",
                             f"{wall_s:.1f}", f"{total / wall_s:.1f}", f"{100 * cpu_s / wall_s:.0f}%",
                             f"{1e3 * cpu_s / total:.0f}",
                             f"{calls['calls'] / total:.2f}", f"{100 * llm_cpu_s / wall_s:.0f}%",
                             f"{os.getloadavg()[0]:.1f}"))
                print(f"{n} process(es): {total / wall_s:.1f} turns/s", flush=True)
    finally:
        stand_in.kill()
        stand_in.wait()
    base = float(rows[0][6])
    rows = [(*r[:7], f"{float(r[6]) / base:.2f}×", *r[7:]) for r in rows]
    print()
    print(table(["curate procs", "pool per proc", "turns", "users", "publish turns/s", "wall s",
                 "end-to-end turns/s", "vs 1 proc", "worker CPU", "worker CPU ms/turn", "LLM calls/turn",
                 "stand-in CPU", "load avg"], rows))
    print(f"\nLLM write pipeline; stand-in model answering every call after {args.latency_ms:.0f} ms "
          "(extract: 1 fact; curate: DONE); one client publishing; CPU: 100% = one core "
          "(Redis/PostgreSQL excluded); load avg: 1-minute load of the machine at the end of the row")


if __name__ == "__main__":
    main()
