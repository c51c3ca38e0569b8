"""A person's edits and item reads through real Redis, PostgreSQL and celery workers.

Edits wait for a curate run that holds the user's lock (its ops already
planned) and then apply, never in between; merge, get, import and turn
status work through the client; an erase is not stuck behind a backlog of
turns on the ingest queue.
"""

from __future__ import annotations

import io
import time
from pathlib import Path
from typing import Any

import pytest
import redis
from _workload import make_turns, wait_until

from api_shim.client import MemoryClient
from memory_core.errors import InvalidInput, NotFound, UnknownItem
from memory_core.store.sql import SqlStore
from memory_core.store.transfer import export_yaml


@pytest.fixture
def client(redis_url: str) -> Any:
    c = MemoryClient(redis_url, request_timeout_s=30)
    yield c
    c.close()


def test_edit_waits_for_a_curate_run_holding_the_lock_then_applies(
        celery_procs: Any, client: MemoryClient, store: SqlStore, tmp_path: Path) -> None:
    hold_dir = tmp_path / "held"
    hold_dir.mkdir()
    celery_procs.worker("curate1", concurrency=2, GULFSTREAM_PIPELINE="_workload:HoldPipeline",
                        GULFSTREAM_TEST_HOLD_DIR=str(hold_dir), GULFSTREAM_TEST_HOLD_S="3")
    user = "holder"
    item_id = client.add_item(user, "I live in Lisbon", "home", reason="typed in the editor")
    kept = client.add_item(user, "I like tea", "taste")
    [turn] = make_turns(user, [f"HOLD {item_id} I live in Porto"])
    client.publish_turn(**turn)
    wait_until(lambda: (hold_dir / turn["turn_id"]).exists(), 30, "the curate run to plan its ops",
               celery_procs.logs)

    started = time.monotonic()
    client.update_item(user, kept, "corrected", new_description="I like green tea")
    deleted_text = client.delete_item(user, item_id, "I moved again")
    waited_s = time.monotonic() - started

    # The delete ran after the curator's planned update was applied, not in between.
    assert deleted_text == "I live in Porto"
    assert waited_s > 1.0
    assert store.last_applied_seq(user) == 1
    ops = [(r.op, r.actor) for r in reversed(store.history(user, item_id))]
    assert ops == [("create", "user"), ("update", "agent"), ("delete", "user")], ops
    assert store.get(user, kept).description == "I like green tea"
    assert "gave up" not in celery_procs.logs()


def test_merge_get_and_import_through_the_client(celery_procs: Any, client: MemoryClient, store: SqlStore,
                                                 tmp_path: Path) -> None:
    celery_procs.worker("curate1", concurrency=1)
    user = "merger"
    a = client.add_item(user, "I like coffee", "taste")
    b = client.add_item(user, "I drink coffee every morning", "taste")
    assert client.merge_items(user, a, b, "same thing", description="I like coffee, every morning") == a
    kept, gone = client.get_item(user, a), client.get_item(user, b)
    assert (kept["description"], kept["status"]) == ("I like coffee, every morning", "active")
    assert gone["status"] == "deleted" and "history" not in kept
    assert client.item_history(user, a)[0]["op"] == "merge"
    with pytest.raises(UnknownItem):
        client.merge_items(user, a, b, "again")
    with pytest.raises(UnknownItem):
        client.get_item(user, "no-such-item")

    source = SqlStore(f"sqlite:///{tmp_path / 'source.db'}", migrate=True)
    source.add("imp1", "I live in Oslo", "home")
    source.add("imp1", "I like olives", "taste")
    source.add("imp2", "I work as a pilot", "work")
    doc = io.StringIO()
    export_yaml(source, doc)
    source.close()
    text = doc.getvalue()

    assert client.import_items(text) == {"imp1": 2, "imp2": 1}
    assert sorted(i["description"] for i in client.list_items("imp1")) == ["I like olives", "I live in Oslo"]
    with pytest.raises(InvalidInput, match="already has"):  # all or nothing: imp2 unchanged too
        client.import_items(text)
    assert len(store.list_items("imp2", statuses=None)) == 1
    assert client.import_items(text, user_id="imp4") == {"imp4": 0}  # only that user's entry, if any
    bare = "m-1:\n  description: I like mango\n  theme: taste\n"
    with pytest.raises(InvalidInput):  # one bad item: none of the user's items are imported
        client.import_items(bare + "m-2:\n  description: ''\n  theme: taste\n", user_id="imp3")
    assert store.list_items("imp3", statuses=None) == []
    assert client.import_items(bare, user_id="imp3") == {"imp3": 1}
    assert client.get_item("imp3", "m-1")["description"] == "I like mango"


def test_turn_status_from_queued_to_applied_or_dead_lettered(celery_procs: Any, client: MemoryClient) -> None:
    celery_procs.worker("edits", queues="edits", concurrency=1)
    user = "status"
    good, poison = make_turns(user, ["I like sushi.", "POISON I like nothing."])
    client.publish_turn(**good)
    client.publish_turn(**poison)
    assert client.turn_status(user, good["turn_id"])["status"] == "queued"  # nobody ingests yet
    with pytest.raises(NotFound):
        client.turn_status(user, "never-published")

    celery_procs.worker("curate1", queues="ingest,curate,maintenance", concurrency=1,
                        GULFSTREAM_PIPELINE="_workload:PoisonPipeline")
    wait_until(lambda: client.turn_status(user, poison["turn_id"])["status"] == "dead_lettered", 60,
               "the poison turn dead-lettered", celery_procs.logs)
    assert client.turn_status(user, good["turn_id"]) == {"status": "applied", "seq": 1, "error_type": None,
                                                         "attempts": None, "error": None}
    dead = client.turn_status(user, poison["turn_id"])
    assert dead["seq"] == 2 and dead["error_type"] == "ValueError" and dead["attempts"] >= 2


def test_erase_is_prompt_while_the_ingest_queue_is_backed_up(celery_procs: Any, client: MemoryClient,
                                                             store: SqlStore, redis_url: str) -> None:
    celery_procs.worker("edits", queues="edits", concurrency=1)
    client.add_item("leaver", "I live in Lima", "home")
    client.add_item("leaver", "I like mango", "taste")
    for i in range(1500):  # one turn each of many users: a user's burst would be one coalesced message
        client.publish_turn(**make_turns(f"busy{i}", [f"Today I went hiking with my friend number {i}."])[0])
    celery_procs.worker("curate1", queues="ingest,curate,maintenance", concurrency=1,
                        GULFSTREAM_PIPELINE="_workload:SlowPipeline", GULFSTREAM_TEST_PLAN_DELAY_MS="5")
    queued = redis.Redis.from_url(redis_url)
    backlog = queued.llen("ingest")
    assert backlog > 500, backlog

    started = time.monotonic()
    removed = client.erase_user("leaver")
    took_s = time.monotonic() - started

    assert removed == 2
    assert took_s < 5.0, took_s  # behind the backlog on one queue it took over 10 s
    assert store.list_items("leaver", statuses=None) == []
    queued.close()


def test_bad_reads_and_fields_from_any_publisher_are_answered_as_invalid_input(
        celery_procs: Any, client: MemoryClient, store: SqlStore) -> None:
    from memory_core import wire
    from memory_core.errors import InvalidField

    celery_procs.worker("edits", queues="edits", concurrency=1)
    kept = client.add_item("ann", "I live in Lisbon", "home")
    assert [i["id"] for i in client.list_items("ann", statuses="active")] == [kept]  # was []
    # straight to the worker, past the client's checks (another publisher, an older client)
    with pytest.raises(InvalidField, match="unknown status 'bogus'"):
        client.rpc.call(wire.LIST_ITEMS, user_id="ann", statuses=["bogus"], theme=None, kind=None)
    with pytest.raises(InvalidField, match="theme must be a string; got int"):  # was SQL in a StoreError
        client.rpc.call(wire.LIST_ITEMS, user_id="ann", statuses=None, theme=5, kind=None)
    for fields in ({"colour": "red"}, {"actor": "agent"}):  # was RemoteError: InternalError ... TypeError
        with pytest.raises(InvalidField, match="unknown memory item field"):
            client.rpc.call(wire.ADD_ITEM, user_id="ann", description="I like tea", theme="taste",
                         fields=fields, reason="")
    with pytest.raises(InvalidField, match=r"^import is not valid YAML of memory items"):
        client.import_items("::: not yaml [", user_id="imp")
    assert [i.id for i in store.list_items("ann", statuses=None)] == [kept]
    assert store.list_items("imp", statuses=None) == []
