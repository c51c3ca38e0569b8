"""Erase leaves nothing in Redis: keys, turn statuses and, once the AOF is rewritten, the turn texts.

Over the edit worker (the HTTP shim and the client's ``erase_user``) and over
``gulfstream erase --redis-url`` alike; another user's keys stay.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import redis
from _workload import make_turns, wait_until

from api_shim.client import MemoryClient
from memory_core.errors import NotFound
from memory_core.store.sql import SqlStore
from memory_core.wire.keys import INBOX_USERS_KEY, refused_key
from workers.erase import user_keys

REPO = Path(__file__).resolve().parents[2]
SECRET_TEXT = "my diary entry number 77421"


def _aof_text(data_dir: Path) -> bytes:
    return b"".join(p.read_bytes() for p in data_dir.rglob("*.aof*") if p.is_file())


def _wait_rewrite(client: redis.Redis) -> None:
    def done() -> bool:
        info = client.info("persistence")
        return not info["aof_rewrite_in_progress"] and not info["aof_rewrite_scheduled"]
    wait_until(done, 30, "the AOF rewrite")


def _publish_and_apply(client: MemoryClient, store: SqlStore, user: str) -> None:
    texts = [SECRET_TEXT, "I like green tea.", "I moved to Porto."]
    for t in make_turns(user, texts):
        client.publish_turn(**t)
    wait_until(lambda: store.last_applied_seq(user) >= len(texts), 60, f"{user}'s turns applied")


def _left(r: redis.Redis, user: str) -> list[str]:
    left = [k for k in user_keys(user) if r.exists(k)]
    if r.sismember(INBOX_USERS_KEY, user):
        left.append(INBOX_USERS_KEY)
    return left


def test_erase_over_the_workers_removes_keys_statuses_and_aof_copies(celery_procs: Any, redis_server: Any,
                                                                    store: SqlStore) -> None:
    celery_procs.worker("all", concurrency=2)
    client = MemoryClient(redis_server.url, request_timeout_s=30)
    r = redis.Redis.from_url(redis_server.url)
    try:
        _publish_and_apply(client, store, "era")
        _publish_and_apply(client, store, "keep")
        r.hset(refused_key("era"), "t-old", json.dumps({"error_type": "InvalidField", "error": "x", "at": 0}))
        assert client.turn_status("era", "era-t000")["status"] == "applied"
        assert SECRET_TEXT.encode() in _aof_text(redis_server.data_dir)
        assert _left(r, "era")  # there was something to erase

        client.erase_user("era")
        assert _left(r, "era") == []
        assert _left(r, "keep")  # another user's keys stay
        with pytest.raises(NotFound):
            client.turn_status("era", "era-t000")
        with pytest.raises(NotFound):
            client.turn_status("era", "t-old")
        _wait_rewrite(r)  # erase started BGREWRITEAOF: the old AOF, with the turn texts, is gone
        assert SECRET_TEXT.encode() not in _aof_text(redis_server.data_dir)
    finally:
        client.close()
        r.close()


def test_cli_erase_with_a_redis_url_removes_the_users_keys(celery_procs: Any, redis_server: Any,
                                                          worker_db_url: str, store: SqlStore) -> None:
    celery_procs.worker("all", concurrency=2)
    client = MemoryClient(redis_server.url, request_timeout_s=30)
    r = redis.Redis.from_url(redis_server.url)
    try:
        _publish_and_apply(client, store, "cli-era")
        assert _left(r, "cli-era")
        env = {**os.environ, "PYTHONPATH": str(REPO), "GULFSTREAM_REDIS_URL": redis_server.url}
        done = subprocess.run([sys.executable, "-m", "memory_core", "erase", "--user", "cli-era", "--db",
                               worker_db_url, "--yes"], cwd=REPO, env=env, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "Redis key" in done.stdout
        assert _left(r, "cli-era") == []
        with pytest.raises(NotFound):
            client.turn_status("cli-era", "cli-era-t000")
    finally:
        client.close()
        r.close()


def test_a_message_queued_before_the_erase_does_not_bring_the_user_back(celery_procs: Any, redis_server: Any,
                                                                       store: SqlStore) -> None:
    # seen in the soak: a re-published copy of an ingest message, still queued when the user was erased,
    # stored the turn again ("the inbox lost it") and the user was back, with a turn status of 200
    worker = celery_procs.worker("all", concurrency=2)
    client = MemoryClient(redis_server.url, request_timeout_s=30)
    r = redis.Redis.from_url(redis_server.url)
    try:
        stale = []
        for user, text in (("back-en", "I like green tea."), ("back-zh", "我喜欢喝绿茶。")):
            [turn] = make_turns(user, [text])
            published_at = time.time()
            client.publish_turn(**turn)
            wait_until(lambda u=user: store.last_applied_seq(u) >= 1, 60, f"{user}'s turn applied")
            stale.append({**turn, "speaker": "user", "meta": None, "pub_seq": 1, "published_at": published_at})
            client.erase_user(user)
        for kwargs in stale:  # the copies that were still queued
            client.celery.send_task("gulfstream.ingest_turn", kwargs=kwargs, queue="ingest")
        wait_until(lambda: worker.tail(10**7).count("'erased': True") >= 2, 60, "the stale copies dropped",
                   celery_procs.logs)
        for user in ("back-en", "back-zh"):
            assert store.list_turns(user) == [] and store.list_items(user, statuses=None) == [], user
            with pytest.raises(NotFound):
                client.turn_status(user, f"{user}-t000")
        # the same user id starting over after the erase is a new user, not a stale message
        [again] = make_turns("back-en", ["I moved to Porto."])
        client.publish_turn(**again)
        wait_until(lambda: store.last_applied_seq("back-en") >= 1, 60, "a turn published after the erase applied")
        assert [t.text for t in store.list_turns("back-en")] == ["I moved to Porto."]
    finally:
        client.close()
        r.close()
