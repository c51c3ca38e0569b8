"""Health, readiness and Prometheus metrics of the shim, and the ASGI middleware that feeds them.

- ``GET /healthz``: the process answers (liveness; touches nothing).
- ``GET /readyz``: PostgreSQL and Redis answer (readiness); 503 naming what is down.
  Each check answers within ``GULFSTREAM_HTTP_READY_TIMEOUT_S`` (``Readiness``).
- ``GET /metrics``: Prometheus text. Labels are route templates and tenants,
  never user ids or memory text.

``Limits`` is the outermost middleware: it reads a request body whole, up to
its limit, before the app sees it, so an oversized body is refused with 413
whether or not it announced its length.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import redis
import sqlalchemy as sa
from fastapi import APIRouter, Request
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from redis.backoff import NoBackoff
from redis.retry import Retry
from sqlalchemy.pool import NullPool
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api_shim.http.errors import JsonResponse, error_body
from api_shim.http.json_keys import JsonRoute

__all__ = ["Limits", "Metrics", "MetricsMiddleware", "Readiness", "replay_body", "router"]

router = APIRouter(tags=["operations"], route_class=JsonRoute)


@dataclass(slots=True)
class Metrics:
    """The shim's Prometheus metrics, in their own registry (one per app)."""

    registry: CollectorRegistry
    requests: Counter
    latency: Histogram
    rate_limited: Counter
    recall_degraded: Counter

    @classmethod
    def create(cls) -> Metrics:
        """Make the registry and its metrics."""
        reg = CollectorRegistry()
        return cls(
            reg,
            Counter("gulfstream_http_requests_total", "HTTP requests answered", ["method", "route", "status"],
                    registry=reg),
            Histogram("gulfstream_http_request_seconds", "HTTP request latency in seconds", ["method", "route"],
                      buckets=(0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10), registry=reg),
            Counter("gulfstream_http_rate_limited_total", "requests refused with 429", ["tenant"], registry=reg),
            Counter("gulfstream_http_recall_degraded_total", "recalls answered from the database fallback",
                    registry=reg),
        )


class MetricsMiddleware:
    """Counts and times every HTTP request by route template."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app, self.metrics = app, metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = [500]

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            route = getattr(scope.get("route"), "path", None) or "unmatched"
            self.metrics.requests.labels(scope["method"], route, str(status[0])).inc()
            self.metrics.latency.labels(scope["method"], route).observe(time.perf_counter() - started)


def replay_body(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives ``body`` (already read whole) as one message, then defers to ``receive``."""
    replayed = False

    async def replay() -> Message:
        nonlocal replayed
        if not replayed:
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


class Limits:
    """Refuses request bodies over ``max_bytes`` (``max_import_bytes`` on ``/import``) with 413, and bodies
    that take longer than
    ``body_timeout_s`` seconds to arrive with 408 (the connection is closed: a client that declares more than
    it sends cannot hold it)."""

    def __init__(self, app: ASGIApp, max_bytes: int, max_import_bytes: int, body_timeout_s: float = 5.0) -> None:
        self.app, self.max_bytes, self.max_import_bytes = app, max_bytes, max_import_bytes
        self.body_timeout_s = body_timeout_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        limit = self.max_import_bytes if scope["path"].endswith("/import") else self.max_bytes
        declared = dict(scope["headers"]).get(b"content-length", b"")
        if declared.isdigit() and int(declared) > limit:
            await self._refuse(scope, receive, send, limit)
            return
        chunks: list[bytes] = []
        size = 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.body_timeout_s
        while True:
            try:
                message = await asyncio.wait_for(receive(), timeout=max(0.0, deadline - loop.time()))
            except TimeoutError:
                body = error_body(408, "request_timeout",
                                  f"the request body did not arrive within {self.body_timeout_s:g} s")
                await JsonResponse(body, status_code=408, headers={"Connection": "close"})(scope, receive, send)
                return
            if message["type"] != "http.request":
                break
            size += len(message.get("body", b""))
            if size > limit:
                await self._refuse(scope, receive, send, limit)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        await self.app(scope, replay_body(b"".join(chunks), receive), send)

    @staticmethod
    async def _refuse(scope: Scope, receive: Receive, send: Send, limit: int) -> None:
        body = error_body(413, "body_too_large", f"the request body is over the limit of {limit} bytes")
        await JsonResponse(body, status_code=413, headers={"Connection": "close"})(scope, receive, send)


@router.get("/healthz", summary="Liveness")
def healthz() -> dict[str, str]:
    """The process is up."""
    return {"status": "ok"}


class Readiness:
    """The readiness checks (database, Redis), each answered within ``timeout_s``.

    A check is a blocking call on a connection of its own, made for it: a
    fresh database connection (never a pooled one, which could hang on a
    server that stopped answering) with a connect timeout, and a Redis
    client with socket timeouts and no retries (the shim's own client
    retries for ``publish_retry_s``, which held ``/readyz`` for seconds).
    Each runs on a daemon thread, so no request thread waits on it and it
    never holds up the process's exit; a check still running from an
    earlier call is awaited again rather than started twice, so a server
    that never answers ties up one thread per check, not one per call.

    Args:
        checks: name → a call that raises when the dependency is down.
        timeout_s: how long a call of ``check`` waits for each.
        close: releases what the checks hold.
    """

    def __init__(self, checks: dict[str, Callable[[], object]], timeout_s: float,
                 close: Callable[[], None] = lambda: None) -> None:
        self.checks, self.timeout_s, self._close = checks, timeout_s, close
        self._running: dict[str, asyncio.Future[object]] = {}

    @classmethod
    def for_urls(cls, database_url: str, redis_url: str, timeout_s: float) -> Readiness:
        """The checks of the database and Redis at these URLs.

        Their own bounds (connect and socket timeouts) are a little longer
        than ``timeout_s``, so a check that hangs still ends on its own.
        """
        sqlite = sa.engine.make_url(database_url).get_backend_name() == "sqlite"
        engine = sa.create_engine(database_url, poolclass=NullPool, connect_args=(
            {} if sqlite else {"connect_timeout": max(2, math.ceil(timeout_s + 1))}))  # libpq: whole seconds, >= 2
        client = redis.Redis.from_url(redis_url, socket_connect_timeout=timeout_s + 1, socket_timeout=timeout_s + 1,
                                      retry=Retry(NoBackoff(), 0))

        def database() -> None:
            with engine.connect() as conn:
                conn.execute(sa.text("SELECT 1"))

        def close() -> None:
            engine.dispose()
            client.close()

        return cls({"database": database, "redis": client.ping}, timeout_s, close)

    async def check(self) -> dict[str, str]:
        """Name → "ok", or "down: <why>" (an exception's type, or no answer in time); never raises."""
        names = list(self.checks)
        answers = await asyncio.gather(*(self._check_one(name) for name in names))
        return dict(zip(names, answers, strict=True))

    async def _check_one(self, name: str) -> str:
        loop = asyncio.get_running_loop()
        running = self._running.get(name)
        if running is None or running.done() or running.get_loop() is not loop:
            running = self._running[name] = _on_thread(loop, self.checks[name], f"readyz-{name}")
        try:
            await asyncio.wait_for(asyncio.shield(running), self.timeout_s)
        except TimeoutError:
            return f"down: no answer within {self.timeout_s:g} s"
        except Exception as exc:  # readiness reports any failure, it never raises
            return f"down: {type(exc).__name__}"
        return "ok"

    def close(self) -> None:
        """Release the checks' connections."""
        self._close()


def _on_thread(loop: asyncio.AbstractEventLoop, call: Callable[[], object], name: str) -> asyncio.Future[object]:
    """A future of ``loop`` for ``call()`` run on a new daemon thread."""
    future: asyncio.Future[object] = loop.create_future()
    future.add_done_callback(lambda f: f.cancelled() or f.exception())  # retrieved, though maybe awaited by none

    def settle(outcome: BaseException | None, result: object) -> None:
        if future.done():
            return
        if outcome is None:
            future.set_result(result)
        else:
            future.set_exception(outcome)

    def run() -> None:
        try:
            result, outcome = call(), None
        except Exception as exc:  # handed to the awaiting request
            result, outcome = None, exc
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nobody is waiting
            loop.call_soon_threadsafe(settle, outcome, result)

    threading.Thread(target=run, name=name, daemon=True).start()
    return future


@router.get("/readyz", summary="Readiness: database and Redis answer",
            responses={503: {"description": "a dependency is down"}})
async def readyz(request: Request) -> Any:
    """200 when PostgreSQL and Redis answer, 503 naming what is down; within the readiness timeout."""
    checks = await request.app.state.services.readiness.check()
    ready = all(v == "ok" for v in checks.values())
    return JsonResponse({"status": "ready" if ready else "not ready", "checks": checks},
                        status_code=200 if ready else 503)


@router.get("/metrics", include_in_schema=False)
def metrics(request: Request) -> Response:
    """Prometheus text exposition."""
    return Response(generate_latest(request.app.state.metrics.registry), media_type=CONTENT_TYPE_LATEST)
