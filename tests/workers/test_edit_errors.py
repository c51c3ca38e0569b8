"""Any exception in an edit task becomes an error reply, never a silent timeout (HTTP 504)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from api_shim.client import MemoryClient
from memory_core.errors import InvalidInput

BAD_IMPORTS = [
    "itm0000000000001:\n  description: tea\n  theme: taste\n  created_at: 2026-02-30T00:00:00Z\n",
    "itm0000000000002:\n  description: tea\n  theme: taste\n  valid_from: 0001-01-01T00:00:00+14:00\n",
    "itm0000000000003:\n  description: tea\n  theme: taste\n  created_at: 2026-01-01T00:00:00+25:00\n",
    "itm0000000000004:\n  description: tea\n  theme: taste\n  source: t1\n",
]


@pytest.mark.parametrize("text", BAD_IMPORTS)
def test_a_bad_import_is_answered_with_an_error(celery_procs: Any, redis_url: str, text: str) -> None:
    celery_procs.worker("edits", queues="edits", concurrency=1)
    client = MemoryClient(redis_url, request_timeout_s=20)
    try:
        started = time.monotonic()
        with pytest.raises(InvalidInput):
            client.import_items(text, user_id="imp")
        assert time.monotonic() - started < 10
    finally:
        client.close()
