"""Recall when Redis is down or lost: the client falls back to the database.

Real PostgreSQL (the test database), and a Redis URL nobody listens on.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from api_shim.client import MemoryClient
from api_shim.errors import RecallUnavailable
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


def test_the_first_fallback_of_a_process_does_not_spend_its_timeout_on_set_up(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # A loaded machine: the one-time set-up takes longer than the whole fallback timeout.
    from memory_core.service import Memory

    real_init = Memory.__init__

    def slow_init(self: Memory, *args: Any, **kwargs: Any) -> None:
        time.sleep(1.0)
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(Memory, "__init__", slow_init)
    client = MemoryClient(DEAD, database_url=db_url, fallback_timeout_s=0.5)
    try:
        reply = client.recall("ann", "where do I live?", k=3)
    finally:
        client.close()
    assert reply.degraded and reply.results[0]["item"]["description"] == "I live in Lisbon"


def test_a_set_up_over_its_allowance_is_named_as_such_not_as_the_database(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from memory_core.service import Memory

    real_init = Memory.__init__

    def slow_init(self: Memory, *args: Any, **kwargs: Any) -> None:
        time.sleep(1.5)
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(Memory, "__init__", slow_init)
    client = MemoryClient(DEAD, database_url=db_url, fallback_setup_s=0.3)
    try:
        with pytest.raises(RecallUnavailable, match=r"still setting up after 0\.3 s") as caught:
            client.recall("ann", "where do I live?", k=3)
        assert "database was not asked" in str(caught.value)
        assert "the database did not answer" not in str(caught.value)
        time.sleep(1.5)  # the set-up goes on in the background: the next recall uses it
        assert client.recall("ann", "where do I live?", k=3).degraded
    finally:
        client.close()
