"""End to end through real Redis, PostgreSQL and celery worker processes.

Published turns are stored once and applied in publish order; the final
memory equals the embedded mode's from the same turns; a poison turn is
dead-lettered and the user's later turns still apply.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from _workload import embedded_snapshots, make_turns, snapshot, turn_texts, wait_until
from typer.testing import CliRunner

from api_shim.client import MemoryClient
from memory_core import wire
from memory_core.store.sql import SqlStore
from workers.deadletter import DeadLetters


@pytest.fixture
def client(redis_url: str, worker_db_url: str) -> Any:
    c = MemoryClient(redis_url, database_url=worker_db_url, recall_timeout_ms=2000)
    yield c
    c.close()


def applied(store: SqlStore, expected: dict[str, int]) -> bool:
    return all(store.last_applied_seq(u) >= n for u, n in expected.items())


def test_turns_apply_once_in_publish_order(celery_procs: Any, client: MemoryClient, store: SqlStore,
                                            tmp_path: Path) -> None:
    celery_procs.worker("curate1", concurrency=2, GULFSTREAM_PIPELINE="_workload:SlowPipeline",
                        GULFSTREAM_TEST_PLAN_DELAY_MS="5")
    celery_procs.worker("curate2", concurrency=1)
    turns = {f"user{u}": make_turns(f"user{u}", turn_texts(u, 12)) for u in range(3)}
    for i in range(12):
        for user_turns in turns.values():
            client.publish_turn(**user_turns[i])
            if i % 4 == 0:  # a backend retrying a publish: same turn id, stored once
                client.publish_turn(**user_turns[i])
    wait_until(lambda: applied(store, {u: 12 for u in turns}), 60, "all turns applied", celery_procs.logs)
    expected = embedded_snapshots(turns, tmp_path)
    for user, user_turns in turns.items():
        stored = store.list_turns(user)
        assert [t.turn_id for t in stored] == [t["turn_id"] for t in user_turns]  # once each, in order
        assert snapshot(store, user) == expected[user]
        assert len(expected[user]) >= 12


def test_poison_turn_is_dead_lettered_and_later_turns_apply(celery_procs: Any, client: MemoryClient,
                                                              store: SqlStore, worker_db_url: str,
                                                              tmp_path: Path) -> None:
    celery_procs.worker("curate1", concurrency=1, GULFSTREAM_PIPELINE="_workload:PoisonPipeline")
    texts = turn_texts(1, 6)
    texts[2] = "POISON " + texts[2]
    turns = {"u-poison": make_turns("u-poison", texts)}
    for t in turns["u-poison"]:
        client.publish_turn(**t)
    wait_until(lambda: applied(store, {"u-poison": 6}), 60, "later turns applied", celery_procs.logs)
    letters = DeadLetters(worker_db_url)
    try:
        (letter,) = letters.list()
        assert (letter.user_id, letter.turn_id, letter.seq) == ("u-poison", "u-poison-t002", 3)
        assert letter.error_type == "ValueError" and "malformed" in letter.error
        # policy: the poison turn was skipped (no effects), every other turn applied in order
        expected = embedded_snapshots(turns, tmp_path, skip=lambda t: "POISON" in t["text"])
        assert snapshot(store, "u-poison") == expected["u-poison"]
        # the operator replays it with a fixed pipeline (the CLI builds the default one)
        from workers.dlq_cli import app as dlq

        runner = CliRunner()
        listed = runner.invoke(dlq, ["list", "--database-url", worker_db_url])
        assert listed.exit_code == 0 and "u-poison-t002" in listed.output
        retried = runner.invoke(dlq, ["retry", str(letter.id), "--database-url", worker_db_url])
        assert retried.exit_code == 0, retried.output
        assert letters.get(letter.id).status == "retried"  # type: ignore[union-attr]
        assert any("u-poison-t002" in i.source for i in store.list_items("u-poison", statuses=None))
        dropped = runner.invoke(dlq, ["drop", "424242", "--database-url", worker_db_url])
        assert dropped.exit_code == 1 and "no such dead letter" in dropped.output
    finally:
        letters.close()


def test_recall_rpc_answers_and_falls_back_when_the_worker_is_gone(celery_procs: Any, client: MemoryClient,
                                                                     store: SqlStore) -> None:
    celery_procs.worker("curate1", concurrency=1)
    recall_worker = celery_procs.worker("recall", queues="recall", pool="solo", concurrency=1)
    turns = make_turns("u-recall", ["I moved to Lisbon.", "I like green tea.", "I moved to Osaka."])
    for t in turns:
        client.publish_turn(**t)
    wait_until(lambda: applied(store, {"u-recall": 3}), 30, "turns applied", celery_procs.logs)

    reply = client.recall("u-recall", "where do I live", k=3)
    assert not reply.degraded and reply.reason == ""
    texts = [r["item"]["description"] for r in reply.results]
    assert any("Osaka" in t for t in texts)
    assert "Osaka" in reply.context_text
    assert client.recall("u-other", "where do I live", k=3).results == []  # never crosses users

    # a request whose caller stopped waiting is dropped unanswered (logged); the one queued behind it answers
    client.celery.send_task(wire.RECALL, kwargs={"call_id": "stale-call", "user_id": "u-recall", "query": "tea",
                                                     "k": 3, "deadline": time.time() - 5})
    assert "tea" in client.recall("u-recall", "green tea", k=1).results[0]["item"]["description"]
    assert client.redis.llen(wire.reply_key("stale-call")) == 0
    wait_until(lambda: "recall stale-call for user u-recall dropped" in recall_worker.log_path.read_text(), 10,
               "the stale recall logged", celery_procs.logs)

    # CRUD passthroughs, by task name
    item_id = client.add_item("u-recall", "Allergic to peanuts", "health", kind="fact")
    client.update_item("u-recall", item_id, "more precise", new_description="Severely allergic to peanuts")
    assert [h["op"] for h in client.item_history("u-recall", item_id)] == ["update", "create"]
    assert any(i["id"] == item_id for i in client.list_items("u-recall"))
    assert "peanuts" in client.recall("u-recall", "peanuts allergy", k=1).results[0]["item"]["description"]
    assert client.delete_item("u-recall", item_id, "user asked") == "Severely allergic to peanuts"
    from memory_core.errors import UnknownItem

    with pytest.raises(UnknownItem):
        client.delete_item("u-recall", "nope", "x")

    recall_worker.stop()
    slow = client.recall("u-recall", "where do I live", k=3, timeout_ms=200)
    assert slow.degraded and "did not answer within 200 ms" in slow.reason
    assert "database" in slow.reason
    assert [r["item"]["id"] for r in slow.results] == [r["item"]["id"] for r in reply.results]

    assert client.erase_user("u-recall") >= 3
    assert client.recall("u-recall", "where do I live", k=3, timeout_ms=100).results == []


def test_transient_failures_are_retried_then_dead_lettered(celery_procs: Any, client: MemoryClient,
                                                            store: SqlStore, worker_db_url: str,
                                                            tmp_path: Path) -> None:
    # retries allowed: 2 (TEST_ENV), then one try alone: FLAKY2 passes on its 3rd try, FLAKY9 never does
    celery_procs.worker("curate1", concurrency=1, GULFSTREAM_PIPELINE="_workload:FlakyPipeline",
                        GULFSTREAM_TEST_FLAKY_DIR=str(tmp_path))
    texts = ["I moved to Lisbon.", "FLAKY2 I like green tea.", "FLAKY9 I like sushi.", "I moved to Osaka."]
    turns = {"u-flaky": make_turns("u-flaky", texts)}
    for t in turns["u-flaky"]:
        client.publish_turn(**t)
    wait_until(lambda: applied(store, {"u-flaky": 4}), 60, "all turns applied", celery_procs.logs)
    assert (tmp_path / "u-flaky-t001").read_text() == "..."  # failed twice, applied on the third try
    letters = DeadLetters(worker_db_url)
    try:
        (letter,) = letters.list()
        assert (letter.turn_id, letter.error_type) == ("u-flaky-t002", "ConnectionError")
        assert letter.attempts == 4  # 1 + 2 retries + 1 alone
    finally:
        letters.close()
    expected = embedded_snapshots(turns, tmp_path, skip=lambda t: "FLAKY9" in t["text"])
    assert snapshot(store, "u-flaky") == expected["u-flaky"]


def test_a_burst_of_turns_is_one_ingest_message_and_applies_in_order(celery_procs: Any, client: MemoryClient,
                                                                      store: SqlStore, redis_url: str) -> None:
    import redis

    turns = make_turns("u-burst", turn_texts(3, 20))
    message_ids = {client.publish_turn(**t) for t in turns}  # no worker yet: nothing starts the message
    broker = redis.Redis.from_url(redis_url)
    try:
        assert len(message_ids) == 1 and broker.llen("ingest") == 1
        assert broker.hlen("gulfstream:inbox:u-burst") == 20
        celery_procs.worker("curate1", concurrency=1, GULFSTREAM_INGEST_BATCH_TURNS="6")  # 4 batches
        wait_until(lambda: applied(store, {"u-burst": 20}), 60, "burst applied", celery_procs.logs)
        assert [t.turn_id for t in store.list_turns("u-burst")] == [t["turn_id"] for t in turns]
        assert broker.hlen("gulfstream:inbox:u-burst") == 0
        later = make_turns("u-burst", turn_texts(3, 21))[20]
        assert client.publish_turn(**later) not in message_ids  # the started message no longer covers it
        wait_until(lambda: applied(store, {"u-burst": 21}), 30, "later turn applied", celery_procs.logs)
    finally:
        broker.close()
