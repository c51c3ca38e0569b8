"""Write-behind: a batch applied by a curate worker reaches the recall worker's cached index before any recall.

Real Redis, PostgreSQL, a curate worker and a solo recall worker. After a
user's index is warm, turns are published; the curate worker applies them
and announces the change, and the recall worker applies it to its cached
index with no recall asking (its delta count moves, its index's version is
the store's). The announcement carries the change (a change note), so the
recall worker applies it without reading the store; with notes off it reads
them itself. With the write-behind off, nothing moves until a recall asks.
Answers equal a fresh build's either way, in English and Chinese.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

import pytest

from api_shim.client import MemoryClient
from memory_core.model import MemoryItem
from memory_core.retrieval.recall import Recaller
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp

TURNS = ["I adopted a dog named Rex last week", "我妹妹搬到了杭州", "My sister works at a bakery in Lisbon",
         "我们周末去西湖散步了"]
QUERIES = ["Rex dog", "妹妹 杭州", "sister bakery", "西湖"]


def ids(reply: Any) -> list[str]:
    assert not reply.degraded, reply.reason
    return [x["item"]["id"] for x in reply.results]


def wait_for(predicate: Any, timeout_s: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False


def publish_all(client: MemoryClient, user: str) -> None:
    for n, text in enumerate(TURNS):
        client.publish_turn(user, f"{user}-t{n}", text, "user", "s1", datetime.now(UTC))


def warm_user(store: SqlStore, client: MemoryClient, user: str) -> None:
    store.apply(user, [AddOp(MemoryItem.create(user, "My favourite drink is oolong tea", "taste")),
                       AddOp(MemoryItem.create(user, "我喜欢喝乌龙茶", "taste"))])
    assert ids(client.recall(user, "oolong 乌龙茶", k=3))


@pytest.mark.parametrize("notes", ["true", "false"])
def test_an_applied_batch_is_caught_up_before_the_next_recall(celery_procs: Any, redis_url: str,
                                                              worker_db_url: str, notes: str) -> None:
    celery_procs.worker("recall", queues="recall", pool="solo", concurrency=1)
    celery_procs.worker("curate", queues="ingest,curate,maintenance", concurrency=1,
                        GULFSTREAM_RECALL_CHANGE_NOTES=notes)
    store = SqlStore(worker_db_url)
    client = MemoryClient(redis_url, recall_timeout_ms=5000)
    try:
        warm_user(store, client, "wb")
        before = client.recall_stats("recall", timeout_s=10)["deltas"]
        publish_all(client, "wb")
        assert wait_for(lambda: len(store.list_turns("wb")) == len(TURNS) and store.pending_turns("wb") == [])
        # no recall has asked: the recall worker applied the announced batches itself
        assert wait_for(lambda: client.recall_stats("recall", timeout_s=10)["deltas"] > before)
        index = client.recall_stats("recall", timeout_s=10)
        # with notes, as carried (no read of its own); without, read from the store
        assert (index["carried"] > 0) == (notes == "true")
        fresh = Recaller(store)
        for query in QUERIES:
            assert ids(client.recall("wb", query, k=5)) == [r.item.id for r in fresh.recall("wb", query, 5)]
    finally:
        client.close()
        store.close()


def test_with_the_write_behind_off_the_index_waits_for_a_recall(celery_procs: Any, redis_url: str,
                                                                worker_db_url: str) -> None:
    off = {"GULFSTREAM_RECALL_CATCH_UP": "false"}
    celery_procs.worker("recall", queues="recall", pool="solo", concurrency=1, **off)
    celery_procs.worker("curate", queues="ingest,curate,maintenance", concurrency=1, **off)
    store = SqlStore(worker_db_url)
    client = MemoryClient(redis_url, recall_timeout_ms=5000)
    try:
        warm_user(store, client, "nb")
        before = client.recall_stats("recall", timeout_s=10)["deltas"]
        publish_all(client, "nb")
        assert wait_for(lambda: len(store.list_turns("nb")) == len(TURNS) and store.pending_turns("nb") == [])
        time.sleep(1.0)
        assert client.recall_stats("recall", timeout_s=10)["deltas"] == before  # nothing applied unasked
        fresh = Recaller(store)
        assert ids(client.recall("nb", QUERIES[1], k=5)) == [r.item.id for r in fresh.recall("nb", QUERIES[1], 5)]
        assert client.recall_stats("recall", timeout_s=10)["deltas"] > before
    finally:
        client.close()
        store.close()
