"""A damaged store file behind the shim: its own answer (500 ``store_damaged``, no retry), counted in the metrics.

Served for real (uvicorn on a free port, httpx over TCP) in front of a SQLite store whose file is overwritten
with garbage after the shim opened it; the caller is told the store is damaged and how an operator repairs it,
and never sees the file's path.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn
from _http_stack import wait_until
from _redis import free_port

from api_shim.http.app import create_app
from api_shim.http.server import H11OneWrite
from api_shim.http.services import build_services
from api_shim.http.settings import HttpSettings
from memory_core.ingest_io import turn_from_mapping
from memory_core.service import Memory
from memory_core.store.factory import open_store


@pytest.fixture
def shim_on(tmp_path: Path) -> Iterator[tuple[str, str, Path]]:
    """(base URL, an API key of tenant ``acme``, the store file) of a shim serving a SQLite store."""
    db = tmp_path / "store.sqlite3"
    store = open_store(db)
    Memory(store).ingest([turn_from_mapping({"turn_id": "t1", "text": "I live in Lisbon",
                                             "timestamp": "2026-01-05T09:00:00Z"}, "acme:ann")])
    store.close()
    # no broker: the routes used here read the store directly; the key is read once and then cached
    services = build_services(HttpSettings(database_url=f"sqlite:///{db}", redis_url=f"redis://127.0.0.1:{free_port()}/0",
                                           http_key_cache_ttl_s=3600.0))
    key, _ = services.keys.create("acme", "test")
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(services=services), host="127.0.0.1", port=port,
                                           log_level="warning", access_log=False, http=H11OneWrite, loop="asyncio"))
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    thread.start()
    try:
        wait_until(lambda: server.started, 20, "uvicorn to start")
        yield f"http://127.0.0.1:{port}", key, db
    finally:
        server.should_exit = True
        thread.join(15)
        services.close()


def _damage(db: Path) -> None:
    """Overwrite every page after the header page with garbage, as a failing disk or a bad copy would."""
    size = db.stat().st_size
    with db.open("r+b") as f:
        f.seek(4096)
        f.write(b"\xde\xad\xbe\xef" * ((size - 4096) // 4))


def test_a_damaged_store_is_its_own_error_that_names_the_repair(shim_on: tuple[str, str, Path]) -> None:
    base, key, db = shim_on
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=30) as http:
        assert http.get("/v1/whoami").status_code == 200  # the key is read once, then cached
        _damage(db)
        reply = http.get("/v1/users")
        assert reply.status_code == 500, reply.text
        assert "Retry-After" not in reply.headers  # retrying cannot help
        error = reply.json()["error"]
        assert error["code"] == "store_damaged" and error["status"] == 500
        assert "damaged" in error["message"] and "`gulfstream check`" in error["message"]
        assert "nothing was changed" in error["message"]
        assert str(db) not in reply.text and "malformed" not in reply.text  # the server log has those
        metrics = http.get("/metrics").text
    assert 'gulfstream_http_requests_total{method="GET",route="/v1/users",status="500"} 1.0' in metrics
