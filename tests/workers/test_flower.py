"""Flower, as ``ops/flower.sh`` starts it, against a real worker and Redis.

Workers start without task events (``WorkerSettings.task_events`` is off);
Flower's ``enable_events`` option (on by default) broadcasts
``enable_events`` every 5 s, so the tasks of a worker it watches still show
up in its API. That only works for a worker that has an event dispatcher,
i.e. one sending heartbeats or gossip: a worker started with
``--without-heartbeat --without-gossip`` and no ``-E`` (as tests/_celery.py
starts them) answers "event dispatcher unavailable" and Flower never sees
its tasks. Flower never runs without basic auth.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import requests
from _celery import REPO
from _workload import make_turns, wait_until
from celery import Celery

from api_shim.client import MemoryClient
from memory_core.store.sql import SqlStore

FLOWER_SH = REPO / "ops" / "flower.sh"
VENV_PYTHON = REPO / ".venv" / "bin" / "python"
AUTH = ("ops", "s3cret-flower")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Flower:
    """A running ``ops/flower.sh`` (its own process group) and where it listens."""

    proc: subprocess.Popen[bytes]
    url: str
    log_path: Path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:] if self.log_path.exists() else ""


@pytest.fixture
def flower(celery_procs: Any, tmp_path: Path) -> Iterator[Flower]:
    """Flower started by ``ops/flower.sh`` with the workers' environment; always stopped at the end."""
    port = free_port()
    env = {**celery_procs.env, "FLOWER_BASIC_AUTH": f"{AUTH[0]}:{AUTH[1]}", "FLOWER_PORT": str(port),
           "FLOWER_ADDRESS": "127.0.0.1", "PYTHON": str(VENV_PYTHON)}
    log_path = tmp_path / "flower.log"
    with log_path.open("ab") as log:
        proc = subprocess.Popen(["bash", str(FLOWER_SH)], env=env, cwd=REPO, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
    running = Flower(proc, f"http://127.0.0.1:{port}", log_path)
    try:
        def answers() -> bool:
            if proc.poll() is not None:
                raise AssertionError(f"flower exited ({proc.returncode}):\n{running.log()}")
            try:
                return requests.get(f"{running.url}/healthcheck", timeout=2).status_code == 200
            except requests.ConnectionError:
                return False

        wait_until(answers, 30, "flower to answer", running.log)
        yield running
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(10)


def gulfstream_tasks(flower: Flower) -> list[dict[str, Any]]:
    reply = requests.get(f"{flower.url}/api/tasks", auth=AUTH, timeout=5)
    assert reply.status_code == 200, reply.text
    return [t for t in reply.json().values() if str(t.get("name") or "").startswith("gulfstream.")]


def enable_events_replies(redis_url: str) -> dict[str, Any]:
    """What every worker answers to the ``enable_events`` broadcast Flower sends."""
    app = Celery("probe", broker=redis_url)
    try:
        return {k: v for reply in app.control.broadcast("enable_events", reply=True, timeout=3)
                for k, v in reply.items()}
    finally:
        app.close()


def test_flower_needs_basic_auth(celery_procs: Any, flower: Flower) -> None:
    celery_procs.worker("curate1", concurrency=1)
    assert requests.get(f"{flower.url}/api/workers", timeout=5).status_code == 401
    assert requests.get(f"{flower.url}/api/workers", auth=(AUTH[0], "wrong"), timeout=5).status_code == 401
    assert requests.get(f"{flower.url}/api/tasks", timeout=5).status_code == 401
    assert requests.get(f"{flower.url}/api/workers", auth=AUTH, timeout=10).status_code == 200


def test_flower_turns_task_events_on_for_a_worker_started_without_them(celery_procs: Any, redis_url: str,
                                                                       flower: Flower) -> None:
    # The test workers' flags minus --without-heartbeat: a worker that sends only heartbeats.
    worker = celery_procs.worker("curate-hb", concurrency=1, start=False, GULFSTREAM_TASK_EVENTS="false")
    worker.args.remove("--without-heartbeat")
    worker.start()
    assert "task events: OFF" in worker.tail(100_000)  # started without -E

    # Flower broadcasts enable_events every 5 s: publish a turn of a new user (a new ingest
    # message) every 2 s until Flower has seen a gulfstream task through the worker's events.
    client = MemoryClient(redis_url)
    published: list[str] = []
    last_publish = 0.0

    def flower_lists_a_task() -> bool:
        nonlocal last_publish
        if time.monotonic() - last_publish >= 2:
            (turn,) = make_turns(f"u-flower{len(published)}", ["I moved to Lisbon."])
            published.append(client.publish_turn(**turn))
            last_publish = time.monotonic()
        # one of our ingest messages, not just any task: a curate task of a turn ingested
        # before the events came on can be listed first
        return bool({t["uuid"] for t in gulfstream_tasks(flower)} & set(published))

    try:
        wait_until(flower_lists_a_task, 30, "one of the published ingest messages listed by flower",
                   lambda: f"{celery_procs.logs()}\n── flower ──\n{flower.log()}")
    finally:
        client.close()
    assert "Events of group {task} enabled by remote." in worker.tail(100_000)
    tasks = gulfstream_tasks(flower)
    assert {t["name"] for t in tasks} <= {"gulfstream.ingest_turn", "gulfstream.curate_user"}
    assert all(str(t["worker"]).startswith("curate-hb@") for t in tasks)
    assert {t["uuid"] for t in tasks} & set(published)


def test_flower_cannot_turn_events_on_without_heartbeat_and_gossip(celery_procs: Any, redis_url: str,
                                                                   store: SqlStore, flower: Flower) -> None:
    """Limitation: a worker started with --without-heartbeat --without-gossip and no -E (the flags of
    tests/_celery.py) has no event dispatcher at all, so Flower's enable_events cannot reach it."""
    worker = celery_procs.worker("curate-quiet", concurrency=1, GULFSTREAM_TASK_EVENTS="false")
    assert {"--without-heartbeat", "--without-gossip"} <= set(worker.args)
    assert "task events: OFF" in worker.tail(100_000)
    (reply,) = enable_events_replies(redis_url).values()
    assert reply == {"error": "event dispatcher unavailable"}

    time.sleep(6)  # Flower has broadcast enable_events at least once since the worker started
    client = MemoryClient(redis_url)
    try:
        (turn,) = make_turns("u-quiet", ["I moved to Lisbon."])
        client.publish_turn(**turn)
    finally:
        client.close()
    wait_until(lambda: store.last_applied_seq("u-quiet") >= 1, 30, "the turn applied", celery_procs.logs)
    time.sleep(1)
    assert gulfstream_tasks(flower) == []
    assert "enabled by remote" not in worker.tail(100_000)


@pytest.mark.parametrize("auth", [None, "", "no-colon"])
def test_flower_sh_refuses_to_start_without_basic_auth(auth: str | None) -> None:
    env = {k: v for k, v in os.environ.items() if k != "FLOWER_BASIC_AUTH"}
    if auth is not None:
        env["FLOWER_BASIC_AUTH"] = auth
    env.update(PYTHON=str(VENV_PYTHON), FLOWER_PORT=str(free_port()))
    done = subprocess.run(["bash", str(FLOWER_SH)], env=env, cwd=REPO, capture_output=True, timeout=30)
    assert done.returncode == 2, done.stderr
    assert b"refusing to start without auth" in done.stderr
