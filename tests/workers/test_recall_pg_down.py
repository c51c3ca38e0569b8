"""Recall keeps answering from the recall worker's warm index while PostgreSQL is down, flagged degraded.

A private PostgreSQL (so it can be stopped), a curate worker and the solo
recall worker. Once a recall has warmed the user's index, PostgreSQL is
stopped: every recall during the outage answers within the client's
deadline from that index, ``degraded`` with a reason naming the database;
after the restart recall is current and not degraded again.
"""

from __future__ import annotations

import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _celery import CeleryProcesses
from _redis import start_redis
from _services import _as_owner, _bin_dir, create_database, start_postgres, stop_postgres
from _workload import make_turns, wait_until
from sqlalchemy.engine import make_url

from api_shim.client import MemoryClient
from memory_core.store.migrate import upgrade
from memory_core.store.sql import SqlStore

USER = "outage"


@pytest.fixture
def private_pg() -> Iterator[tuple[str, Path]]:
    root = Path(tempfile.mkdtemp(prefix="gulfstream-pgdown-"))
    try:
        yield start_postgres(root), root
    finally:
        stop_postgres(root)


def _pg_ctl(root: Path, port: int, action: str) -> None:
    cmd = [str(_bin_dir() / "pg_ctl"), "-D", str(root / "data"), "-w", "-t", "30"]
    if action == "start":
        cmd += ["-l", str(root / "server.log"), "-o", f"-p {port} -k {root} -c listen_addresses=127.0.0.1"]
    else:
        cmd += ["-m", "fast"]
    subprocess.run(_as_owner([*cmd, action]), capture_output=True, check=True)


def test_recall_answers_degraded_from_the_warm_index_while_postgres_is_down(
        private_pg: tuple[str, Path], tmp_path: Path) -> None:
    admin, root = private_pg
    port = int(make_url(admin).port or 0)
    db_url = create_database(admin, prefix="d")
    upgrade(db_url)
    redis_server = start_redis(tmp_path / "redis")
    procs = CeleryProcesses(redis_server.url, db_url, tmp_path)
    client = MemoryClient(redis_server.url, database_url=db_url, recall_timeout_ms=3000)
    try:
        procs.worker("curate", queues="ingest,curate,edits,maintenance", concurrency=1)
        procs.worker("recall", queues="recall", pool="solo", concurrency=1)
        for t in make_turns(USER, ["I like green tea.", "I moved to Porto.", "我喜欢吃辣的"]):
            client.publish_turn(**t)
        store = SqlStore(db_url)
        wait_until(lambda: store.last_applied_seq(USER) >= 3, 60, "turns applied")
        store.close()
        warm = client.recall(USER, "what do I drink? tea", k=5)
        assert not warm.degraded and "tea" in warm.context_text

        _pg_ctl(root, port, "stop")
        answers: list[Any] = []
        for query in ["tea", "where do I live? Porto", "我喜欢吃什么"] * 4:
            started = time.monotonic()
            reply = client.recall(USER, query, k=5)
            answers.append((reply, time.monotonic() - started))
        for reply, took_s in answers:
            assert reply.degraded and "index" in reply.reason and "database" in reply.reason, reply.reason
            assert took_s < 3.5
        assert "tea" in answers[0][0].context_text and "Porto" in answers[1][0].context_text
        assert "辣" in answers[2][0].context_text

        _pg_ctl(root, port, "start")
        wait_until(lambda: not client.recall(USER, "tea", k=5).degraded, 60, "recall current again")
    finally:
        client.close()
        procs.stop_all()
        redis_server.stop()
