"""The shim's fast recall path answers exactly as the full FastAPI route, and hands everything unusual to it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from _http_stack import Stack

from api_shim.http.fast_recall import RecallFastPath

FULL = {"Content-Type": "application/merge-patch+json"}  # JSON to FastAPI, not plain enough for the fast path


@pytest.fixture
def served(stack: Stack, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bool]]:
    """True per recall request the fast path served itself, False per one it handed to the app.

    Keys are cached for a minute here, as in a deployment (the test stack
    otherwise reads every key from the database, which the fast path leaves to the app).
    """
    monkeypatch.setattr(stack.services.keys, "cache_ttl_s", 60.0)
    seen: list[bool] = []
    plain = RecallFastPath._plain

    def spy(self: RecallFastPath, *args: Any) -> Any:
        result = plain(self, *args)
        seen.append(result is not None)
        return result

    monkeypatch.setattr(RecallFastPath, "_plain", spy)
    yield seen


@pytest.fixture(scope="module")
def fast_user(stack: Stack, acme_key: str) -> str:
    api = stack.client(acme_key)
    for text, theme in (("Drinks jasmine tea every morning", "taste"), ("喜欢喝绿茶", "品味"),
                        ("Works as a nurse in Porto", "work")):
        assert api.post("/v1/users/fast/items", json={"description": text, "theme": theme}).status_code == 201
    return "fast"


def _comparable(body: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in body.items() if k != "timings_ms"}


@pytest.mark.parametrize("query", ["tea in the morning", "绿茶", "where does she work", "nothing matches this"])
def test_the_fast_path_answers_as_the_full_route(stack: Stack, acme_key: str, fast_user: str, served: list[bool],
                                                  query: str) -> None:
    api = stack.client(acme_key)
    body = {"query": query, "k": 3, "timeout_ms": 10_000}
    full = api.post(f"/v1/users/{fast_user}/recall", json=body, headers=FULL)  # also caches the key
    fast = api.post(f"/v1/users/{fast_user}/recall", json=body)
    assert served == [False, True]
    assert fast.status_code == full.status_code == 200, (fast.text, full.text)
    assert fast.headers["content-type"] == full.headers["content-type"]
    assert _comparable(fast.json()) == _comparable(full.json())
    assert all(r["item"]["user_id"] == fast_user for r in fast.json()["results"])  # no tenant prefix shown


def test_the_fast_path_is_counted_under_the_recall_route(stack: Stack, acme_key: str, fast_user: str,
                                                          served: list[bool]) -> None:
    def count() -> float:
        line = 'gulfstream_http_requests_total{method="POST",route="/v1/users/{user_id}/recall",status="200"}'
        found = [x for x in stack.client().get("/metrics").text.splitlines() if x.startswith(line)]
        return float(found[0].split()[-1]) if found else 0.0

    api = stack.client(acme_key)
    api.get("/v1/whoami")  # caches the key
    before = count()
    assert api.post(f"/v1/users/{fast_user}/recall", json={"query": "tea"}).status_code == 200
    assert served == [True] and count() == before + 1


def test_errors_after_the_checks_go_through_the_apps_handlers(stack: Stack, acme_key: str, served: list[bool]) -> None:
    api = stack.client(acme_key)
    body = {"query": "\u200b\u200b", "timeout_ms": 10_000}  # the model takes it; the core refuses invisible text
    full = api.post("/v1/users/fast/recall", json=body, headers=FULL)
    fast = api.post("/v1/users/fast/recall", json=body)
    assert served == [False, True]
    assert fast.status_code == full.status_code == 422 and fast.json() == full.json()
    assert fast.json()["error"]["code"] == "invalid_input"


@pytest.mark.parametrize(("case", "request_kwargs", "status"), [
    ("bad body", {"json": {"query": "tea", "k": 0}}, 422),
    ("unknown field", {"json": {"query": "tea", "colour": "red"}}, 422),
    ("not JSON", {"content": b"{nope", "headers": {"Content-Type": "application/json"}}, 400),
    ("nested too deeply", {"content": b'{"query":' + b"[" * 2000 + b"]" * 2000 + b"}",
                           "headers": {"Content-Type": "application/json"}}, 400),
    ("a key named twice", {"content": b'{"query": "tea", "query": "coffee"}',
                           "headers": {"Content-Type": "application/json"}}, 422),
    ("unknown key", {"json": {"query": "tea"}, "headers": {"Authorization": "Bearer gs_nope_nope"}}, 401),
    ("no key", {"json": {"query": "tea"}, "headers": {"Authorization": ""}}, 401),
    ("bad user id", {"json": {"query": "tea"}, "path": "/v1/users/a%20b/recall"}, 422),
])
def test_unusual_requests_are_handed_to_the_app(stack: Stack, acme_key: str, served: list[bool], case: str,
                                                request_kwargs: dict[str, Any], status: int) -> None:
    path = request_kwargs.pop("path", "/v1/users/fast/recall")
    reply = stack.client(acme_key).post(path, **request_kwargs)
    assert reply.status_code == status, (case, reply.text)
    assert served == [False]
    if case == "a key named twice":
        assert "'query' twice" in reply.json()["error"]["message"], reply.text


def test_a_key_over_its_rate_takes_no_token_on_the_fast_path(stack: Stack, served: list[bool]) -> None:
    api = stack.client(stack.key("acme", rate_per_s=0.01, burst=2))
    codes = [api.post("/v1/users/fast/recall", json={"query": "tea"}).status_code for _ in range(4)]
    assert codes == [200, 200, 429, 429]  # the first is a key-cache miss: the app serves it
    assert served[0] is False and served[1] is True and served[2:] == [False, False]


def test_an_editor_session_is_handed_to_the_app(stack: Stack, acme_key: str, served: list[bool]) -> None:
    web = stack.client()
    web.cookies.set("gulfstream_session", acme_key)
    reply = web.post("/v1/users/fast/recall", json={"query": "tea"}, headers={"X-Gulfstream-Editor": "1"})
    assert reply.status_code == 200 and served == [False]
