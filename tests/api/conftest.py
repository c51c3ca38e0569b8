"""Fixtures of the Memory API tests; the HTTP stack and the scripted LLM server come from their own folders."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
for folder in ("http", "llm"):
    path = str(HERE.parent / folder)
    if path not in sys.path:
        sys.path.append(path)


@pytest.fixture(scope="session")
def stack(pg_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """PostgreSQL, Redis, curate and recall workers and the HTTP shim, shared by the remote-transport tests."""
    from _http_stack import running_stack

    yield from running_stack(pg_url, tmp_path_factory.mktemp("api-stack"))
