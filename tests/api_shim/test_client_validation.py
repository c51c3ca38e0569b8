"""The client refuses bad input before anything is sent (no broker needed)."""

from __future__ import annotations

import pytest

from api_shim.client import MemoryClient, _remote_error
from api_shim.errors import PublishFailed, RemoteError
from memory_core.errors import EmptyText, InvalidEncoding, InvalidField, TextTooLong, UnknownItem

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
    ({"text": b"\xff\xfe"}, InvalidEncoding),
    ({"role": "robot"}, InvalidField),
    ({"timestamp": "yesterday"}, InvalidField),
    ({"timestamp": "9000-01-01T00:00:00Z"}, InvalidField),
    ({"text": "\u200b\ufeff"}, EmptyText),
    ({"session_id": None}, InvalidField),
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


def test_core_errors_from_a_worker_are_raised_as_themselves() -> None:
    assert isinstance(_remote_error("UnknownItem", "no such item"), UnknownItem)
    err = _remote_error("InternalError", "boom")
    assert isinstance(err, RemoteError) and err.error_type == "InternalError"
    assert isinstance(_remote_error("SystemExit", "no"), RemoteError)


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
