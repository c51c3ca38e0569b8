"""The shapes ``add`` takes: a text, one message mapping (as Mem0's add), a list of messages (EN and ZH)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.errors import InvalidInput
from memory_core.mem0_compat import Memory


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[EmbeddedMemory]:
    m = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m.db")
    yield m
    m.close()


@pytest.mark.parametrize("text", ["I live in Lisbon.", "我住在杭州。"])
def test_one_message_mapping_is_one_message(mem: EmbeddedMemory, text: str) -> None:
    one = mem.add({"role": "user", "content": text, "timestamp": "2026-05-01T09:00:00Z"}, user_id="a")
    listed = mem.add([{"role": "user", "content": text, "timestamp": "2026-05-01T09:00:00Z"}], user_id="b")
    assert [r["description"] for r in one["results"]] == [r["description"] for r in listed["results"]]
    assert one["results"] and len(one["turn_ids"]) == 1
    no_role = mem.add({"content": text, "timestamp": "2026-05-02T09:00:00Z"}, user_id="c")  # role: user
    assert [r["description"] for r in no_role["results"]] == [r["description"] for r in listed["results"]]


@pytest.mark.parametrize(("messages", "words"), [
    ({"role": "user"}, "content"),
    ({"role": "robot", "content": "hi"}, "role"),
    (["hi", "there"], "mapping"),
    ([], "non-empty"),
    (42, "messages"),
])
def test_other_shapes_are_refused_with_what_is_wrong(mem: EmbeddedMemory, messages: object, words: str) -> None:
    with pytest.raises(InvalidInput, match=words):
        mem.add(messages, user_id="d")  # type: ignore[arg-type]
    assert mem.get_all(user_id="d") == []


@pytest.mark.parametrize(("flag", "value"), [("infer", "false"), ("infer", 0), ("wait", "no")])
def test_a_flag_that_is_not_a_bool_is_refused_and_nothing_stored(mem: EmbeddedMemory, flag: str,
                                                                  value: object) -> None:
    """The string "false" is true to Python: taken as given it would curate (and supersede) what was meant raw."""
    with pytest.raises(InvalidInput, match=f"{flag} must be True or False"):
        mem.add("I live in Lisbon.", user_id="f", **{flag: value})  # type: ignore[arg-type]
    assert mem.get_all(user_id="f") == []


def test_the_mem0_shaped_add_refuses_a_string_infer(mem: EmbeddedMemory) -> None:
    with pytest.raises(InvalidInput, match="infer must be True or False"):
        Memory(mem).add("我住在杭州。", user_id="g", infer="false")  # type: ignore[arg-type]
    assert mem.get_all(user_id="g") == []


@pytest.mark.parametrize(("infer", "text"), [(True, "I live in Rome"), (False, "我住在罗马")])
@pytest.mark.parametrize("field", ["timestmp", "tool_call_id", "metadata"])
def test_a_message_field_add_does_not_name_is_refused_as_the_mem0_shape_refuses_it(
        mem: EmbeddedMemory, field: str, infer: bool, text: str) -> None:
    mem.add({"role": "user", "content": "I live in Berlin", "timestamp": "2026-01-01T00:00:00Z"}, user_id="ann")
    before = mem.get_all(user_id="ann", filters={"statuses": []})
    said = [{"role": "user", "content": "fine", "timestamp": "2026-02-01T00:00:00Z"},
            {"role": "user", "content": text, field: "2026-03-01"}]
    with pytest.raises(InvalidInput) as native:  # was: the field dropped, the message dated now, Berlin superseded
        mem.add(said, user_id="ann", infer=infer)
    with pytest.raises(InvalidInput) as mem0:
        Memory(mem).add(said, user_id="ann", infer=infer)
    assert type(native.value) is type(mem0.value)
    assert str(native.value) == str(mem0.value) == (
        f"message 1: unknown field {field!r}; a message takes role, content, timestamp, name, id")
    assert mem.get_all(user_id="ann", filters={"statuses": []}) == before  # nothing of the call stored


def test_a_turn_field_ingest_does_not_name_is_refused(mem: EmbeddedMemory) -> None:
    good = {"user_id": "ann", "turn_id": "t1", "text": "I live in Berlin", "timestamp": "2026-01-01T00:00:00Z"}
    bad = {"user_id": "ann", "turn_id": "t2", "text": "我住在罗马", "timestmp": "2026-03-01T00:00:00Z"}
    with pytest.raises(InvalidInput, match="unknown field 'timestmp'"):
        mem.ingest([good, bad], wait=True)
    assert mem.get_all(user_id="ann") == []  # none of the call handed on
    bad["timestamp"] = bad.pop("timestmp")
    assert mem.ingest([good, bad], wait=True)["accepted"] == 2
