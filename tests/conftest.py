"""Shared fixtures. Keep this small: append new fixtures, do not restructure."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from _services import PostgresUnavailable, start_postgres, stop_postgres

# Recall by meaning loads a model and embeds every ingested turn: tests that want it say so
# (tests/embedding); the rest run lexically, as before, unless the environment asks otherwise.
os.environ.setdefault("GULFSTREAM_EMBEDDER", "none")


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """Admin URL of a real PostgreSQL: ``GULFSTREAM_TEST_PG_URL`` or a throwaway server.

    Fails (never skips) when no PostgreSQL can be had.
    """
    configured = os.environ.get("GULFSTREAM_TEST_PG_URL")
    if configured:
        yield configured
        return
    tmpdir = tempfile.mkdtemp(prefix="gulfstream-pg-")
    try:
        url = start_postgres(tmpdir)
    except PostgresUnavailable as exc:
        stop_postgres(tmpdir)
        pytest.fail(f"PostgreSQL is required for these tests and could not be started: {exc}")
    try:
        yield url
    finally:
        stop_postgres(tmpdir)


# ── workers: real Redis, a migrated PostgreSQL database, real celery processes ──


@pytest.fixture
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """A private redis-server for one test (``.url``, ``.restart()``, ``.stop()``)."""
    from _redis import redis_available, start_redis

    if not redis_available():
        pytest.fail("redis-server is required for these tests (ops/install_services.sh installs it)")
    server = start_redis(tmp_path_factory.mktemp("redis"))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def redis_url(redis_server: object) -> str:
    """URL of the test's private Redis."""
    return str(redis_server.url)  # type: ignore[attr-defined]


@pytest.fixture
def worker_db_url(pg_url: str) -> Iterator[str]:
    """A fresh PostgreSQL database for one test, migrated to head."""
    from _services import create_database, drop_database

    from memory_core.store.migrate import upgrade

    url = create_database(pg_url, prefix="w")
    upgrade(url)
    try:
        yield url
    finally:
        drop_database(pg_url, url)


@pytest.fixture
def celery_procs(redis_url: str, worker_db_url: str, tmp_path: Path) -> Iterator[object]:
    """Starts real ``celery -A workers.app`` processes for one test; all stopped at the end."""
    from _celery import CeleryProcesses

    procs = CeleryProcesses(redis_url, worker_db_url, tmp_path)
    try:
        yield procs
    finally:
        procs.stop_all()
