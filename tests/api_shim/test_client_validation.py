"""The client refuses bad input before anything is sent (no broker needed)."""

from __future__ import annotations

import pytest

from api_shim.client import MemoryClient
from api_shim.errors import PublishFailed, RemoteError
from api_shim.replies import remote_error
from memory_core.errors import EmptyText, InvalidEncoding, InvalidField, InvalidInput, TextTooLong, UnknownItem

# Nothing listens on this port: any attempt to send would fail with PublishFailed.
DEAD = "redis://127.0.0.1:9/0"


@pytest.fixture
def client() -> MemoryClient:
    return MemoryClient(DEAD, publish_retry_s=0.5)


GOOD = {"user_id": "u1", "turn_id": "t1", "text": "hello", "role": "user", "session_id": "s1",
        "timestamp": "2026-05-10T09:00:00Z"}


@pytest.mark.parametrize(("change", "error"), [
    ({"user_id": ""}, InvalidField),
    ({"user_id": "a b"}, InvalidField),
    ({"turn_id": "x" * 129}, InvalidField),
    ({"text": "   "}, EmptyText),
    ({"text": "x" * 8001}, TextTooLong),
    ({"text": 42}, InvalidField),
    ({"text": b"hello"}, InvalidField),  # bytes are refused, not decoded (was accepted)
    ({"text": b"\xff\xfe"}, InvalidField),
    ({"speaker": b"Ann"}, InvalidField),
    ({"text": "bad \udc00 surrogate"}, InvalidEncoding),
    ({"role": "robot"}, InvalidField),
    ({"timestamp": "yesterday"}, InvalidField),
    ({"timestamp": "9000-01-01T00:00:00Z"}, InvalidField),
    ({"text": "\u200b\ufeff"}, EmptyText),
    ({"session_id": None}, InvalidField),
    ({"user_id": 123}, InvalidField),  # was stored as user "123"
    ({"turn_id": 7}, InvalidField),
    ({"user_id": "ab\n"}, InvalidField),  # was trimmed to "ab"
    ({"session_id": " s1"}, InvalidField),
    ({"meta": {f"k{i}": "v" for i in range(1000)}}, InvalidField),  # was accepted; HTTP allows 32
    ({"meta": {f"k{i}": "v" for i in range(33)}}, InvalidField),
    ({"meta": {"k": b"v"}}, InvalidField),
])
def test_publish_turn_refuses_bad_input(client: MemoryClient, change: dict[str, object],
                                        error: type[Exception]) -> None:
    with pytest.raises(error):
        client.publish_turn(**{**GOOD, **change})  # type: ignore[arg-type]


def test_publish_turn_says_when_the_broker_is_unreachable(client: MemoryClient) -> None:
    with pytest.raises(PublishFailed, match="Redis"):
        client.publish_turn(**GOOD)  # type: ignore[arg-type]


def test_recall_refuses_bad_k_and_empty_query(client: MemoryClient) -> None:
    with pytest.raises(InvalidField, match="k must be"):
        client.recall("u1", "q", k=0)
    with pytest.raises(EmptyText):
        client.recall("u1", "  ")
    with pytest.raises(InvalidField, match="query must be a string; got bytes"):
        client.recall("u1", b"tea")  # type: ignore[arg-type]


def test_item_texts_must_be_strings_not_bytes(client: MemoryClient) -> None:
    with pytest.raises(InvalidField, match="text must be a string; got bytes"):
        client.publish_turn(**{**GOOD, "text": b"hello"})  # type: ignore[arg-type]
    with pytest.raises(InvalidField, match="description must be a string; got bytes"):
        client.add_item("u1", b"I like tea", "taste")  # type: ignore[arg-type]
    with pytest.raises(InvalidField, match="theme must be a string; got bytes"):
        client.update_item("u1", "i1", "why", new_theme=b"taste")  # type: ignore[arg-type]


def test_core_errors_from_a_worker_are_raised_as_themselves() -> None:
    assert isinstance(remote_error({"ok": False, "code": "unknown_item", "error": "no such item"}), UnknownItem)
    err = remote_error({"ok": False, "code": "internal_error", "error": "boom"})
    assert isinstance(err, RemoteError) and err.code == "internal_error" and "boom" in str(err)
    assert isinstance(remote_error({"ok": False, "code": "SystemExit", "error": "no"}), RemoteError)


def test_replies_of_workers_older_than_the_codes_are_still_understood() -> None:
    assert isinstance(remote_error({"ok": False, "error_type": "UnknownItem", "error": "没有这条记忆"}), UnknownItem)
    old = remote_error({"ok": False, "error_type": "InternalError", "error": "boom"})
    assert isinstance(old, RemoteError) and old.error_type == "InternalError"
    assert isinstance(remote_error({"ok": False, "error_type": "SystemExit", "error": "no"}), RemoteError)


def test_edit_and_read_calls_refuse_bad_ids_and_text(client: MemoryClient) -> None:
    with pytest.raises(InvalidField):
        client.merge_items("u1", "a b", "i2", "same")
    with pytest.raises(EmptyText):
        client.merge_items("u1", "i1", "i2", "same", description="  ")
    with pytest.raises(InvalidField):
        client.get_item("", "i1")
    with pytest.raises(InvalidField):
        client.turn_status("u1", "t 1")
    with pytest.raises(InvalidField):
        client.import_items(b"i1: {}")  # type: ignore[arg-type]
    with pytest.raises(InvalidField):
        client.import_items("i1: {}", user_id="a b")


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"filters": {"foo": 1}}, "unknown recall filter 'foo'"),
    ({"filters": {"kinds": 5}}, "must be a string or a list of strings"),
    ({"filters": {"themes": ["a", 3]}}, "must be a string or a list of strings"),
    ({"filters": {"since": "yesterday"}}, "since"),
    ({"filters": ["themes"]}, "filters must be a mapping"),
    ({"budget_tokens": -1}, "budget_tokens"),
    ({"budget_tokens": 10**9}, "budget_tokens"),
    ({"timeout_ms": 0}, "timeout_ms"),
    ({"timeout_ms": -1}, "timeout_ms"),
])
def test_recall_refuses_bad_filters_budget_and_timeout(client: MemoryClient, kwargs: dict[str, object],
                                                       message: str) -> None:
    # refused here, before anything is sent (these were internal errors in the worker, or misleading
    # "broker unreachable" answers)
    with pytest.raises(InvalidInput, match=message):
        client.recall("u1", "tea", **kwargs)  # type: ignore[arg-type]


def test_recall_filters_are_sent_as_json() -> None:
    from datetime import UTC, datetime

    from memory_core import wire

    sent = wire.check_recall_filters({"themes": {"work", "taste"}, "kinds": "fact", "statuses": None,
                                          "since": datetime(2026, 1, 2, tzinfo=UTC), "until": "2026-02-01T00:00:00Z"})
    assert sent == {"themes": ["taste", "work"], "kinds": ["fact"], "since": "2026-01-02T00:00:00+00:00",
                    "until": "2026-02-01T00:00:00+00:00"}
    assert wire.check_recall_filters({}) is None and wire.check_recall_filters({"themes": None}) is None
    built = wire.recall_filters(sent)
    assert built.themes == ["taste", "work"] and built.since == datetime(2026, 1, 2, tzinfo=UTC)


def test_recall_filters_take_the_singular_names_the_memory_api_takes() -> None:
    from memory_core import wire
    from memory_core.api_records import check_filters

    sent = wire.check_recall_filters({"theme": "taste", "kind": ["fact", "event"], "status": "active"})
    assert sent == {"themes": ["taste"], "kinds": ["fact", "event"], "statuses": ["active"]}
    assert check_filters({"kind": "fact"}).kinds == check_filters({"kinds": ["fact"]}).kinds == ("fact",)
    for check in (wire.check_recall_filters, check_filters):
        with pytest.raises(InvalidField, match="kind and kinds are the same filter"):
            check({"kind": "fact", "kinds": ["event"]})
        with pytest.raises(InvalidField, match=r"unknown .*filter 'mood'"):
            check({"mood": "happy"})


def test_the_worker_refuses_bad_filters_from_any_publisher_as_invalid_input() -> None:
    from memory_core.wire import recall_filters  # what the recall task builds its filters with

    with pytest.raises(InvalidField, match="unknown recall filter"):
        recall_filters({"foo": 1})
    assert recall_filters(None) is None


def test_a_database_that_never_answers_does_not_hold_the_recall() -> None:
    # A server that takes connections and says nothing (a frozen PostgreSQL): the fallback gives up in time.
    import contextlib
    import socket
    import threading
    import time

    from api_shim.errors import RecallUnavailable

    server = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def take_connections() -> None:
        with contextlib.suppress(OSError):  # until the server socket is closed
            while True:
                held.append(server.accept()[0])

    threading.Thread(target=take_connections, daemon=True).start()
    port = server.getsockname()[1]
    client = MemoryClient(DEAD, database_url=f"postgresql+psycopg://nobody@127.0.0.1:{port}/none",
                          publish_retry_s=0.5, fallback_timeout_s=0.5)
    try:
        client.prepare_fallback()  # the one-time set-up has its own allowance (fallback_setup_s)
        started = time.monotonic()
        with pytest.raises(RecallUnavailable, match=r"did not finish within 0\.5 s"):
            client.recall("u1", "tea")
        assert time.monotonic() - started < 8
    finally:
        client.close()
        server.close()
        for conn in held:
            conn.close()


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"statuses": ["bogus"]}, "unknown status 'bogus'; expected one of active, superseded, archived, deleted"),
    ({"statuses": ["active", 3]}, "unknown status 3"),
    ({"statuses": 5}, "statuses must be a status or a list of statuses; got int"),
    ({"theme": 5}, "theme must be a string; got int"),
    ({"theme": "  "}, "theme is empty"),
    ({"kind": "bogus"}, "unknown kind 'bogus'; expected one of fact, preference"),
])
def test_list_items_refuses_bad_filters_before_sending(client: MemoryClient, kwargs: dict[str, object],
                                                       message: str) -> None:
    # these were [] (a silent wrong answer) or a database error quoting SQL
    with pytest.raises(InvalidInput, match=message):
        client.list_items("ann", **kwargs)  # type: ignore[arg-type]


def test_list_items_takes_a_single_string_as_one_status(client: MemoryClient,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[dict[str, object]] = []
    monkeypatch.setattr(client.rpc, "call", lambda name, **kwargs: sent.append(kwargs) or [])
    client.list_items("ann", statuses="active")
    client.list_items("ann", statuses=("archived", "deleted"), theme=" home ", kind="fact")
    client.list_items("ann")
    assert [(s["statuses"], s["theme"], s["kind"]) for s in sent] == [
        (["active"], None, None), (["archived", "deleted"], "home", "fact"), (None, None, None)]


def test_the_client_and_the_http_schema_share_the_meta_limit() -> None:
    # The HTTP schema states the limit in its OpenAPI document; the client checks with check_meta.
    from api_shim.http.schemas import TurnIn
    from memory_core.validation import MAX_META_ENTRIES, MAX_META_KEY_CHARS, MAX_META_VALUE_CHARS

    meta = next(s for s in TurnIn.model_json_schema()["properties"]["meta"]["anyOf"] if s["type"] == "object")
    assert meta["maxProperties"] == MAX_META_ENTRIES
    assert meta["propertyNames"]["maxLength"] == MAX_META_KEY_CHARS
    assert meta["additionalProperties"]["maxLength"] == MAX_META_VALUE_CHARS


@pytest.mark.parametrize(("call", "error"), [
    (lambda c: c.update_item("u1", "i1", "", new_description="I like tea"), EmptyText),  # was accepted
    (lambda c: c.update_item("u1", "i1", "  ", new_theme="taste"), EmptyText),
    (lambda c: c.delete_item("u1", "i1", ""), EmptyText),
    (lambda c: c.merge_items("u1", "i1", "i2", ""), EmptyText),
    (lambda c: c.delete_item("u1", "i1", "x" * 1001), TextTooLong),
    (lambda c: c.delete_item("u1", "i1", None), InvalidField),
    (lambda c: c.add_item("u1", "I like tea", "taste", reason="x" * 1001), TextTooLong),
])
def test_edits_need_a_reason_as_over_http(client: MemoryClient, call, error: type[Exception]) -> None:
    with pytest.raises(error, match="reason"):
        call(client)


def test_an_added_item_may_go_without_a_reason(client: MemoryClient, monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[dict[str, object]] = []
    monkeypatch.setattr(client.rpc, "call", lambda name, **kwargs: sent.append(kwargs) or "id")
    client.add_item("u1", "I like tea", "taste")
    client.add_item("u1", "I like tea", "taste", reason=" typed in ")
    client.delete_item("u1", "i1", "moved")
    assert [s["reason"] for s in sent] == ["", "typed in", "moved"]


@pytest.mark.parametrize(("fields", "message"), [
    ({"colour": "red"}, "unknown memory item field 'colour'; a new item takes confidence, hit, id"),
    ({"actor": "agent", "turn_id": "t1"}, "unknown memory item fields 'actor', 'turn_id'"),
    ({"id": "a b"}, "item id 'a b' may hold only"),
])
def test_add_item_refuses_unknown_fields_before_sending(client: MemoryClient, fields: dict[str, object],
                                                        message: str) -> None:
    # colour= came back as RemoteError: InternalError ... TypeError(MemoryItem.__init__() ...)
    with pytest.raises(InvalidField, match=message):
        client.add_item("ann", "d", "t", **fields)


@pytest.mark.parametrize(("fields", "error"), [
    ({"valid_from": "not a time"}, InvalidField),
    ({"valid_from": "0001-01-01T00:00:00+14:00"}, InvalidField),
    ({"valid_until": "9999-12-31T23:59:59-14:00"}, InvalidField),
    ({"key": "a\x00b"}, InvalidEncoding),
    ({"speaker": "Ann\ud800"}, InvalidEncoding),
    ({"source": "t1"}, InvalidField),  # was stored as ["t", "1"]
    ({"source": ["t 1"]}, InvalidField),
    ({"id": "a b"}, InvalidField),
])
def test_add_item_checks_field_values_before_sending(client: MemoryClient, fields: dict[str, object],
                                                     error: type[Exception]) -> None:
    with pytest.raises(error):
        client.add_item("u1", "a memory", "taste", **fields)


@pytest.mark.parametrize("ts", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00"])
def test_out_of_range_times_are_invalid_input_not_overflow(client: MemoryClient, ts: str) -> None:
    with pytest.raises(InvalidField):
        client.publish_turn(**{**GOOD, "timestamp": ts})
    with pytest.raises(InvalidField):
        client.recall("u1", "tea", filters={"since": ts})


def test_publish_turn_defaults_role_and_session_as_a_turn_file_does(client: MemoryClient,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Only ``role`` and ``session_id`` default (user, default: as ``POST /v1/turns``); the turn sent is the same."""
    sent: list[object] = []
    monkeypatch.setattr(client, "publish_checked", lambda turn: sent.append(turn) or "m1")
    assert client.publish_turn("u1", "t1", "我住在杭州", timestamp="2026-05-10T09:00:00Z") == "m1"
    client.publish_turn("u1", "t1", "我住在杭州", "user", "default", "2026-05-10T09:00:00Z")
    first, second = ({k: v for k, v in t.items() if k != "published_at"} for t in sent)  # type: ignore[attr-defined]
    assert first == second and (first["role"], first["session_id"]) == ("user", "default")
    with pytest.raises(InvalidField, match="timestamp is required"):
        client.publish_turn("u1", "t2", "hello")
    assert len(sent) == 2, "nothing sent without a time"
