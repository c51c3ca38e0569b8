"""A key of one tenant never reads or changes another tenant's data, over many ids, both directions."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import httpx
import pytest
from _http_stack import Stack, wait_until

# Same external ids in both tenants, ids that look like another tenant's namespace, odd characters.
SHARED = ["alice", "bob", "u-1", "用户甲", "x.y@z", "n#1+2"]
ONLY = {"acme": ["acme-only", "globex:alice", "a:b:c"], "globex": ["globex-only", "acme:alice", "acme:acme-only"]}
TENANTS = ("acme", "globex")


def q(user: str) -> str:
    """A user id as a path segment (``#`` must be escaped)."""
    return quote(user, safe="")


def seed(api: httpx.Client, tenant: str, user: str) -> dict[str, Any]:
    """Give ``user`` two items and one published turn; return their ids."""
    ids = [api.post(f"/v1/users/{q(user)}/items", json={"description": f"{tenant} secret of {user} #{n}",
                                                      "theme": f"{tenant}-theme"}).json()["id"] for n in (1, 2)]
    reply = api.post("/v1/turns", json={"user_id": user, "turn_id": f"{user}-t1", "session_id": "s", "role": "user",
                                        "text": f"{tenant} turn of {user}: I live in {tenant}ville.",
                                        "timestamp": "2026-05-01T10:00:00Z"})
    assert reply.status_code == 202, reply.text
    return {"items": ids, "turn": f"{user}-t1"}


@pytest.fixture(scope="module")
def world(stack: Stack) -> dict[str, Any]:
    keys = {t: stack.key(t, name="isolation") for t in TENANTS}
    data: dict[str, dict[str, Any]] = {t: {} for t in TENANTS}
    for tenant in TENANTS:
        api = stack.client(keys[tenant])
        for user in SHARED + ONLY[tenant]:
            data[tenant][user] = seed(api, tenant, user)
    for tenant in TENANTS:
        api = stack.client(keys[tenant])
        wait_until(lambda api=api, tenant=tenant: all(  # type: ignore[misc]
            api.get(f"/v1/users/{q(u)}/turns/{q(d['turn'])}").json()["status"] == "applied"
            for u, d in data[tenant].items()), 60, "seed turns applied", stack.procs.logs)
    return {"keys": keys, "data": data}


def leaked(text: str, other: str) -> bool:
    """True when ``text`` holds anything written for tenant ``other``."""
    low = text.lower()
    return f"{other} secret" in low or f"{other} turn" in low or f"{other}ville" in low


def snapshot(stack: Stack) -> list[tuple[str, str, str, str, int]]:
    """Every item of every user of both tenants, straight from the store."""
    out = []
    for tenant in TENANTS:
        for user in SHARED + ONLY[tenant]:
            uid = f"{tenant}:{user}"
            out += [(uid, i.id, i.status, i.description, len(i.history))
                    for i in stack.services.store.list_items(uid, statuses=None)]
    return sorted(out)


@pytest.mark.parametrize(("me", "other"), [("acme", "globex"), ("globex", "acme")])
def test_reads_never_cross_tenants(stack: Stack, world: dict[str, Any], me: str, other: str) -> None:
    api = stack.client(world["keys"][me])
    mine, theirs = world["data"][me], world["data"][other]
    for user, d in theirs.items():
        listed = api.get(f"/v1/users/{q(user)}/items")
        if user in mine:  # the same id exists in my tenant: I see only my own user's data
            items = listed.json()["items"]
            assert {i["id"] for i in items} & set(d["items"]) == set()
            assert items and not any(leaked(i["description"], other) for i in items)
        else:
            assert listed.status_code == 404 and listed.json()["error"]["code"] == "unknown_user"
            assert api.get(f"/v1/users/{q(user)}/export").status_code == 404
        for item_id in d["items"]:
            for path in (f"/v1/users/{q(user)}/items/{item_id}", f"/v1/users/{q(user)}/items/{item_id}/history"):
                reply = api.get(path)
                assert reply.status_code == 404, (path, reply.text)
                assert not leaked(reply.text, other)
        assert api.get(f"/v1/users/{q(user)}/turns/{q(d['turn'])}").status_code == (200 if user in mine else 404)
        recalled = api.post(f"/v1/users/{q(user)}/recall", json={"query": f"{other} secret turn live", "k": 50})
        assert recalled.status_code == 200
        assert not leaked(recalled.text, other)
        assert not {r["item"]["id"] for r in recalled.json()["results"]} & set(d["items"])
        if user in mine:
            assert recalled.json()["results"], "my own user's memory is still recalled"


@pytest.mark.parametrize(("me", "other"), [("acme", "globex"), ("globex", "acme")])
def test_writes_never_cross_tenants(stack: Stack, world: dict[str, Any], me: str, other: str) -> None:
    api = stack.client(world["keys"][me])
    mine, theirs = world["data"][me], world["data"][other]
    before = snapshot(stack)
    for user, d in theirs.items():
        a, b = d["items"]
        mine_ids = mine.get(user, {"items": []})["items"]
        replies = [
            api.patch(f"/v1/users/{q(user)}/items/{a}", json={"description": "hijacked", "reason": "x"}),
            api.delete(f"/v1/users/{q(user)}/items/{a}", params={"reason": "x"}),
            api.post(f"/v1/users/{q(user)}/items/{a}/merge", json={"other_id": b, "reason": "x"}),
        ]
        if mine_ids:  # merging their item into mine, or mine into theirs
            replies.append(api.post(f"/v1/users/{q(user)}/items/{mine_ids[0]}/merge",
                                    json={"other_id": a, "reason": "x"}))
        for reply in replies:
            assert reply.status_code == 404, reply.text
        if user not in mine:
            assert api.delete(f"/v1/users/{q(user)}").status_code == 404
    assert snapshot(stack) == before
