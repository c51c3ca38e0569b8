"""One running stack (PostgreSQL, Redis, workers, the shim) shared by the HTTP tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from _http_stack import Stack, running_stack


@pytest.fixture(scope="session")
def stack(pg_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    """The shim in front of real workers; user ids must be unique per test."""
    yield from running_stack(pg_url, tmp_path_factory.mktemp("http-stack"))


@pytest.fixture(scope="session")
def acme_key(stack: Stack) -> str:
    """A key of tenant ``acme``."""
    return stack.key("acme")


@pytest.fixture(scope="session")
def globex_key(stack: Stack) -> str:
    """A key of tenant ``globex``."""
    return stack.key("globex")
