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
