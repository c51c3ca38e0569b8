"""A running Gulfstream for HTTP tests: PostgreSQL, Redis, curate and recall workers, and the shim.

``start_stack`` builds it all for real (no mocks): a fresh migrated
database on the test PostgreSQL server, a private redis-server, one curate
worker and one solo recall worker as ``celery`` processes, and the app
served by uvicorn (with the ``serve`` command's protocol) on a free port in
a background thread. ``Stack.key`` makes API keys; ``Stack.stop`` tears
everything down.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from _celery import CeleryProcesses
from _redis import RedisServer, free_port, redis_available, start_redis
from _services import create_database, drop_database

from api_shim.http.app import create_app
from api_shim.http.server import MAX_REQUEST_HEAD_BYTES, H11OneWrite
from api_shim.http.services import Services, build_services
from api_shim.http.settings import HttpSettings
from memory_core.store.migrate import upgrade

__all__ = ["Stack", "start_stack", "wait_until"]


def wait_until(check: Callable[[], Any], timeout_s: float, what: str, logs: Callable[[], str] = str) -> Any:
    """Poll ``check`` until it returns something truthy; fail with ``what`` and the logs."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout_s} s waiting for {what}\n{logs()}")


@dataclass
class Stack:
    """Everything one test session talks to."""

    base_url: str
    db_url: str
    admin_url: str
    redis: RedisServer
    procs: CeleryProcesses
    services: Services
    server: uvicorn.Server
    thread: threading.Thread
    keys: dict[str, str] = field(default_factory=dict)

    def key(self, tenant: str, *, rate_per_s: float = 1000.0, burst: int = 1000, name: str = "test") -> str:
        """Create an API key of ``tenant`` and return its text."""
        text, _ = self.services.keys.create(tenant, name, rate_per_s=rate_per_s, burst=burst)
        return text

    def client(self, key: str | None = None, **headers: str) -> httpx.Client:
        """An HTTP client on the shim, sending ``key`` as a bearer token."""
        if key is not None:
            headers["Authorization"] = f"Bearer {key}"
        return httpx.Client(base_url=self.base_url, headers=headers, timeout=30)

    def stop(self) -> None:
        """Stop the server, the workers, Redis, and drop the database."""
        self.server.should_exit = True
        self.thread.join(15)
        self.services.close()
        self.procs.stop_all()
        self.redis.stop()
        drop_database(self.admin_url, self.db_url)


def start_stack(admin_url: str, tmp: Path, *, redis_password: str | None = None, db_password: str | None = None,
                **settings: Any) -> Stack:
    """Start the whole stack; settings override ``HttpSettings`` fields (``recall_timeout_ms`` too: 2000 unless
    given, so a loaded machine does not turn a test's recall into the database fallback).

    ``redis_password`` runs Redis with ``requirepass``; ``db_password`` puts a password in the
    database URL (the test server trusts local connections, so it is carried but not checked).
    """
    if not redis_available():
        raise RuntimeError("redis-server is required (ops/install_services.sh installs it)")
    db_url = create_database(admin_url, prefix="h")
    upgrade(db_url)
    if db_password:
        db_url = db_url.replace("@", f":{db_password}@", 1) if "://" in db_url and ":" not in \
            db_url.split("://", 1)[1].split("@", 1)[0] else db_url
    redis = start_redis(tmp / "redis", password=redis_password)
    procs = CeleryProcesses(redis.url, db_url, tmp)
    procs.worker("curate", concurrency=2)
    procs.worker("recall", queues="recall", pool="solo", concurrency=1)
    config = HttpSettings(**{"redis_url": redis.url, "database_url": db_url, "recall_timeout_ms": 2000,
                             "request_timeout_s": 45, "http_key_cache_ttl_s": 0.0, "http_editor_poll_ms": 500,
                             **settings})
    services = build_services(config)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(services=services), host="127.0.0.1", port=port,
                                           log_level="warning", access_log=False, http=H11OneWrite,
                                           loop="asyncio", h11_max_incomplete_event_size=MAX_REQUEST_HEAD_BYTES))
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    thread.start()
    wait_until(lambda: server.started, 20, "uvicorn to start")
    return Stack(f"http://127.0.0.1:{port}", db_url, admin_url, redis, procs, services, server, thread)


def running_stack(admin_url: str, tmp: Path) -> Iterator[Stack]:
    """``start_stack``, yielded and stopped afterwards: the body of a session fixture."""
    running = start_stack(admin_url, tmp)
    try:
        yield running
    finally:
        running.stop()
