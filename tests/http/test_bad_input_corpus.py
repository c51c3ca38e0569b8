"""No 5xx on bad input: the whole bad-input corpus (tests/http/_bad_inputs.py) against the real shim.

Every case gets a 2xx or a 4xx with an error body, never a 5xx; the cases
that must be refused are refused; and afterwards the user's memory holds
exactly what the good requests wrote. Epoch numbers are seconds over HTTP
as everywhere (pydantic's own datetime type reads > 2·10^10 as milliseconds).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import psycopg
from _bad_inputs import corpus
from _http_stack import Stack, wait_until


def _send(client: Any, case: Any) -> Any:
    return client.request(case.method, case.path, json=case.json if case.content is None else None,
                          content=case.content, headers=case.headers)


def test_the_bad_input_corpus_gets_no_server_error(stack: Stack, acme_key: str) -> None:
    user = "corpus-user"
    cases = corpus(user)
    assert len(cases) >= 300
    wrong: list[str] = []
    statuses: Counter[int] = Counter()
    with stack.client(acme_key) as client:
        for case in cases:
            response = _send(client, case)
            statuses[response.status_code] += 1
            cls = f"{response.status_code // 100}xx"
            if response.status_code >= 500 or (case.expect is not None and cls != case.expect):
                wrong.append(f"{case.note}: {response.status_code} {response.text[:200]}")
    assert not wrong, "\n".join(wrong)
    assert not [s for s in statuses if s >= 500], statuses


def test_epoch_numbers_are_seconds_over_http(stack: Stack, acme_key: str) -> None:
    user = "epoch-user"
    with stack.client(acme_key) as client:
        body = {"user_id": user, "turn_id": "e1", "session_id": "s", "role": "user", "text": "I like tea.",
                "timestamp": -3e10}  # 1019-04-19 in seconds; 1969-12-31 if read as milliseconds
        assert client.post("/v1/turns", json=body).status_code == 202
        ahead = {**body, "turn_id": "e2", "timestamp": 3e10}  # the year 2920: refused, not read as 1970
        response = client.post("/v1/turns", json=ahead)
        assert response.status_code == 422 and "ahead of the clock" in response.text
    dsn = stack.db_url.replace("postgresql+psycopg://", "postgresql://")

    def stored_year() -> int | None:
        with psycopg.connect(dsn) as conn:
            row = conn.execute("SELECT timestamp FROM turns WHERE user_id = %s AND turn_id = 'e1'",
                               (f"acme:{user}",)).fetchone()
        return None if row is None else int(row[0].year)

    assert wait_until(stored_year, 30, "the turn stored") == 1019


def test_a_body_shorter_than_declared_cannot_hold_the_connection(stack: Stack, acme_key: str) -> None:
    import socket
    import time
    from urllib.parse import urlparse

    url = urlparse(stack.base_url)
    with socket.create_connection((url.hostname, url.port), timeout=30) as sock:
        started = time.monotonic()
        sock.sendall(b"POST /v1/turns HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Authorization: Bearer " + acme_key.encode() + b"\r\nContent-Length: 100000\r\n\r\n{\"user")
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
        held_s = time.monotonic() - started
    assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
    assert held_s < 8, held_s


def test_a_turn_takes_the_turn_file_defaults_and_loses_its_bidi_controls(stack: Stack, acme_key: str) -> None:
    user = "bidi-user"
    dsn = stack.db_url.replace("postgresql+psycopg://", "postgresql://")
    with stack.client(acme_key) as client:
        body = {"user_id": user, "turn_id": "b1", "text": "\u202eI live in Oslo.", "timestamp": "2026-03-01T10:00:00Z"}
        response = client.post("/v1/turns", json=body)  # no role, no session_id: was 422 "Field required"
        assert response.status_code == 202, response.text
        zh = {"user_id": user, "turn_id": "b2", "text": "我住在\u2067奥斯陆\u2069。",
              "timestamp": "2026-03-01T10:01:00Z", "speaker": "\u202eAnn"}
        refused = client.post("/v1/turns", json=zh)
        assert refused.status_code == 422 and "bidi control U+202E" in refused.text
        assert client.post("/v1/turns", json={**zh, "speaker": "李"}).status_code == 202

    def stored() -> list[tuple[str, str, str, str]] | None:
        with psycopg.connect(dsn) as conn:
            rows = conn.execute("SELECT turn_id, role, session_id, text FROM turns WHERE user_id = %s "
                                "ORDER BY turn_id", (f"acme:{user}",)).fetchall()
        return [tuple(r) for r in rows] if len(rows) == 2 else None

    assert wait_until(stored, 30, "both turns stored") == [("b1", "user", "default", "I live in Oslo."),
                                                           ("b2", "user", "default", "我住在奥斯陆。")]
