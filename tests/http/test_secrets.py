"""No secret in any reply or log line: a password planted in the Redis and database URLs, Redis stopped.

The stack runs with Redis behind ``requirepass`` and a password in the
database URL; requests are made while Redis is up and while it is down
(503 bodies, recall's degraded ``reason``, readiness), and then every reply,
the shim's log lines and the workers' logs are searched for the passwords.
"""

from __future__ import annotations

import io
import logging
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from _http_stack import Stack, start_stack

from memory_core.redact import redact

REDIS_SECRET = "RedisPw4c9e1f0b7d"
DB_SECRET = "DbPw0a8b2c6d4e"


@pytest.fixture
def secret_stack(pg_url: str, tmp_path: Path) -> Iterator[tuple[Stack, io.StringIO]]:
    captured = io.StringIO()
    handler = logging.StreamHandler(captured)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    old_level = root.level
    root.setLevel(logging.INFO)
    running = start_stack(pg_url, tmp_path, redis_password=REDIS_SECRET, db_password=DB_SECRET)
    try:
        yield running, captured
    finally:
        running.stop()
        root.removeHandler(handler)
        root.setLevel(old_level)


def test_no_reply_or_log_line_shows_a_password(secret_stack: tuple[Stack, io.StringIO]) -> None:
    stack, captured = secret_stack
    key = stack.key("acme")
    turn = {"user_id": "sec", "turn_id": "t1", "session_id": "s", "role": "user", "text": "I like tea.",
            "timestamp": "2026-03-01T10:00:00Z"}
    replies: list[str] = []
    with stack.client(key) as client:
        assert client.post("/v1/turns", json=turn).status_code == 202
        stack.redis.stop()
        time.sleep(1.0)
        for _ in range(2):
            for method, path, body in (
                    ("POST", "/v1/turns", {**turn, "turn_id": "t2"}),
                    ("POST", "/v1/users/sec/recall", {"query": "tea", "timeout_ms": 200}),
                    ("GET", "/v1/users/sec/items", None), ("GET", "/v1/users/sec/turns/t1", None),
                    ("DELETE", "/v1/users/sec", None), ("GET", "/readyz", None)):
                response = client.request(method, path, json=body)
                replies.append(f"{method} {path} {response.status_code} {response.text}")
        time.sleep(2.0)  # the workers log their lost connection
    everything = "\n".join(replies) + captured.getvalue() + stack.procs.logs()
    statuses = [r.split(" ", 3)[2] for r in replies]
    assert "503" in statuses, replies  # the broker outage was seen
    assert "redis://" in everything or "Redis" in everything  # the URL (or its host) was named, masked
    for secret in (REDIS_SECRET, DB_SECRET):
        assert secret not in everything, [line for line in everything.splitlines() if secret in line][:5]


def test_redact_masks_urls_pairs_and_keys() -> None:
    assert redact("redis://:hunter22@h:6379/0") == "redis://:***@h:6379/0"
    assert redact("postgresql+psycopg://u:pw123@h/db x") == "postgresql+psycopg://u:***@h/db x"
    assert redact("host=h password=abc123 dbname=d") == "host=h password=*** dbname=d"
    assert "SECRETSECRET" not in redact("Authorization: Bearer gs_k1_SECRETSECRETSECRET")
    assert redact("the token ring network") == "the token ring network"
    record = logging.LogRecord("x", logging.ERROR, __file__, 1, "cannot reach %s", ("redis://:pw99@h/0",), None)
    from memory_core.redact import RedactingFilter

    assert RedactingFilter().filter(record) and record.getMessage() == "cannot reach redis://:***@h/0"
