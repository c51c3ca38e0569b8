"""A dict-backed MemoryStore for the retrieval unit tests."""

from __future__ import annotations

import pytest
from _memstore import DictStore


@pytest.fixture
def store() -> DictStore:
    return DictStore()
