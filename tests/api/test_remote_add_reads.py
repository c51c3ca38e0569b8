"""The distributed and HTTP ``add`` answer from the items their turns touched (the workers'
``MemoryStore.items_of_turns``, through ``gulfstream.items_of_turns`` and ``GET .../items?turn_id=``), never from
a list of every item of the user, and answer what the embedded add answers (real Celery, Redis, PostgreSQL)."""

from __future__ import annotations

from typing import Any

import pytest
from _http_stack import Stack
from test_add_touched_reads import ADDS

from api_shim.api_client import DistributedMemory, HttpMemory
from memory_core.api import ItemRecord
from memory_core.embedded import EmbeddedMemory


class _NoListing:
    """Fails the test if the add reads every item of the user."""

    def _list(self, user_id: str, statuses: tuple[str, ...] | None, reveal: bool = False) -> list[ItemRecord]:
        raise AssertionError(f"add listed every item of {user_id!r} (statuses {statuses})")


class NoListingDistributed(_NoListing, DistributedMemory):
    pass


class NoListingHttp(_NoListing, HttpMemory):
    pass


def _shape(result: dict[str, Any]) -> list[tuple[str, str, str, int]]:
    return sorted((r["description"], r["event"], r["status"], len(r["source"])) for r in result["results"])


@pytest.fixture(scope="module")
def embedded_shapes(tmp_path_factory: pytest.TempPathFactory) -> list[Any]:
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path_factory.mktemp('emb')}/m.db")
    try:
        return [_shape(mem.add(said, user_id="ann")) for said in ADDS]
    finally:
        mem.close()


def test_distributed_add_answers_from_the_turns_items(stack: Stack, embedded_shapes: list[Any]) -> None:
    mem = NoListingDistributed(stack.redis.url, database_url=stack.db_url, recall_timeout_ms=5000,
                               request_timeout_s=30)
    try:
        assert [_shape(mem.add(said, user_id="reads-d")) for said in ADDS] == embedded_shapes
    finally:
        mem.close()


def test_http_add_answers_from_the_turns_items(stack: Stack, embedded_shapes: list[Any]) -> None:
    mem = NoListingHttp(stack.base_url, stack.key("acme"))
    try:
        assert [_shape(mem.add(said, user_id="reads-h")) for said in ADDS] == embedded_shapes
    finally:
        mem.close()


def test_the_items_listing_narrowed_to_turns(stack: Stack) -> None:
    mem = HttpMemory(stack.base_url, stack.key("acme"))
    web = stack.client(stack.key("acme"))
    try:
        first = mem.add([{"role": "user", "content": "I live in Hangzhou", "id": "tn-1"}], user_id="narrow")
        mem.add([{"role": "user", "content": "I have a cat named Mochi", "id": "tn-2"}], user_id="narrow")
        mem.add([{"role": "user", "content": "I moved to Beijing last month", "id": "tn-3"}], user_id="narrow")
        every = {"status": ["active", "superseded", "archived", "deleted"]}
        listed = web.get("/v1/users/narrow/items", params={"turn_id": ["tn-1"], **every}).json()["items"]
        assert {i["id"] for i in listed} == {r["id"] for r in first["results"]}
        assert all(i["user_id"] == "narrow" and "tn-1" in i["source"] for i in listed)
        active = web.get("/v1/users/narrow/items", params={"turn_id": ["tn-1", "tn-3"]}).json()["items"]
        assert active and all(i["status"] == "active" for i in active)  # the default status, as without turn_id
        assert not any("Mochi" in i["description"] for i in active)
        assert web.get("/v1/users/narrow/items", params={"turn_id": "never"}).json()["items"] == []
        bad = web.get("/v1/users/narrow/items", params={"turn_id": " padded "})
        assert bad.status_code == 422 and "turn id" in bad.json()["error"]["message"]
        too_many = web.get("/v1/users/narrow/items", params={"turn_id": [f"t{n}" for n in range(1001)]})
        assert too_many.status_code == 422
    finally:
        mem.close()
        web.close()


def test_the_client_refuses_bad_turn_ids_before_sending(stack: Stack) -> None:
    from api_shim.client import MemoryClient
    from memory_core.errors import InvalidField

    client = MemoryClient(stack.redis.url, request_timeout_s=30)
    try:
        assert client.items_of_turns("nobody-here", ["t1"]) == []
        assert client.items_of_turns("nobody-here", []) == []
        for bad in ("t1", ["t1"] * 0 + [""], [f"t{n}" for n in range(1001)]):
            with pytest.raises(InvalidField):
                client.items_of_turns("ann", bad)  # type: ignore[arg-type]
    finally:
        client.close()


