"""Erase under clock skew: before and after an erase are decided by publish number, never by a clock.

A client whose clock runs an hour ahead publishes a turn before the erase; a
copy of its message is still queued when the user is erased (a re-publish, a
redelivery). A client whose clock runs an hour behind publishes after the
erase. The first must not bring the user back, the second must be kept, in
English and Chinese. Real Redis, PostgreSQL and Celery worker.
"""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

import pytest
import redis
from _workload import make_turns, wait_until

from api_shim.client import MemoryClient
from memory_core.errors import NotFound
from memory_core.store.sql import SqlStore
from memory_core.wire import erased_key, pub_seq_key
from memory_core.wire import turns as wire_turns

SKEW_S = 3600.0
USERS = (("skew-en", "I like green tea.", "I moved to Porto."), ("skew-zh", "我喜欢喝绿茶。", "我搬到了杭州。"))


def _client_clock(monkeypatch: pytest.MonkeyPatch, offset_s: float) -> None:
    """The publishing client's clock (``published_at``) runs ``offset_s`` seconds off this machine's."""
    real = time.time
    monkeypatch.setattr(wire_turns, "time", SimpleNamespace(time=lambda: real() + offset_s))


def test_a_turn_from_a_clock_ahead_published_before_the_erase_does_not_come_back(
        celery_procs: Any, redis_server: Any, store: SqlStore, monkeypatch: pytest.MonkeyPatch) -> None:
    worker = celery_procs.worker("all", concurrency=2)
    _client_clock(monkeypatch, +SKEW_S)
    client = MemoryClient(redis_server.url, request_timeout_s=30)
    try:
        stale = []
        for user, text, _ in USERS:
            [turn] = make_turns(user, [text])
            client.publish_turn(**turn)
            wait_until(lambda u=user: store.last_applied_seq(u) >= 1, 60, f"{user}'s turn applied")
            # the copy still queued: published an hour "after" the erase by its client's clock, but before it
            stale.append({**turn, "speaker": "user", "meta": None, "pub_seq": 1,
                          "published_at": time.time() + SKEW_S})
            client.erase_user(user)
        for kwargs in stale:
            client.celery.send_task("gulfstream.ingest_turn", kwargs=kwargs, queue="ingest")
        wait_until(lambda: worker.tail(10**7).count("'erased': True") >= 2, 60, "the stale copies dropped",
                   celery_procs.logs)
        for user, _, _ in USERS:
            assert store.list_turns(user) == [] and store.list_items(user, statuses=None) == [], user
            with pytest.raises(NotFound):
                client.turn_status(user, f"{user}-t000")
    finally:
        client.close()


def test_a_turn_from_a_clock_behind_published_after_the_erase_is_kept(
        celery_procs: Any, redis_server: Any, store: SqlStore, monkeypatch: pytest.MonkeyPatch) -> None:
    celery_procs.worker("all", concurrency=2)
    client = MemoryClient(redis_server.url, request_timeout_s=30)
    r = redis.Redis.from_url(redis_server.url)
    try:
        for user, text, _ in USERS:
            for t in make_turns(user, [text, text + " Really."]):
                client.publish_turn(**t)
            wait_until(lambda u=user: store.last_applied_seq(u) >= 2, 60, f"{user}'s turns applied")
            client.erase_user(user)
            assert r.get(erased_key(user)) == b"2"  # the last publish number before the erase
        _client_clock(monkeypatch, -SKEW_S)  # its publish time is an hour before the erase
        for user, _, later in USERS:
            [turn] = make_turns(user, [later])
            client.publish_turn(**{**turn, "turn_id": f"{user}-after"})
            assert r.get(pub_seq_key(user)) == b"3"  # numbered after the erase
        for user, _, later in USERS:
            wait_until(lambda u=user: store.last_applied_seq(u) >= 1, 60, f"{user}'s turn after the erase applied",
                       celery_procs.logs)
            assert [t.text for t in store.list_turns(user)] == [later]
            assert client.turn_status(user, f"{user}-after")["status"] == "applied"
    finally:
        client.close()
        r.close()
