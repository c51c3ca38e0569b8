"""A turn id (the idempotency key) reused with other text, through real Redis, PostgreSQL and Celery workers.

The first text wins: the reuse is a ``TurnConflict`` for the caller who made
it, the stored turn keeps its status and its items for everyone else, and a
retry with the first text is a no-op (EN and ZH). The embedded transport
gives the same error for the same call.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from _workload import wait_until

from api_shim.api_client import DistributedMemory
from api_shim.client import MemoryClient
from memory_core.embedded import EmbeddedMemory
from memory_core.errors import InvalidField, TurnConflict
from memory_core.store.sql import SqlStore

T0 = "2026-05-01T09:00:00+00:00"
CASES = [("kai", "I live in Chengdu and work at Tencent.", "I live in Shanghai."),
         ("mei", "我住在成都，在腾讯上班。", "我住在上海。")]


@pytest.fixture
def client(redis_url: str) -> Any:
    c = MemoryClient(redis_url, request_timeout_s=30)
    yield c
    c.close()


def _said(text: str, turn_id: str) -> list[dict[str, str]]:
    return [{"role": "user", "content": text, "id": turn_id, "timestamp": T0}]


def test_a_reused_turn_id_is_refused_for_its_caller_and_harms_nothing(
        celery_procs: Any, client: MemoryClient, store: SqlStore) -> None:
    celery_procs.worker("edits", queues="edits", concurrency=1)
    celery_procs.worker("curate1", queues="ingest,curate,maintenance", concurrency=1)
    mem = DistributedMemory(client)
    for user, first, other in CASES:
        mem.add(_said(first, "m1"), user_id=user)
        items = store.list_items(user, statuses=None)
        with pytest.raises(TurnConflict, match="stored before with other text") as raised:
            mem.add(_said(other, "m1"), user_id=user)
        assert isinstance(raised.value, InvalidField)  # an InvalidInput, as on every transport
        # the refused publish is reported to readers of the stored turn; its status stays its own
        wait_until(lambda u=user: client.turn_status(u, "m1")["error_type"] == "TurnConflict", 30,
                   "the refusal recorded", celery_procs.logs)
        status = client.turn_status(user, "m1")
        assert status["status"] == "applied" and status["seq"] == 1 and "first text is kept" in status["error"]
        assert client.turn_status(user, "m1", text=first)["status"] == "applied"
        assert client.turn_status(user, "m1", text=other)["status"] == "refused"
        assert store.get_turn(user, "m1").text == first
        assert store.list_items(user, statuses=None) == items
        mem.add(_said(first, "m1"), user_id=user)  # a retry with the first text: a no-op that clears the note
        wait_until(lambda u=user: client.turn_status(u, "m1")["error_type"] is None, 30, "the note cleared",
                   celery_procs.logs)
        assert [t.turn_id for t in store.list_turns(user)] == ["m1"]


def test_two_texts_in_flight_under_one_id_the_first_published_wins(
        celery_procs: Any, client: MemoryClient, store: SqlStore) -> None:
    for user, first, other in CASES:
        client.publish_turn(user, "m2", first, "user", "s1", T0)
        client.publish_turn(user, "m2", other, "user", "s1", T0)  # before either is stored
    celery_procs.worker("edits", queues="edits", concurrency=1)
    celery_procs.worker("curate1", queues="ingest,curate,maintenance", concurrency=1)
    for user, first, other in CASES:
        wait_until(lambda u=user: client.turn_status(u, "m2")["error_type"] == "TurnConflict", 60,
                   "the second text refused", celery_procs.logs)
        wait_until(lambda u=user: client.turn_status(u, "m2")["status"] == "applied", 60, "the first applied",
                   celery_procs.logs)
        assert store.get_turn(user, "m2").text == first
        assert client.turn_status(user, "m2", text=other)["status"] == "refused"
        assert client.turn_status(user, "m2", text=first)["status"] == "applied"


def test_the_embedded_transport_refuses_alike(tmp_path: Path) -> None:
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m.db")
    try:
        for user, first, other in CASES:
            mem.add(_said(first, "m1"), user_id=user)
            items = mem.get_all(user_id=user, filters={"statuses": []}, reveal=True)
            with pytest.raises(TurnConflict):
                mem.add(_said("I like tea.", "m9") + _said(other, "m1"), user_id=user)
            assert mem.get_all(user_id=user, filters={"statuses": []}, reveal=True) == items
            assert mem.add(_said(first, "m1"), user_id=user)["turn_ids"] == ["m1"]
    finally:
        mem.close()
