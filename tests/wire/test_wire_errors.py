"""Stable error codes on the wire: every core error has one, and a caller gets the same class back."""

from __future__ import annotations

import pytest

from memory_core import errors as core
from memory_core import wire


def _raise_from(reply: bytes) -> Exception:
    body = wire.decode_reply(reply)
    cls = wire.reply_error_class(body)
    assert cls is not None, body
    return cls(body["error"])


@pytest.mark.parametrize("cls", list(wire.ERROR_CODES))
def test_each_core_error_crosses_the_wire_as_itself(cls: type[core.GulfstreamError]) -> None:
    reply = wire.encode_reply(False, error="记忆 memory", code=wire.error_code(cls("记忆 memory")))
    body = wire.decode_reply(reply)
    assert "error_type" not in body and body["code"] == wire.ERROR_CODES[cls]
    again = _raise_from(reply)
    assert type(again) is cls and str(again) == "记忆 memory"


def test_codes_are_distinct_snake_case_and_cover_every_exported_error() -> None:
    codes = list(wire.ERROR_CODES.values())
    assert len(set(codes)) == len(codes) and all(c.replace("_", "").isalpha() and c.islower() for c in codes)
    # an ingest file's line error belongs to the CLI and never crosses the wire
    exported = {getattr(core, name) for name in core.__all__} - {core.GulfstreamError, core.IngestLineError}
    for cls in exported:
        assert wire.error_code(cls.__new__(cls)) != wire.INTERNAL_ERROR, cls
    # a class whose constructor takes more than a message travels as its nearest coded base
    assert wire.error_code(core.LLMOutputError("extract", 3, "bad json")) == "llm_error"


def test_a_subclass_takes_its_base_code_and_anything_else_is_internal() -> None:
    class Narrower(core.UnknownItem):
        pass

    assert wire.error_code(Narrower("x")) == "unknown_item"
    assert wire.error_code(KeyError("x")) == wire.INTERNAL_ERROR
    assert wire.error_class(wire.INTERNAL_ERROR) is None and wire.error_class("no_such_code") is None


def test_an_older_reply_naming_the_class_is_still_read() -> None:
    old = b'{"ok":false,"value":null,"error":"no item","error_type":"UnknownItem"}'
    assert type(_raise_from(old)) is core.UnknownItem
    older = b'{"ok":false,"value":null,"error":"x","error_type":"LLMOutputError"}'
    assert type(_raise_from(older)) is core.LLMError
    assert wire.reply_error_class({"ok": False, "error_type": "InternalError"}) is None
