"""Shared fixtures. Keep this small: append new fixtures, do not restructure."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator

import pytest
from _services import PostgresUnavailable, start_postgres, stop_postgres


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
