"""Health, readiness and Prometheus metrics of the shim, and the ASGI middleware that feeds them.

- ``GET /healthz``: the process answers (liveness; touches nothing).
- ``GET /readyz``: PostgreSQL and Redis answer (readiness); 503 naming what is down.
- ``GET /metrics``: Prometheus text. Labels are route templates and tenants,
  never user ids or memory text.

``Limits`` is the outermost middleware: it reads a request body whole, up to
its limit, before the app sees it, so an oversized body is refused with 413
whether or not it announced its length.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api_shim.http.errors import JsonResponse, error_body

__all__ = ["Limits", "Metrics", "MetricsMiddleware", "replay_body", "router"]

router = APIRouter(tags=["operations"])


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
    """Refuses request bodies over ``max_bytes`` (``max_import_bytes`` on ``/import``) with 413."""

    def __init__(self, app: ASGIApp, max_bytes: int, max_import_bytes: int) -> None:
        self.app, self.max_bytes, self.max_import_bytes = app, max_bytes, max_import_bytes

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
        while True:
            message = await receive()
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


def _probe(request: Request) -> dict[str, str]:
    svc = request.app.state.services
    checks = {}
    try:
        with svc.store.engine.connect() as conn:
            conn.execute(sa.text("SELECT 1"))
        checks["database"] = "ok"
    except Exception as exc:  # readiness reports any failure, it never raises
        checks["database"] = f"down: {type(exc).__name__}"
    try:
        svc.client.redis.ping()
        checks["redis"] = "ok"
    except Exception as exc:  # readiness reports any failure, it never raises
        checks["redis"] = f"down: {type(exc).__name__}"
    return checks


@router.get("/readyz", summary="Readiness: database and Redis answer",
            responses={503: {"description": "a dependency is down"}})
async def readyz(request: Request) -> Any:
    """200 when PostgreSQL and Redis answer, 503 naming what is down."""
    checks = await run_in_threadpool(_probe, request)
    ready = all(v == "ok" for v in checks.values())
    return JsonResponse({"status": "ready" if ready else "not ready", "checks": checks},
                        status_code=200 if ready else 503)


@router.get("/metrics", include_in_schema=False)
def metrics(request: Request) -> Response:
    """Prometheus text exposition."""
    return Response(generate_latest(request.app.state.metrics.registry), media_type=CONTENT_TYPE_LATEST)
