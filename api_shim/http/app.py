"""The HTTP shim's FastAPI app: ``create_app`` wires settings → services → routes.

Run it with ``uvicorn --factory api_shim.http.app:create_app`` (or
``python -m api_shim.http serve``). Routes are in ``api_turns``,
``api_items``, ``api_users``, ``health`` and ``editor``.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from anyio import to_thread
from fastapi import FastAPI

from api_shim.http import api_items, api_lifecycle, api_mem0, api_sessions, api_turns, api_users, editor, health
from api_shim.http.encoded_ids import EncodedSlashes
from api_shim.http.errors import JsonResponse, install_handlers
from api_shim.http.fast_recall import RecallFastPath
from api_shim.http.services import Services, build_services
from api_shim.http.settings import HttpSettings
from memory_core.redact import install_log_redaction

__all__ = ["API_VERSION", "create_app", "openapi_json"]

API_VERSION = "1.0.0"

_DESCRIPTION = """Gulfstream's HTTP API for backends that are not Python, and the memory editor.

Authenticate with an API key (`Authorization: Bearer gs_...` or `X-API-Key`).
A key belongs to one tenant; every `user_id` is a user *inside* that tenant
(stored as `<tenant>:<user_id>`), so another tenant's users do not exist for
you (404). Errors are JSON: `{"error": {"status", "code", "message"}}`.
"""


def create_app(settings: HttpSettings | None = None, services: Services | None = None) -> FastAPI:
    """Build the app.

    Args:
        settings: read from the environment when None.
        services: prebuilt services (tests); built from ``settings`` when None,
            and then closed when the app shuts down.
    """
    settings = settings or (services.settings if services is not None else HttpSettings.load())
    own = services is None
    for name in ("", "uvicorn", "uvicorn.error", "uvicorn.access"):  # after uvicorn configured them
        install_log_redaction(logging.getLogger(name))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # in a worker thread as a route's blocking work runs (loading that machinery too), not awaited:
        # the shim serves at once, and a database or broker that is slow to answer delays nothing
        app.state.warm_up = asyncio.create_task(to_thread.run_sync(app.state.services.warm_up))
        yield
        await app.state.services.close_loop()
        if own:
            app.state.services.close()

    app = FastAPI(title="Gulfstream", version=API_VERSION, description=_DESCRIPTION, lifespan=lifespan,
                  default_response_class=JsonResponse, docs_url="/docs", redoc_url=None)
    app.state.services = services or build_services(settings)
    app.state.metrics = health.Metrics.create()
    install_handlers(app)
    for module in (api_turns, api_items, api_lifecycle, api_users, api_sessions, api_mem0, health, editor):
        app.include_router(module.router)
    app.add_middleware(RecallFastPath, fastapi_app=app)
    app.add_middleware(health.MetricsMiddleware, metrics=app.state.metrics)
    app.add_middleware(health.Limits, max_bytes=settings.http_max_body_bytes,
                        max_import_bytes=settings.http_max_import_bytes, body_timeout_s=settings.http_body_timeout_s)
    app.add_middleware(EncodedSlashes)  # outermost: every layer routes on the rebuilt path
    return app


def openapi_json(app: FastAPI | None = None) -> str:
    """The app's OpenAPI document as stable, pretty JSON (what ``openapi.json`` holds)."""
    doc: dict[str, Any] = (app or _schema_only_app()).openapi()
    return json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def _schema_only_app() -> FastAPI:
    """An app whose services are never used: enough to render the schema without any server."""
    return create_app(HttpSettings.load(), services=_NoServices())  # type: ignore[arg-type]


class _NoServices:
    settings = HttpSettings.load()

    def warm_up(self) -> None:
        """Nothing to warm."""

    def close(self) -> None:
        """Nothing to close."""

    async def close_loop(self) -> None:
        """Nothing to close."""
