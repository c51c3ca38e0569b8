"""The /v1 API against the running shim, with real PostgreSQL, Redis and celery workers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from _http_stack import Stack, wait_until

from api_shim.api_client import HttpMemory
from memory_core import wire
from memory_core.errors import TurnConflict
from workers.deadletter import DeadLetters

OPENAPI = Path(__file__).resolve().parents[2] / "api_shim" / "http" / "openapi.json"


def turn(user: str, n: int, text: str, **extra: Any) -> dict[str, Any]:
    return {"user_id": user, "turn_id": f"{user}-t{n}", "session_id": "s1", "role": "user", "text": text,
            "timestamp": f"2026-05-01T09:{n:02d}:00Z", **extra}


def status_of(api: httpx.Client, user: str, turn_id: str) -> str:
    return str(api.get(f"/v1/users/{user}/turns/{turn_id}").json()["status"])


def assert_error(reply: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert reply.status_code == status, reply.text
    assert reply.headers["content-type"].startswith("application/json")
    error = reply.json()["error"]
    assert error["status"] == status and error["code"] == code and error["message"]
    return dict(error)


def test_served_openapi_is_the_committed_one(stack: Stack) -> None:
    assert stack.client().get("/openapi.json").json() == json.loads(OPENAPI.read_text(encoding="utf-8"))


def test_health_ready_and_metrics(stack: Stack, acme_key: str) -> None:
    web = stack.client()
    assert web.get("/healthz").json() == {"status": "ok"}
    ready = web.get("/readyz")
    assert ready.status_code == 200 and ready.json()["checks"] == {"database": "ok", "redis": "ok"}
    stack.client(acme_key).get("/v1/whoami")
    text = web.get("/metrics").text
    assert 'gulfstream_http_requests_total{method="GET",route="/v1/whoami",status="200"}' in text
    assert "acme:" not in text


def test_bad_keys_are_refused(stack: Stack, acme_key: str) -> None:
    web = stack.client()
    missing = web.get("/v1/whoami")
    assert_error(missing, 401, "unauthorized")
    assert "***" not in missing.json()["error"]["message"]  # the redactor must not mask the header's own name
    assert_error(web.get("/v1/whoami", headers={"Authorization": "Bearer nope"}), 401, "unauthorized")
    forged = acme_key[:-4] + ("aaaa" if not acme_key.endswith("aaaa") else "bbbb")
    assert_error(web.get("/v1/whoami", headers={"X-API-Key": forged}), 401, "unauthorized")
    assert web.get("/v1/whoami", headers={"X-API-Key": acme_key}).json()["tenant"] == "acme"
    # the editor's cookie works only with the editor header (no cross-site forgery)
    web.cookies.set("gulfstream_session", acme_key)
    assert_error(web.get("/v1/whoami"), 401, "unauthorized")
    assert web.get("/v1/whoami", headers={"X-Gulfstream-Editor": "1"}).status_code == 200
    revoked = stack.key("acme", name="to-revoke")
    assert stack.client(revoked).get("/v1/whoami").status_code == 200
    assert stack.services.keys.revoke(revoked.split("_")[1])
    assert_error(stack.client(revoked).get("/v1/whoami"), 401, "unauthorized")


def test_rate_limit_answers_429_with_retry_after(stack: Stack) -> None:
    api = stack.client(stack.key("acme", rate_per_s=0.5, burst=3))
    codes = [api.get("/v1/whoami").status_code for _ in range(5)]
    assert codes[:3] == [200, 200, 200] and codes[3:] == [429, 429]
    reply = api.get("/v1/whoami")
    assert_error(reply, 429, "rate_limited")
    assert int(reply.headers["Retry-After"]) >= 1


def test_turns_are_published_applied_and_recalled(stack: Stack, acme_key: str) -> None:
    api = stack.client(acme_key)
    one = api.post("/v1/turns", json=turn("mia", 1, "I live in Lisbon and I work as a product designer."))
    assert one.status_code == 202, one.text
    assert one.json()["accepted"][0]["status_url"] == "/v1/users/mia/turns/mia-t1"
    batch = api.post("/v1/turns/batch", json={"turns": [
        turn("mia", 2, "I like spicy food, especially Sichuan hot pot."),
        turn("mia", 3, "我喜欢喝绿茶。", speaker="Mia", meta={"lang": "zh"}),
    ]})
    assert batch.status_code == 202 and [a["turn_id"] for a in batch.json()["accepted"]] == ["mia-t2", "mia-t3"]
    assert status_of(api, "mia", "mia-t3") in ("queued", "stored", "applied")
    wait_until(lambda: all(status_of(api, "mia", f"mia-t{n}") == "applied" for n in (1, 2, 3)), 30,
               "turns applied", stack.procs.logs)
    assert api.get("/v1/users/mia/turns/mia-t2").json()["seq"] == 2
    assert_error(api.get("/v1/users/mia/turns/never"), 404, "unknown_turn")

    items = api.get("/v1/users/mia/items").json()["items"]
    assert items and all(i["user_id"] == "mia" for i in items)
    reply = api.post("/v1/users/mia/recall", json={"query": "what food do I like?", "k": 3, "timeout_ms": 10000})
    assert reply.status_code == 200, reply.text
    body = reply.json()
    assert not body["degraded"] and body["results"], body["reason"]
    # the curated preference stands in for the turn that said it (one result per source turn)
    assert any("spicy food" in r["item"]["description"] for r in body["results"])
    assert "spicy food" in body["context"]["text"] and all(r["item"]["user_id"] == "mia" for r in body["results"])
    assert api.post("/v1/users/nobody-here/recall", json={"query": "food"}).json()["results"] == []


def test_a_bad_turn_in_a_batch_sends_nothing(stack: Stack, acme_key: str) -> None:
    api = stack.client(acme_key)
    reply = api.post("/v1/turns/batch", json={"turns": [turn("batchy", 1, "fine"), turn("batchy", 2, "   ")]})
    assert_error(reply, 422, "invalid_input")
    assert_error(api.get("/v1/users/batchy/turns/batchy-t1"), 404, "unknown_turn")


def test_item_edits_keep_history_and_reach_the_store(stack: Stack, acme_key: str) -> None:
    api = stack.client(acme_key)
    base = "/v1/users/ed/items"
    a = api.post(base, json={"description": "喜欢喝乌龙茶", "theme": "品味", "reason": "用户在编辑器里添加"})
    assert a.status_code == 201, a.text
    b = api.post(base, json={"description": "Drinks green tea every morning", "theme": "habits", "kind": "preference"})
    a_id, b_id = a.json()["id"], b.json()["id"]
    assert a.json()["user_id"] == "ed" and b.json()["kind"] == "preference"

    assert_error(api.patch(f"{base}/{a_id}", json={"theme": "饮品"}), 422, "invalid_input")  # no reason
    assert_error(api.patch(f"{base}/{a_id}", json={"reason": "nothing"}), 422, "invalid_input")
    fixed = api.patch(f"{base}/{a_id}", json={"theme": "饮品", "reason": "主题更准确"})
    assert fixed.status_code == 200 and fixed.json()["theme"] == "饮品"

    merged = api.post(f"{base}/{a_id}/merge", json={"other_id": b_id, "description": "喜欢乌龙茶，每天早上喝绿茶",
                                                    "reason": "同一件事"})
    assert merged.status_code == 200, merged.text
    assert merged.json()["description"] == "喜欢乌龙茶，每天早上喝绿茶" and merged.json()["theme"] == "饮品"
    assert api.get(f"{base}/{b_id}").json()["status"] == "deleted"
    assert_error(api.post(f"{base}/{a_id}/merge", json={"other_id": a_id, "reason": "x"}), 422, "invalid_input")

    history = api.get(f"{base}/{a_id}/history").json()["history"]
    assert [h["op"] for h in history][:2] == ["merge", "update"]
    assert {h["reason"] for h in history} >= {"同一件事", "主题更准确", "用户在编辑器里添加"}
    assert all(h["actor"] == "user" for h in history)

    assert_error(api.delete(f"{base}/{a_id}"), 422, "invalid_input")  # reason is required
    gone = api.delete(f"{base}/{a_id}", params={"reason": "不再准确"})
    assert gone.status_code == 200 and gone.json()["status"] == "deleted"
    assert_error(api.delete(f"{base}/{a_id}", params={"reason": "again"}), 404, "unknown_item")
    assert_error(api.get(f"{base}/0123456789abcdef"), 404, "unknown_item")
    stored = stack.services.store.get("acme:ed", a_id)
    assert stored.status == "deleted" and stored.history[-1].reason == "不再准确"
    assert api.get(base).json()["items"] == []
    assert len(api.get(base, params={"status": ["deleted"]}).json()["items"]) == 2


def test_recall_filters_take_the_names_search_takes(stack: Stack, acme_key: str) -> None:
    api = stack.client(acme_key)
    for text, theme, kind in (("I live in Lisbon", "places", "fact"), ("我喜欢住在海边的城市", "places", "preference")):
        made = api.post("/v1/users/flt/items", json={"description": text, "theme": theme, "kind": kind})
        assert made.status_code == 201, made.text

    def kinds(filters: dict[str, Any]) -> list[str]:
        reply = api.post("/v1/users/flt/recall", json={"query": "where do I live? 住在哪", "filters": filters})
        assert reply.status_code == 200, reply.text
        return sorted(r["item"]["kind"] for r in reply.json()["results"])

    assert kinds({"kind": "fact"}) == kinds({"kinds": ["fact"]}) == ["fact"]
    assert kinds({"kind": ["fact", "preference"], "theme": "places", "status": "active"}) == ["fact", "preference"]
    assert kinds({"kinds": "preference"}) == ["preference"]
    for filters, named in (({"mood": "happy"}, "unknown filter 'mood'"), ({"kind": "fact", "kinds": ["fact"]},
                           "kind and kinds are the same filter"), ({"metadata": {"a": "b"}}, "metadata filter")):
        error = assert_error(api.post("/v1/users/flt/recall", json={"query": "q", "filters": filters}), 422,
                             "invalid_input")
        assert named in error["message"], error


def test_export_import_and_erase(stack: Stack, acme_key: str) -> None:
    api = stack.client(acme_key)
    made = api.post("/v1/users/ex/items", json={"description": "住在里斯本", "theme": "身份"}).json()
    api.patch(f"/v1/users/ex/items/{made['id']}", json={"description": "住在波尔图", "reason": "搬家了"})
    exported = api.get("/v1/users/ex/export")
    assert exported.status_code == 200 and exported.headers["content-type"].startswith("application/yaml")
    assert "format: gulfstream-export" in exported.text and "ex:" in exported.text and "acme:" not in exported.text

    imported = api.post("/v1/users/ex2/import", content=exported.content,
                        headers={"Content-Type": "application/yaml"})
    assert imported.status_code == 200, imported.text
    assert imported.json() == {"user_id": "ex2", "imported": 1}
    copy = api.get(f"/v1/users/ex2/items/{made['id']}").json()
    assert copy["description"] == "住在波尔图"
    assert [h["op"] for h in api.get(f"/v1/users/ex2/items/{made['id']}/history").json()["history"]] == \
        ["update", "create"]
    assert_error(api.post("/v1/users/ex2/import", content=exported.content), 422, "invalid_input")  # ids clash

    secret = api.post("/v1/users/exs/items",
                      json={"description": "我的银行卡密码是665432", "theme": "sensitive"}).json()
    api.patch(f"/v1/users/exs/items/{secret['id']}", json={"description": "my bank card PIN is 665432",
                                                            "reason": "in English"})
    masked = api.get("/v1/users/exs/export")
    assert masked.status_code == 200 and "665432" not in masked.text and secret["id"] in masked.text
    assert masked.text.count("665432") == 0 and "PIN" in masked.text  # history texts masked too
    assert api.get("/v1/users/exs/export?reveal=true").text.count("665432") == 4  # description, 3 revision texts
    assert "masked: true" in masked.text and "masked: false" in exported.text
    refused = assert_error(api.post("/v1/users/exs2/import", content=masked.content), 422, "invalid_input")
    assert "accept_masked=true" in refused["message"]
    kept = api.post("/v1/users/exs2/import?accept_masked=true", content=masked.content)
    assert kept.status_code == 200 and kept.json()["imported"] == 1, kept.text

    seed = "a1b2c3d4:\n  description: 喜欢吃辣\n  theme: 品味\n  history: []\n  hit: 3\n"
    bare = api.post("/v1/users/seedy/import", content=seed.encode(), headers={"Content-Type": "application/yaml"})
    assert bare.json()["imported"] == 1
    assert api.get("/v1/users/seedy/items/a1b2c3d4").json()["hit"] == 3
    assert_error(api.post("/v1/users/seedy/import", content=b"a: [unclosed"), 422, "invalid_input")
    assert_error(api.post("/v1/users/seedy/import", content=b"\xff\xfe bad"), 422, "invalid_input")

    erased = api.delete("/v1/users/ex")
    assert erased.status_code == 200 and erased.json()["items_removed"] == 1
    assert_error(api.get("/v1/users/ex/items"), 404, "unknown_user")
    assert_error(api.get("/v1/users/ex/export"), 404, "unknown_user")
    assert_error(api.delete("/v1/users/ex"), 404, "unknown_user")
    assert stack.services.store.list_items("acme:ex", statuses=None) == []


def test_turn_published_by_another_client_reads_queued_until_stored(stack: Stack, acme_key: str) -> None:
    """A turn in the user's inbox (published, by any client, not stored yet) is queued, as the workers say."""
    api = stack.client(acme_key)
    redis = stack.services.client.redis
    inbox = wire.inbox_key("acme:inb")
    waiting = {"user_id": "acme:inb", "turn_id": "inb-t1", "session_id": "s1", "role": "user", "text": "hi",
               "timestamp": "2026-05-01T09:00:00+00:00", "speaker": "", "meta": {}, "published_at": 0.0}
    redis.hset(inbox, "1", json.dumps(waiting))
    try:
        body = api.get("/v1/users/inb/turns/inb-t1").json()
        assert body == {"user_id": "inb", "turn_id": "inb-t1", "status": "queued", "seq": None,
                        "error_type": None, "attempts": None, "error": None, "embedded": None}
        assert_error(api.get("/v1/users/inb/turns/inb-t2"), 404, "unknown_turn")
        assert_error(stack.client(stack.key("globex")).get("/v1/users/inb/turns/inb-t1"), 404, "unknown_turn")
    finally:
        redis.delete(inbox)
    assert_error(api.get("/v1/users/inb/turns/inb-t1"), 404, "unknown_turn")


def test_dead_lettered_turn_status(stack: Stack, acme_key: str) -> None:
    api = stack.client(acme_key)
    assert api.post("/v1/turns", json=turn("dl", 1, "I moved to Osaka.")).status_code == 202
    wait_until(lambda: status_of(api, "dl", "dl-t1") == "applied", 30, "turn applied", stack.procs.logs)
    letters = DeadLetters(stack.db_url)
    try:
        letters.record("acme:dl", "dl-t1", 1, "gulfstream.curate_user", ValueError("malformed"), 3)
    finally:
        letters.close()
    body = api.get("/v1/users/dl/turns/dl-t1").json()
    assert body == {"user_id": "dl", "turn_id": "dl-t1", "status": "dead_lettered", "seq": 1,
                    "error_type": "ValueError", "attempts": 3, "error": None, "embedded": None}


@pytest.mark.parametrize(("user", "first", "other"), [("rf", "I moved to Osaka.", "I moved to Lima."),
                                                      ("rfz", "我搬到大阪了。", "我搬到利马了。")])
def test_a_turn_id_reused_with_other_text_is_a_409_and_the_stored_turn_keeps_its_status(
        stack: Stack, acme_key: str, user: str, first: str, other: str) -> None:
    api = stack.client(acme_key)
    assert api.post("/v1/turns", json=turn(user, 1, first)).status_code == 202
    wait_until(lambda: status_of(api, user, f"{user}-t1") == "applied", 30, "turn applied", stack.procs.logs)
    items = api.get(f"/v1/users/{user}/items").json()["items"]
    error = assert_error(api.post("/v1/turns", json=turn(user, 1, other)), 409, "turn_conflict")
    assert "stored before with other text" in error["message"] and f"'{user}'" in error["message"]
    assert "acme:" not in error["message"]  # the id the caller knows
    batch = {"turns": [turn(user, 2, "I like tea."), turn(user, 1, other)]}
    assert_error(api.post("/v1/turns/batch", json=batch), 409, "turn_conflict")  # none of the batch is sent
    twice = {"turns": [turn(user, 3, "I like tea."), turn(user, 3, "I like coffee.")]}
    assert_error(api.post("/v1/turns/batch", json=twice), 409, "turn_conflict")
    body = api.get(f"/v1/users/{user}/turns/{user}-t1").json()
    assert body["status"] == "applied" and body["seq"] == 1 and body["error"] is None, body
    assert_error(api.get(f"/v1/users/{user}/turns/{user}-t2"), 404, "unknown_turn")
    assert api.get(f"/v1/users/{user}/items").json()["items"] == items  # nothing stored was touched
    assert api.post("/v1/turns", json=turn(user, 1, first)).status_code == 202  # the same again: a no-op
    mem = HttpMemory(stack.base_url, acme_key)
    try:
        with pytest.raises(TurnConflict):
            mem.add([{"role": "user", "content": other, "id": f"{user}-t1"}], user_id=user)
    finally:
        mem.close()
    assert status_of(api, user, f"{user}-t1") == "applied"


@pytest.mark.parametrize(("method", "path", "kwargs", "status", "code"), [
    ("post", "/v1/turns", {"content": b"{not json", "headers": {"Content-Type": "application/json"}}, 400,
     "bad_request"),
    ("post", "/v1/turns", {"json": {"user_id": 5}}, 422, "invalid_input"),
    ("post", "/v1/turns", {"json": turn("x", 1, "a" * 8001)}, 422, "invalid_input"),
    ("post", "/v1/turns", {"json": turn("x", 1, "hi", extra_field=1)}, 422, "invalid_input"),
    ("post", "/v1/turns", {"json": turn("x", 1, "hi", timestamp="yesterday")}, 422, "invalid_input"),
    ("post", "/v1/turns", {"content": json.dumps(turn("x", 1, "\ud800")).encode(),
                           "headers": {"Content-Type": "application/json"}}, 422, "invalid_input"),
    ("post", "/v1/turns", {"content": b"x" * (4 * 1024 * 1024 + 1)}, 413, "body_too_large"),
    ("post", "/v1/turns/batch", {"json": {"turns": []}}, 422, "invalid_input"),
    ("post", "/v1/users/x/recall", {"json": {"query": "q", "k": 0}}, 422, "invalid_input"),
    ("post", "/v1/users/x/recall", {"json": {"query": "q", "k": "many"}}, 422, "invalid_input"),
    ("post", "/v1/users/x/recall", {"json": {"query": "q", "k": True}}, 422, "invalid_input"),
    ("post", "/v1/users/x/recall", {"json": {"query": "q", "k": "3"}}, 422, "invalid_input"),
    ("post", "/v1/users/x/recall", {"json": {"query": "q", "filters": {"statuses": ["deleted"]}}}, 422,
     "invalid_input"),
    ("post", "/v1/users/x/recall", {"json": {"query": "q", "filters": {"since": "2026-02-01T00:00:00Z",
                                                                       "until": "2026-01-01T00:00:00Z"}}}, 422,
     "invalid_input"),
    ("get", "/v1/users/" + "u" * 96 + "/items", {}, 422, "invalid_input"),
    ("get", "/v1/users/x/items", {"params": {"status": "gone"}}, 422, "invalid_input"),
    ("get", "/v1/nowhere", {}, 404, "not_found"),
    ("put", "/v1/turns", {}, 405, "method_not_allowed"),
])
def test_bad_requests_get_clear_json_errors(stack: Stack, acme_key: str, method: str, path: str,
                                            kwargs: dict[str, Any], status: int, code: str) -> None:
    assert_error(getattr(stack.client(acme_key), method)(path, **kwargs), status, code)


def nested(depth: int, field: str = "query") -> bytes:
    """A JSON object whose ``field`` is ``depth`` nested empty lists."""
    return f'{{"{field}":'.encode() + b"[" * depth + b"]" * depth + b"}"


JSON = {"Content-Type": "application/json"}
# every depth near the interpreter's recursion limit: where json parses a body and a recursive check would not
DEPTHS = [50, 500, *range(900, 1001), 2000, 100_000]


@pytest.mark.parametrize(("path", "field"), [("/v1/users/deep/recall", "query"), ("/v1/turns", "text"),
                                             ("/v1/turns/batch", "turns"), ("/v1/users/deep/items", "description")])
def test_deeply_nested_json_is_a_clear_4xx(stack: Stack, acme_key: str, path: str, field: str) -> None:
    api = stack.client(acme_key)
    for depth in DEPTHS:
        reply = api.post(path, content=nested(depth, field), headers=JSON)
        assert reply.status_code in (400, 422), (depth, reply.text)
        error = assert_error(reply, reply.status_code, "bad_request" if reply.status_code == 400 else "invalid_input")
        if reply.status_code == 400:
            assert "nested too deeply" in error["message"], error
    assert_error(api.get("/v1/users/deep/items"), 404, "unknown_user")  # nothing was stored


def test_deeply_nested_yaml_import_is_refused(stack: Stack, acme_key: str) -> None:
    api = stack.client(acme_key)
    flow = b"a1b2c3d4:\n  description: " + b"[" * 600 + b"]" * 600 + b"\n"
    block = b"".join(b"  " * i + b"k:\n" for i in range(600)) + b"  " * 600 + b"v\n"
    for body in (flow, block, b"[" * 5000 + b"]" * 5000):
        error = assert_error(api.post("/v1/users/deepy/import", content=body,
                                      headers={"Content-Type": "application/yaml"}), 422, "invalid_input")
        assert "nest" in error["message"], error
    assert_error(api.get("/v1/users/deepy/export"), 404, "unknown_user")


def test_a_yaml_import_whose_aliases_expand_it_hugely_is_refused(stack: Stack, acme_key: str) -> None:
    api = stack.client(acme_key)
    lines = ['l0: &l0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    lines += [f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]" for i in range(1, 10)]  # 10**10 strings
    item = "a1b2c3d4:\n  description: tea\n  theme: taste\n  history: []\n  source: *l9\n"
    reply = api.post("/v1/users/laughs/import", content=("\n".join(lines) + "\n" + item).encode(),
                     headers={"Content-Type": "application/yaml"}, timeout=20)
    assert "aliases" in assert_error(reply, 422, "invalid_input")["message"]
    shared = "a1b2c3d4:\n  description: tea\n  theme: taste\n  history: []\n  source: &s [t1, t2]\n" \
             "e5f6a7b8:\n  description: coffee\n  theme: taste\n  history: []\n  source: *s\n"
    assert api.post("/v1/users/laughs/import", content=shared.encode()).json()["imported"] == 2  # a few are fine


@pytest.mark.parametrize(("path", "body", "field"), [
    ("/v1/users/nul/recall", {"query": "tea\x00"}, "query"),
    ("/v1/users/nul/recall", {"query": "tea", "filters": {"themes": ["ta\x00ste"]}}, "filters.themes"),
    ("/v1/turns", turn("nul", 1, "he\x00llo"), "text"),
    ("/v1/turns", turn("nul", 1, "hello", meta={"lang": "e\x00n"}), "meta"),
    ("/v1/turns/batch", {"turns": [turn("nul", 1, "hello"), turn("nul", 2, "\x00")]}, "turns.1.text"),
    ("/v1/users/nul/items", {"description": "tea\x00", "theme": "taste"}, "description"),
    ("/v1/users/nul/items", {"description": "tea", "theme": "taste", "reason": "\x00"}, "reason"),
])
def test_a_nul_character_is_reported_against_its_field(stack: Stack, acme_key: str, path: str,
                                                      body: dict[str, Any], field: str) -> None:
    error = assert_error(stack.client(acme_key).post(path, json=body), 422, "invalid_input")
    assert error["fields"][0]["field"] == field and error["message"].startswith(f"{field}: "), error
    assert "NUL" in error["message"], error


@pytest.mark.parametrize("path", ["/v1/users/ct/recall", "/v1/turns", "/v1/turns/batch", "/v1/users/ct/items"])
@pytest.mark.parametrize("content", [b"hello there", b"user_id=ct&text=hi", "我住在北京".encode()])
def test_a_non_json_body_sent_as_another_type_is_refused_415_not_400(stack: Stack, acme_key: str, path: str,
                                                                    content: bytes) -> None:
    """New-user trial 40, F9: a plain-text body under 'Content-Type: text/plain' answered 400 "not valid JSON"."""
    error = assert_error(stack.client(acme_key).post(path, content=content, headers={"Content-Type": "text/plain"}),
                         415, "unsupported_media_type")
    assert "application/json" in error["message"] and "'text/plain'" in error["message"], error


@pytest.mark.parametrize(("path", "body"), [
    ("/v1/users/ct/recall", {"query": "tea"}),
    ("/v1/turns", turn("ct", 1, "hello")),
    ("/v1/turns/batch", {"turns": [turn("ct", 1, "hello")]}),
    ("/v1/users/ct/items", {"description": "Drinks tea", "theme": "taste"}),
])
@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_a_body_that_is_not_sent_as_json_is_refused_415(stack: Stack, acme_key: str, path: str,
                                                       body: dict[str, Any], content_type: str | None) -> None:
    api = stack.client(acme_key)
    headers = {"Content-Type": content_type} if content_type else {}  # httpx sends none for raw content
    error = assert_error(api.post(path, content=json.dumps(body).encode(), headers=headers), 415,
                         "unsupported_media_type")
    assert "application/json" in error["message"], error
    assert (repr(content_type) if content_type else "no Content-Type") in error["message"], error
    assert_error(stack.client().post(path, content=b"x", headers={"Content-Type": "text/plain"}), 401,
                 "unauthorized")  # the key is checked first
    assert_error(api.get("/v1/users/ct/items"), 404, "unknown_user")


@pytest.mark.parametrize(("user", "text", "word"), [("team/ann", "I live in Lisbon and I love fado.", "Lisbon"),
                                                    ("组/小安", "我住在杭州，喜欢喝龙井茶。", "杭州")])
def test_ids_with_a_slash_work_over_http_as_in_the_core(stack: Stack, acme_key: str, user: str, text: str,
                                                        word: str) -> None:
    """The core's id alphabet holds "/" (LoCoMo users are ``<user>/<sample>``); in a path it is %2F."""
    api = stack.client(acme_key)
    sent = api.post("/v1/turns", json={**turn("x", 1, text), "user_id": user, "turn_id": "s/1"})
    assert sent.status_code == 202, sent.text
    url = sent.json()["accepted"][0]["status_url"]
    assert url.startswith("/v1/users/") and "%2F" in url
    wait_until(lambda: api.get(url).json()["status"] == "applied", 30, "turn applied", stack.procs.logs)
    quoted = user.replace("/", "%2F")
    items = api.get(f"/v1/users/{quoted}/items").json()["items"]
    assert items and all(i["user_id"] == user for i in items)
    mem = HttpMemory(stack.base_url, acme_key)
    try:
        assert any(word in h["description"] for h in mem.search(word, user_id=user))
        one = next(i for i in mem.get_all(user_id=user) if word in i["description"])
        assert mem.get(one["id"], user_id=user)["id"] == one["id"]
        assert mem.delete_all(user_id=user)["deleted"] >= 1
        assert mem.get_all(user_id=user) == []
    finally:
        mem.close()
    assert_error(api.get(f"/v1/users/{quoted}%2F{'x' * 200}/items"), 422, "invalid_input")  # too long decoded


def test_a_turns_utc_offset_is_kept_over_http(stack: Stack, acme_key: str) -> None:
    """A turn said at 07:30 in Shanghai is dated that day for its user, not the day before (UTC)."""
    api = stack.client(acme_key)
    said = {"timestamp": "2025-03-03T07:30:00+08:00"}
    assert api.post("/v1/turns", json=turn("tzone", 1, "今天早上跑了8公里", **said)).status_code == 202
    west = {"timestamp": "2025-03-02T19:30:00-05:00"}
    batch = {"turns": [turn("tzone", 2, "Ran 8 km this evening", **west), turn("tzone", 3, "Ran again", timestamp=0)]}
    assert api.post("/v1/turns/batch", json=batch).status_code == 202
    wait_until(lambda: all(status_of(api, "tzone", f"tzone-t{n}") == "applied" for n in (1, 2, 3)), 30,
               "turns applied", stack.procs.logs)
    stored = stack.services.store.turns_by_ids("acme:tzone", ["tzone-t1", "tzone-t2", "tzone-t3"])
    assert stored["tzone-t1"].meta["utc_offset_min"] == "480"
    assert stored["tzone-t1"].timestamp.isoformat() == "2025-03-02T23:30:00+00:00"
    assert stored["tzone-t2"].meta["utc_offset_min"] == "-300"
    assert "utc_offset_min" not in stored["tzone-t3"].meta  # epoch seconds say nothing of the user's zone
