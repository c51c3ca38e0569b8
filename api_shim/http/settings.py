"""Settings of the HTTP shim: one pydantic-settings model, read once when the app is built.

Every field comes from the environment with the ``GULFSTREAM_`` prefix
(``GULFSTREAM_REDIS_URL``, ``GULFSTREAM_HTTP_MAX_BODY_BYTES`` ...), on the
core's ``GulfstreamSettings`` base the workers share, so one environment file
configures both and ``database_url`` defaults alike everywhere.
"""

from __future__ import annotations

from pydantic import Field

from memory_core.settings import GulfstreamSettings

__all__ = ["HttpSettings"]


class HttpSettings(GulfstreamSettings):
    """Settings of the HTTP shim. Units are in the field names."""

    redis_url: str = "redis://127.0.0.1:6379/0"

    recall_timeout_ms: int = Field(250, gt=0, description="wait for the recall worker before the DB fallback")
    request_timeout_s: float = Field(10.0, gt=0, description="wait for a CRUD reply from the workers")
    publish_retry_s: float = Field(10.0, gt=0, description="keep retrying an unreachable broker this long")

    http_max_body_bytes: int = Field(4 * 1024 * 1024, gt=0, description="largest JSON request body")
    http_body_timeout_s: float = Field(5.0, gt=0, description="a request body must arrive within this (408)")
    http_max_import_bytes: int = Field(16 * 1024 * 1024, gt=0, description="largest YAML import body")
    http_key_cache_ttl_s: float = Field(10.0, ge=0, description="how long a looked-up API key is trusted")
    http_cookie_secure: bool = Field(False, description="mark the editor's session cookie Secure (HTTPS)")
    http_editor_poll_ms: int = Field(2500, gt=0, description="how often the editor looks for new items")
    http_ready_timeout_s: float = Field(1.5, gt=0, le=30, description="/readyz waits this long for each check")
