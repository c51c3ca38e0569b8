"""``MemoryAPI.users`` on the remote transports (real Celery workers, Redis, PostgreSQL, the HTTP shim):
the distributed API lists every user with items or turns; over HTTP, the key's tenant's users only, by the
ids they were given. EN and ZH ids and texts."""

from __future__ import annotations

import asyncio

import pytest
from _http_stack import Stack

from api_shim.api_client import DistributedMemory, HttpMemory
from memory_core.api import AsyncMemory
from memory_core.errors import InvalidField


def test_users_on_the_distributed_and_http_transports(stack: Stack) -> None:
    remote = DistributedMemory(stack.redis.url, database_url=stack.db_url, recall_timeout_ms=5000,
                               request_timeout_s=30)
    acme, globex = HttpMemory(stack.base_url, stack.key("acme")), HttpMemory(stack.base_url, stack.key("globex"))
    try:
        remote.add("我住在成都", user_id="users-王芳", infer=False)
        remote.add("I live in Porto", user_id="users-rui")  # turns, curated by the workers
        listed = remote.users()
        assert {"users-王芳", "users-rui"} <= set(listed) and listed == sorted(listed)
        assert remote.users(limit=1, offset=listed.index("users-rui")) == ["users-rui"]
        acme.add("I like green tea", user_id="users-ana", infer=False)
        globex.add("我喜欢喝咖啡", user_id="users-bob", infer=False)
        assert "users-ana" in acme.users() and "users-bob" not in acme.users()
        assert "users-bob" in globex.users() and not any(":" in u for u in globex.users()), "bare ids"
        assert "acme:users-ana" in remote.users(), "the tenant's stored id"
        assert asyncio.run(AsyncMemory(acme).users()) == acme.users()
        with pytest.raises(InvalidField):
            acme.users(offset=-1)
    finally:
        remote.close()
        acme.close()
        globex.close()
