"""How core messages are shown to an HTTP caller: user ids without the tenant prefix, nothing else changed."""

from __future__ import annotations

import pytest

from api_shim.http.errors import shown_message


@pytest.mark.parametrize(("tenant", "message", "shown"), [
    ("acme", "turn 'd1' of user 'acme:bb' was stored before with other text",
     "turn 'd1' of user 'bb' was stored before with other text"),
    ("acme", "no memory for user 'acme:acme:x'", "no memory for user 'acme:x'"),  # a user id may hold ':'
    ("acme", 'user "acme:bb" is locked', 'user "bb" is locked'),
    ("acme", "turns of acme:bb/s1 refused", "turns of bb/s1 refused"),
    ("a", "bad data: 'a:b' in schema:x", "bad data: 'b' in schema:x"),  # only ids, not words ending in 'a:'
    ("acme", "kept 'notacme:x'", "kept 'notacme:x'"),
    (None, "user 'acme:bb'", "user 'acme:bb'"),
])
def test_user_ids_are_shown_without_the_tenant_prefix(tenant: str | None, message: str, shown: str) -> None:
    assert shown_message(tenant, message) == shown


@pytest.mark.parametrize("turn", ["t-en-1", "轮次-1"])
def test_turns_not_applied_in_time_are_a_504_that_says_not_to_send_them_again(turn: str) -> None:
    from fastapi import FastAPI
    from fastapi.testclient import TestClient

    from api_shim.http.errors import install_handlers
    from memory_core.errors import NotApplied

    app = FastAPI()
    install_handlers(app)

    @app.post("/add")
    def add() -> None:
        raise NotApplied(f"turn {turn!r} was not applied within 30 s")

    reply = TestClient(app, raise_server_exceptions=False).post("/add")
    assert reply.status_code == 504 and reply.headers["Retry-After"] == "2"
    error = reply.json()["error"]
    assert error["code"] == "not_applied" and turn in error["message"] and "do not send them again" in error["message"]
