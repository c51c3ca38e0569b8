"""``AsyncMemoryClient.recall`` (the recall route's path, on the event loop) answers as ``MemoryClient.recall`` does.

Against the real workers: the answer itself, the database fallback when no
worker answers in time, an unreachable broker, and an error the worker replies with.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from _http_stack import Stack
from _redis import free_port

from api_shim.client import AsyncMemoryClient, MemoryClient, RecallReply
from memory_core.errors import InvalidInput


def loop_recall(client: MemoryClient, *args: Any, **kwargs: Any) -> RecallReply:
    """One ``AsyncMemoryClient.recall`` on a fresh event loop."""
    async def run() -> RecallReply:
        aclient = AsyncMemoryClient(client)
        try:
            return await aclient.recall(*args, **kwargs)
        finally:
            await aclient.close_loop()

    return asyncio.run(run())


@pytest.fixture(scope="module")
def tea(stack: Stack, acme_key: str) -> str:
    """The id of user ``acme:loop``'s one item."""
    made = stack.client(acme_key).post("/v1/users/loop/items", json={"description": "Loves jasmine tea",
                                                                     "theme": "taste"})
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


def test_the_answer_is_the_clients(stack: Stack, tea: str) -> None:
    client = stack.services.client
    reply = loop_recall(client, "acme:loop", "jasmine tea", 5, timeout_ms=10_000)
    direct = client.recall("acme:loop", "jasmine tea", 5, timeout_ms=10_000)
    assert not reply.degraded and reply.reason == ""
    assert [r["item"]["id"] for r in reply.results] == [r["item"]["id"] for r in direct.results] == [tea]
    assert reply.context["text"] == direct.context["text"]
    assert reply.timings_ms["round_trip"] > 0


def test_the_async_clients_other_calls_are_the_sync_methods_run_off_the_loop(stack: Stack, tea: str) -> None:
    client = stack.services.client

    async def run() -> tuple[list[dict[str, Any]], dict[str, Any], float]:
        aclient = AsyncMemoryClient(client)
        return await aclient.list_items("acme:loop"), await aclient.get_item("acme:loop", tea), \
            await aclient.ping(timeout_s=10)

    items, item, ping_ms = asyncio.run(run())
    assert [i["id"] for i in items] == [tea] and item["description"] == "Loves jasmine tea"
    assert ping_ms > 0
    assert AsyncMemoryClient.get_item.__doc__ and "MemoryClient.get_item" in AsyncMemoryClient.get_item.__doc__


def test_no_worker_in_time_falls_back_to_the_database(stack: Stack, tea: str) -> None:
    idle_broker = stack.redis.url.rsplit("/", 1)[0] + "/5"  # a database no worker reads
    client = MemoryClient(idle_broker, database_url=stack.db_url, recall_timeout_ms=50)
    try:
        reply = loop_recall(client, "acme:loop", "jasmine tea", 5)
    finally:
        client.close()
    assert reply.degraded
    assert reply.reason == "recall worker did not answer within 50 ms; answered directly from the database"
    assert [r["item"]["id"] for r in reply.results] == [tea]


def test_unreachable_broker_falls_back_to_the_database(stack: Stack, tea: str) -> None:
    client = MemoryClient(f"redis://127.0.0.1:{free_port()}/0", database_url=stack.db_url, recall_timeout_ms=50,
                          publish_retry_s=0.5)
    try:
        reply = loop_recall(client, "acme:loop", "jasmine tea", 5)
    finally:
        client.close()
    assert reply.degraded and reply.reason.startswith("broker unreachable"), reply.reason
    assert [r["item"]["id"] for r in reply.results] == [tea]


def test_an_error_reply_is_raised_as_the_client_raises_it(stack: Stack, tea: str) -> None:
    client = stack.services.client
    with pytest.raises(InvalidInput) as direct:
        client.recall("acme:loop", "tea", 5, filters={"since": "not a time"}, timeout_ms=10_000)
    with pytest.raises(InvalidInput) as looped:
        loop_recall(client, "acme:loop", "tea", 5, filters={"since": "not a time"}, timeout_ms=10_000)
    assert type(looped.value) is type(direct.value) and str(looped.value) == str(direct.value)
