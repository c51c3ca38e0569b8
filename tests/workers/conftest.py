"""Fixtures shared by the worker tests (the stack itself is started by tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from memory_core.store.sql import SqlStore


@pytest.fixture
def store(worker_db_url: str) -> Iterator[SqlStore]:
    """A SqlStore on the test's migrated PostgreSQL database, closed afterwards."""
    s = SqlStore(worker_db_url)
    yield s
    s.close()
