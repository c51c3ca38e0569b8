"""Recall when Redis is down or lost: the client falls back to the database at once.

Real PostgreSQL (the test database), and either a Redis URL nobody listens on
or a private redis-server stopped in the middle of a recall.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from api_shim.client import MemoryClient
from api_shim.errors import PublishFailed, RecallUnavailable
from api_shim.fallback import DatabaseRecall
from memory_core.store.sql import SqlStore

DEAD = "redis://127.0.0.1:9/0"  # nothing listens on this port


@pytest.fixture
def db_url(worker_db_url: str) -> Iterator[str]:
    """The test database, holding a few items of user ann."""
    store = SqlStore(worker_db_url)
    store.add("ann", "I live in Lisbon", "home")
    store.add("ann", "I like green tea", "taste")
    store.close()
    yield worker_db_url


def spy_on_sends(client: MemoryClient) -> list[dict[str, Any]]:
    """Record the options of every publish the client's Celery app makes (the publish still runs)."""
    calls: list[dict[str, Any]] = []
    real = client.celery.send_task

    def send_task(name: str, *args: Any, **kwargs: Any) -> Any:
        calls.append({"name": name, "retry": kwargs.get("retry"), "retry_policy": kwargs.get("retry_policy")})
        return real(name, *args, **kwargs)

    client.celery.send_task = send_task  # type: ignore[method-assign]
    return calls


def test_a_recall_with_redis_down_answers_from_the_database_without_retrying(db_url: str) -> None:
    # publish_retry_s=10: a publish retry loop would hold the recall ~10 s
    client = MemoryClient(DEAD, database_url=db_url, publish_retry_s=10)
    try:
        client.prepare_fallback()  # the one-time set-up is not what this test times
        sends = spy_on_sends(client)
        started = time.monotonic()
        reply = client.recall("ann", "where do I live?", k=3)
        took = time.monotonic() - started
    finally:
        client.close()
    assert reply.degraded
    assert reply.reason.startswith("broker unreachable (could not enqueue gulfstream.recall")
    assert reply.reason.endswith("answered directly from the database")
    assert reply.results[0]["item"]["description"] == "I live in Lisbon"
    assert [s["retry"] for s in sends] == [False]  # one plain attempt, no retry loop
    assert took < 2.0, f"a degraded recall with Redis down took {took:.1f} s"


def test_writes_still_retry_an_unreachable_broker() -> None:
    client = MemoryClient(DEAD, publish_retry_s=1)
    try:
        sends = spy_on_sends(client)
        with pytest.raises(PublishFailed):
            client.add_item("ann", "I like tea", "taste")
    finally:
        client.close()
    assert [s["retry"] for s in sends] == [True]
    assert sends[0]["retry_policy"]["max_retries"] >= 2


def test_a_redis_lost_while_the_recall_waits_sends_it_to_the_database_at_once(db_url: str,
                                                                               redis_server: Any) -> None:
    # No recall worker runs: the reply never comes, so the recall waits until Redis goes away.
    client = MemoryClient(redis_server.url, database_url=db_url, publish_retry_s=10)
    try:
        client.prepare_fallback()
        stopper = threading.Timer(0.5, redis_server.stop)
        stopper.start()
        started = time.monotonic()
        reply = client.recall("ann", "where do I live?", k=3, timeout_ms=8000)
        took = time.monotonic() - started
        stopper.join()
    finally:
        client.close()
    assert reply.degraded
    assert "lost Redis while waiting for gulfstream.recall" in reply.reason
    assert reply.results[0]["item"]["description"] == "I live in Lisbon"
    # neither the 8 s wait nor a reconnect loop (~publish_retry_s) before the fallback
    assert took < 4.0, f"the recall took {took:.1f} s after Redis was lost"


def slow_memory_set_up(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """Make building the fallback's ``Memory`` take ``seconds`` longer (a loaded machine)."""
    from memory_core.service import Memory

    real_init = Memory.__init__

    def slow_init(self: Memory, *args: Any, **kwargs: Any) -> None:
        time.sleep(seconds)
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(Memory, "__init__", slow_init)


def test_the_first_fallback_of_a_process_does_not_spend_its_timeout_on_set_up(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    slow_memory_set_up(monkeypatch, 1.0)  # a loaded machine: set-up takes longer than the fallback timeout
    client = MemoryClient(DEAD, database_url=db_url, fallback_timeout_s=0.5)
    try:
        reply = client.recall("ann", "where do I live?", k=3)
    finally:
        client.close()
    assert reply.degraded and reply.results[0]["item"]["description"] == "I live in Lisbon"


def test_a_set_up_over_its_allowance_is_named_as_such_not_as_the_database(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    slow_memory_set_up(monkeypatch, 1.5)
    client = MemoryClient(DEAD, database_url=db_url, fallback_setup_s=0.3)
    try:
        with pytest.raises(RecallUnavailable, match=r"still setting up after 0\.3 s") as caught:
            client.recall("ann", "where do I live?", k=3)
        assert "database was not asked" in str(caught.value)
        assert "the database did not answer" not in str(caught.value)
        fallback = client.recall_rpc.fallback
        assert fallback is not None
        fallback.start().result(timeout=120)  # the set-up went on in the background (not begun again)
        assert client.recall("ann", "where do I live?", k=3).degraded  # the next recall uses it
    finally:
        client.close()


def test_a_set_up_begun_in_the_background_answers_the_first_fallback_warm(
        db_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """``start`` (the HTTP shim's start-up) does not wait for the set-up, and the set-up makes the warm-up recalls
    the recall workers make (``memory_core.recall_warm_up``), so the first degraded recall finds it all loaded."""
    slow_memory_set_up(monkeypatch, 0.5)
    fallback = DatabaseRecall(db_url, timeout_s=5.0, setup_s=0.01)
    try:
        with caplog.at_level("INFO", logger="api_shim.fallback"):
            setup = fallback.start()
            assert not setup.done()  # begun, not waited for
            assert fallback.start() is setup  # one set-up for every caller
            memory = setup.result(timeout=120)
        assert "recall fallback warmed up in" in caplog.text
        assert memory.recaller.cache_stats()["users"] == []  # the set-up read no one from the database
        answer = fallback.recall("ann", "where do I live?", 3, None, None, "a test")  # setup_s 0.01: no waiting
        assert answer["results"][0]["item"]["description"] == "I live in Lisbon"
    finally:
        fallback.close()
