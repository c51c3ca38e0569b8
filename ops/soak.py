"""Soak the stack under faults; print lost / duplicated / worker deaths / 5xx / leaked / erase / degraded.

    PYTHONPATH=. python ops/soak.py [--users 8 --turns 60 --redis-restarts 10 --redis-down-s 0.3,3,6,10
                                     --kills 4 --pg-restarts 2 --disk-full-s 12 --disk-turns 20 --disk-mb 64]

Everything is real and private to the run: a PostgreSQL server (so it can be
restarted), Redis behind a planted password (and a planted password in the
database URL), two curate workers with gossip, mingle and heartbeats (as
``ops/stack.sh`` runs them), the edit and recall workers, beat, and the HTTP
shim, and a third curate worker, the witness, with kombu's default reconnect
backoff (2 s growing by 2 s to 30 s) beside the workers' own (0.5 s growing to
2 s). While ``users`` × ``turns`` turns are published, Redis is restarted
``redis_restarts`` times (alternately SIGTERM and SIGKILL, down for each of
``redis_down_s`` in turn), the curate
workers are SIGKILLed ``kills`` times and PostgreSQL is restarted
``pg_restarts`` times (``-m fast`` and ``-m immediate``). Then:

- lost / double-applied: every user's turns and memory against the embedded
  mode built from the same turns in order;
- a full disk for PostgreSQL (``ops/soak_disk.py``, root only): the database's
  tables and indexes on a small tmpfs, filled while ``disk_turns`` more turns
  per user are published and the HTTP API is used for ``disk_full_s``
  seconds, then freed: lost / double-applied again, HTTP codes during it, and
  dead-lettered turns (a disk full is the store's failure, not the turn's);
- worker deaths: workers that exited without being killed (or logged "Unrecoverable error");
- reconnect: seconds from Redis being back to each worker's "Connected to" (its
  log), per backoff, over the restarts the worker lived through;
- 5xx: the bad-input corpus (``tests/http/_bad_inputs.py``) against the shim;
- leaked: the planted passwords in any reply (Redis down) or log line;
- erase: Redis keys and turn statuses left for an erased user;
- degraded recall: recalls answered (flagged) while PostgreSQL is stopped.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
for sub in ("tests", "tests/workers", "tests/http", "ops"):
    sys.path.insert(0, str(REPO / sub))

import redis  # noqa: E402
from _bad_inputs import corpus  # noqa: E402
from _http_stack import start_stack  # noqa: E402
from _services import _as_owner, _bin_dir, start_postgres, stop_postgres  # noqa: E402
from _workload import embedded_snapshots, make_turns, snapshot, turn_texts, wait_until  # noqa: E402
from soak_disk import SmallDisk  # noqa: E402
from soak_reconnect import reconnect_delays, summary  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

from api_shim.client import MemoryClient  # noqa: E402
from memory_core.errors import NotFound  # noqa: E402
from memory_core.store.sql import SqlStore  # noqa: E402
from workers.deadletter import DeadLetters  # noqa: E402
from workers.erase import user_keys  # noqa: E402

REDIS_SECRET = "SoakRedisPw5f1e9a"
DB_SECRET = "SoakDbPw7c3b2d"


def pg_ctl(root: Path, port: int, action: str, mode: str = "fast") -> None:
    """Stop (``-m mode``) or start the private PostgreSQL in ``root``."""
    cmd = [str(_bin_dir() / "pg_ctl"), "-D", str(root / "data"), "-w", "-t", "60"]
    if action == "start":
        cmd += ["-l", str(root / "server.log"), "-o", f"-p {port} -k {root} -c listen_addresses=127.0.0.1"]
    else:
        cmd += ["-m", mode]
    subprocess.run(_as_owner([*cmd, action]), capture_output=True, check=True)


def publisher(client: MemoryClient, errors: list[BaseException], gap_s: float = 0.05) -> Any:
    """A thread body publishing one user's turns ``gap_s`` apart; an exception is kept in ``errors``."""
    def publish(user_turns: list[dict[str, Any]]) -> None:
        try:
            for t in user_turns:
                client.publish_turn(**t)
                time.sleep(gap_s)
        except BaseException as exc:
            errors.append(exc)
    return publish


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--users", type=int, default=8)
    ap.add_argument("--turns", type=int, default=60)
    ap.add_argument("--redis-restarts", type=int, default=10)
    ap.add_argument("--redis-down-s", default="0.3,3,6,10", help="seconds Redis stays down, cycled over the restarts")
    ap.add_argument("--redis-gap-s", type=float, default=12.0,
                    help="seconds between a restart and the next (long enough to see kombu's default reconnect)")
    ap.add_argument("--kills", type=int, default=4)
    ap.add_argument("--pg-restarts", type=int, default=2)
    ap.add_argument("--disk-full-s", type=float, default=12.0, help="0: no full-disk phase")
    ap.add_argument("--disk-turns", type=int, default=20, help="turns per user published while the disk is full")
    ap.add_argument("--disk-mb", type=int, default=64, help="size of the tmpfs holding the tables")
    args = ap.parse_args()

    root = Path(tempfile.mkdtemp(prefix="gulfstream-soak-pg-"))
    tmp = Path(tempfile.mkdtemp(prefix="gulfstream-soak-"))
    admin = start_postgres(root)
    port = int(make_url(admin).port or 0)
    stack = start_stack(admin, tmp, redis_password=REDIS_SECRET, db_password=DB_SECRET)
    rows: list[tuple[str, str, str]] = []
    disk = SmallDisk(root, args.disk_mb, root / "server.log") if args.disk_full_s > 0 else None
    try:
        if disk is not None:
            moved = disk.attach(stack.db_url)
            rows.append(("tables and indexes on a small tmpfs", f"{args.disk_mb} MiB",
                         f"{moved / 2**20:.1f} MiB used at start"))
        procs = stack.procs
        procs.procs[0].stop()  # the stack's own all-queue worker: the run's two curate processes replace it
        slow = {"GULFSTREAM_PIPELINE": "_workload:SlowPipeline", "GULFSTREAM_TEST_PLAN_DELAY_MS": "20"}
        curates = [procs.worker(f"curate{i}", queues="ingest,curate,maintenance", supervised_flags=True, **slow)
                   for i in (1, 2)]
        kombu_default = {"GULFSTREAM_BROKER_RECONNECT_STEP_S": "2", "GULFSTREAM_BROKER_RECONNECT_MAX_S": "30"}
        witness = procs.worker("witness", queues="ingest,curate,maintenance", supervised_flags=True, **slow,
                               **kombu_default)
        edits = procs.worker("edits", queues="edits", concurrency=1)
        procs.beat()
        turns = {f"soak{u:02d}": make_turns(f"soak{u:02d}", turn_texts(u, args.turns)) for u in range(args.users)}
        client = MemoryClient(stack.redis.url, database_url=stack.db_url, publish_retry_s=120,
                              recall_timeout_ms=3000, request_timeout_s=60)
        errors: list[BaseException] = []
        downs = [float(x) for x in args.redis_down_s.split(",")]
        span_s = args.redis_restarts * (args.redis_gap_s + sum(downs) / len(downs))
        publish = publisher(client, errors, gap_s=max(0.05, span_s / args.turns))  # restarts during ingest

        publishers = [threading.Thread(target=publish, args=(t,)) for t in turns.values()]
        for p in publishers:
            p.start()
        killed = 0
        steps = max(args.redis_restarts, args.kills, args.pg_restarts)
        restarts: list[tuple[float, float, list[Any], float]] = []  # (down at, back at, workers alive, outage s)
        for step in range(steps):
            time.sleep(args.redis_gap_s if step < args.redis_restarts else 0.8)
            if step < args.redis_restarts:
                through = [w for w in (*curates, witness, edits) if w.alive]
                down_at = time.time()
                if step % 2:
                    assert stack.redis.proc is not None
                    stack.redis.proc.kill()  # immediate: no AOF flush beyond appendfsync
                    stack.redis.proc.wait()
                    time.sleep(downs[step % len(downs)])
                    stack.redis.start()
                else:
                    stack.redis.restart(down_s=downs[step % len(downs)])
                back_at = time.time()
            if step < args.kills:
                victim = curates[step % 2]
                victim.kill()
                killed += 1
                curates[step % 2] = procs.worker(f"curate{step % 2 + 1}-{step}", queues="ingest,curate,maintenance",
                                                 supervised_flags=True, **slow)
            if step < args.pg_restarts:
                pg_ctl(root, port, "stop", "immediate" if step % 2 else "fast")
                time.sleep(0.5)
                pg_ctl(root, port, "start")
            if step < args.redis_restarts:  # a worker the run killed meanwhile does not count
                restarts.append((down_at, back_at, [w for w in through if w.alive], downs[step % len(downs)]))
        for p in publishers:
            p.join(300)
        store = SqlStore(stack.db_url)
        wait_until(lambda: all(store.last_applied_seq(u) >= args.turns for u in turns), 600, "every turn applied",
                   procs.logs)
        expected = embedded_snapshots(turns, tmp)
        lost = dup = 0
        for user, user_turns in turns.items():
            stored = [t.turn_id for t in store.list_turns(user)]
            lost += len({t["turn_id"] for t in user_turns} - set(stored))
            dup += len(stored) - len(set(stored)) + (snapshot(store, user) != expected[user])
        rows += [("turns published", str(args.users * args.turns), f"{len(errors)} publish errors"),
                 ("Redis restarts during ingest", str(args.redis_restarts), "alternately SIGTERM and SIGKILL"),
                 ("curate SIGKILLs / PostgreSQL restarts", f"{killed} / {args.pg_restarts}", "two curate processes"),
                 ("lost turns", str(lost), ""), ("double-applied (users whose memory differs)", str(dup), "")]
        if disk is not None:
            rows += full_disk_phase(disk, stack, client, store, args, tmp)
        unrecoverable = sum(p.tail(10**8).count("Unrecoverable error") for p in procs.procs)
        deaths = unrecoverable + sum(1 for p in procs.procs[1:] if p.name.startswith(("curate", "witness")) and
                                     p.proc is not None and p.proc.returncode not in (None, -9))
        rows.append(("worker deaths (not killed by the run)", str(deaths), f"{unrecoverable} 'Unrecoverable error'"))
        for label, group in (("workers' backoff (0.5 s → 2 s)", [w for w in procs.procs if w is not witness]),
                             ("kombu's default (2 s → 30 s), the witness", [witness])):
            delays, censored = reconnect_delays(restarts, group)
            shown, by_outage = summary(delays)
            rows.append((f"reconnect after Redis is back: {label}", shown,
                         f"{len(delays)} reconnects, {censored} not before the next outage; {by_outage}"))

        # bad-input corpus
        key = stack.key("soak")
        cases = corpus("corpus")
        fivexx = 0
        with stack.client(key) as http:
            for case in cases:
                r = http.request(case.method, case.path, json=case.json if case.content is None else None,
                                 content=case.content, headers=case.headers)
                fivexx += r.status_code >= 500
        rows.append(("5xx over the bad-input corpus", str(fivexx), f"{len(cases)} requests"))

        # erase
        with stack.client(key) as http:
            body = {"user_id": "gone", "turn_id": "g1", "session_id": "s", "role": "user", "text": "I like tea.",
                    "timestamp": "2026-03-01T10:00:00Z"}
            http.post("/v1/turns", json=body)
            wait_until(lambda: http.get("/v1/users/gone/turns/g1").json().get("status") == "applied", 60, "g1")
            http.delete("/v1/users/gone")
            status = http.get("/v1/users/gone/turns/g1").status_code
        r = redis.Redis.from_url(stack.redis.url)
        left = [k for k in user_keys("soak:gone") if r.exists(k)]
        r.close()
        rows.append(("Redis keys left for an erased user", str(len(left)), f"turn status afterwards: {status}"))

        # recall through a PostgreSQL outage
        client.recall("soak00", "where do I live?", k=5)
        pg_ctl(root, port, "stop", "fast")
        degraded = failed = 0
        for _ in range(20):
            try:
                degraded += client.recall("soak00", "where do I live?", k=5).degraded
            except Exception:
                failed += 1
        pg_ctl(root, port, "start")
        rows.append(("recalls during a PostgreSQL outage", f"{degraded}/20 degraded", f"{failed} failed"))

        # secrets, with Redis down
        replies: list[str] = []
        stack.redis.stop()
        with stack.client(key) as http:
            for method, path, payload in (("POST", "/v1/turns", {**body, "user_id": "s", "turn_id": "s1"}),
                                          ("POST", "/v1/users/soak00/recall", {"query": "tea"}),
                                          ("GET", "/readyz", None), ("DELETE", "/v1/users/soak00", None)):
                replies.append(http.request(method, path, json=payload).text)
        time.sleep(2)
        stack.redis.start()
        everything = "\n".join(replies) + procs.logs()
        leaked = sum(everything.count(s) for s in (REDIS_SECRET, DB_SECRET))
        rows.append(("planted secrets in replies and logs", str(leaked), "Redis down; worker logs included"))
        try:
            client.turn_status("soak:gone", "g1")
            erased_status = "found"
        except NotFound:
            erased_status = "NotFound"
        rows.append(("client turn status of the erased user", erased_status, ""))
        client.close()
        store.close()
    finally:
        stack.stop()
        stop_postgres(root)
        if disk is not None:
            disk.unmount()
            shutil.rmtree(root, ignore_errors=True)
    print("| measure | value | note |")
    print("|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


def full_disk_phase(disk: SmallDisk, stack: Any, client: MemoryClient, store: SqlStore, args: argparse.Namespace,
                    tmp: Path) -> list[tuple[str, str, str]]:
    """Fill the tables' disk, publish ``disk_turns`` more turns per user and use the API, free it, compare.

    Returns:
        Table rows: the phase, lost / double-applied after it, HTTP codes during it, dead letters.
    """
    total = args.turns + args.disk_turns
    turns = {f"soak{u:02d}": make_turns(f"soak{u:02d}", turn_texts(u, total)) for u in range(args.users)}
    key = stack.key("soak")  # before the fill: creating an API key is a write
    before = disk.no_space_errors()
    filler = disk.fill()
    codes: dict[int, int] = {}
    errors: list[BaseException] = []
    publish = publisher(client, errors)

    publishers = [threading.Thread(target=publish, args=(t[args.turns:],)) for t in turns.values()]
    for p in publishers:
        p.start()
    deadline = time.monotonic() + args.disk_full_s
    n = 0
    with stack.client(key) as http:
        while time.monotonic() < deadline:  # a person's edits (a write) and recalls while writes fail
            n += 1
            calls = (("POST", "/v1/users/disk-user/items", {"description": f"I keep notes number {n}.",
                                                             "theme": "notes"}),
                     ("POST", "/v1/users/soak01/recall", {"query": "where do I live?"}),
                     ("GET", "/v1/users/soak01/items", None))
            for method, path, payload in calls:
                status = http.request(method, path, json=payload).status_code
                codes[status] = codes.get(status, 0) + 1
            time.sleep(0.5)
    for p in publishers:
        p.join(120)
    failed_writes = disk.no_space_errors() - before
    disk.free()
    wait_until(lambda: all(store.last_applied_seq(u) >= total for u in turns), 600,
               "every turn applied after the disk was freed", stack.procs.logs)
    (tmp / "after-disk").mkdir(exist_ok=True)
    expected = embedded_snapshots(turns, tmp / "after-disk")
    lost = dup = 0
    for user, user_turns in turns.items():
        stored = [t.turn_id for t in store.list_turns(user)]
        lost += len({t["turn_id"] for t in user_turns} - set(stored))
        dup += len(stored) - len(set(stored)) + (snapshot(store, user) != expected[user])
    letters = DeadLetters(stack.db_url)
    try:
        dead = len(letters.list(limit=10_000))
    finally:
        letters.close()
    shown = ", ".join(f"{code}: {count}" for code, count in sorted(codes.items()))
    return [("full disk for PostgreSQL's tables", f"{args.disk_full_s:.0f} s",
             f"filler {filler >> 20} MiB; {failed_writes} 'No space left on device' in the server log"),
            ("turns published while the disk was full", str(args.users * args.disk_turns),
             f"{len(errors)} publish errors"),
            ("lost / double-applied after the disk was freed", f"{lost} / {dup}", f"all {total} turns of each user"),
            ("HTTP 500 during the full disk", str(codes.get(500, 0)), f"{sum(codes.values())} requests; {shown}"),
            ("dead-lettered turns", str(dead), "a full disk is the store's failure, never the turn's")]


if __name__ == "__main__":
    main()
