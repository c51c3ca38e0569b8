"""Reading turn files: JSON Lines and LoCoMo, with every bad line named."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memory_core.errors import InvalidInput
from memory_core.ingest_io import parse_locomo_date, read_jsonl, read_turn_file, turn_from_mapping


def _write(path: Path, lines: list[bytes]) -> Path:
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


def test_good_line_keeps_the_turns_own_time_and_fields() -> None:
    turn = turn_from_mapping({"turn_id": "t1", "session_id": "s1", "role": "user", "speaker": "Ann",
                              "text": "  I live in Lisbon. ", "timestamp": "2024-05-08T13:56:00+02:00"}, "u1")
    assert turn.text == "I live in Lisbon."
    assert turn.timestamp == datetime(2024, 5, 8, 11, 56, tzinfo=UTC)
    assert (turn.user_id, turn.turn_id, turn.session_id, turn.speaker) == ("u1", "t1", "s1", "Ann")


def test_missing_turn_id_is_derived_stably() -> None:
    record = {"text": "你好", "timestamp": 1_700_000_000}
    first, second = turn_from_mapping(record, "u1"), turn_from_mapping(dict(record), "u1")
    assert first.turn_id == second.turn_id
    assert first.turn_id != turn_from_mapping({**record, "text": "再见"}, "u1").turn_id


@pytest.mark.parametrize(("record", "needle"), [
    ({"timestamp": "2024-01-01T00:00:00Z"}, "missing field 'text'"),
    ({"text": "hi"}, "timestamp"),
    ({"text": "   ", "timestamp": "2024-01-01T00:00:00Z"}, "empty"),
    ({"text": "x" * 8001, "timestamp": "2024-01-01T00:00:00Z"}, "limit is 8000"),
    ({"text": 42, "timestamp": "2024-01-01T00:00:00Z"}, "must be a string"),
    ({"text": "hi", "timestamp": "yesterday"}, "ISO-8601"),
    ({"text": "hi", "timestamp": "2024-01-01T00:00:00Z", "role": "robot"}, "role must be one of"),
    ({"text": "hi", "timestamp": "2024-01-01T00:00:00Z", "colour": "red"}, "unknown field"),
    ({"text": "hi", "timestamp": "2024-01-01T00:00:00Z", "user_id": "someone-else"}, "does not match"),
    (["not", "an", "object"], "expected a JSON object"),
])
def test_bad_records_name_the_problem(record: object, needle: str) -> None:
    with pytest.raises(InvalidInput, match=needle):
        turn_from_mapping(record, "u1")


def test_jsonl_reports_each_bad_line_by_number(tmp_path: Path) -> None:
    good = json.dumps({"turn_id": "a", "text": "I like tea", "timestamp": "2024-01-01T00:00:00Z"}).encode()
    path = _write(tmp_path / "turns.jsonl", [
        good,
        b"{not json",
        b"",
        b'{"text": "caf\xe9", "timestamp": "2024-01-01T00:00:00Z"}',  # Latin-1, not UTF-8
        json.dumps({"turn_id": "b", "text": "", "timestamp": "2024-01-01T00:00:00Z"}).encode(),
    ])
    parsed = read_jsonl(path, "u1")
    assert [t.turn_id for t in parsed.turns] == ["a"]
    assert [(e.line, e.reason.split(" ")[0]) for e in parsed.errors] == [
        (2, "invalid"), (4, "line"), (5, "text")]
    assert "UTF-8" in parsed.errors[1].reason


def test_locomo_dates_and_turns(tmp_path: Path) -> None:
    assert parse_locomo_date("1:56 pm on 8 May, 2023") == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    sample = {"sample_id": "conv-x", "qa": [], "conversation": {
        "speaker_a": "Ann", "speaker_b": "Bo",
        "session_1_date_time": "10:00 am on 1 June, 2023",
        "session_1": [{"speaker": "Ann", "dia_id": "D1:1", "text": "Hi Bo"},
                      {"speaker": "Bo", "dia_id": "D1:2", "text": "Look!", "blip_caption": "a red bike"}],
        "session_2_date_time": "not a date",
        "session_2": [{"speaker": "Ann", "dia_id": "D2:1", "text": "lost"}],
    }}
    path = tmp_path / "one.json"
    path.write_text(json.dumps([sample]), encoding="utf-8")
    parsed = read_turn_file(path, "u1")
    assert [t.turn_id for t in parsed.turns] == ["D1:1", "D1:2"]
    assert parsed.turns[1].meta == {"image_caption": "a red bike"}
    assert parsed.turns[0].timestamp < parsed.turns[1].timestamp
    assert len(parsed.errors) == 1 and "session 2" in parsed.errors[0].reason


def test_a_json_file_that_is_not_turns_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"hello": 1}', encoding="utf-8")
    with pytest.raises(InvalidInput, match="not a LoCoMo file"):
        read_turn_file(path, "u1")


@pytest.mark.parametrize("body", [
    '{"conversation": "nope"}',  # a conversation that is no object
    '{"conversation": {"speaker_a": "Ann"}}',  # an object with no session_N turn lists
    '[{"sample_id": "s1", "conversation": []}]',
])
def test_a_conversation_without_sessions_is_refused_not_read_as_empty(tmp_path: Path, body: str) -> None:
    path = tmp_path / "x.json"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(InvalidInput, match=r"not a LoCoMo file.*session_N"):
        read_turn_file(path, "u1")


def test_a_session_that_is_no_list_is_a_record_error(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"conversation": {"session_1": "hi", "session_1_date_time": "1:56 pm on 8 May, 2023"}}',
                    encoding="utf-8")
    parsed = read_turn_file(path, "u1")
    assert not parsed.turns and len(parsed.errors) == 1 and "not a list of turns" in parsed.errors[0].reason


def test_a_session_that_is_no_list_and_has_no_date_is_named_as_no_list(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('[{"sample_id": "x", "conversation": {"session_1": "oops"}}]', encoding="utf-8")
    parsed = read_turn_file(path, "u1")
    assert not parsed.turns and [e.reason for e in parsed.errors] == ["x session 1: not a list of turns"]


def test_nul_characters_are_refused_before_any_store_sees_them() -> None:
    with pytest.raises(InvalidInput, match="NUL"):
        turn_from_mapping({"text": "hi\x00there", "timestamp": "2024-01-01T00:00:00Z"}, "u1")


def test_same_turn_id_with_other_text_in_one_file_is_a_line_error(tmp_path: Path) -> None:
    rec = {"turn_id": "same", "timestamp": "2024-01-01T00:00:00Z"}
    path = _write(tmp_path / "t.jsonl", [b"", json.dumps({**rec, "text": "one"}).encode(),
                                          json.dumps({**rec, "text": "one"}).encode(),
                                          json.dumps({**rec, "text": "two"}).encode()])
    parsed = read_jsonl(path, "u1")
    assert [t.text for t in parsed.turns] == ["one", "one"]
    assert [(e.line, e.reason) for e in parsed.errors] == [(4, "turn_id 'same' repeats line 2 with other text")]


def test_byte_order_mark_and_bad_epochs(tmp_path: Path) -> None:
    path = _write(tmp_path / "bom.jsonl", [b"\xef\xbb\xbf" + json.dumps({"text": "hi", "timestamp": 0}).encode(),
                                            b'{"text": "x", "timestamp": 1e20}',
                                            b'{"text": "x", "timestamp": NaN}'])
    parsed = read_jsonl(path, "u1")
    assert len(parsed.turns) == 1
    assert [e.line for e in parsed.errors] == [2, 3]
    assert all("out of range" in e.reason for e in parsed.errors)


def test_a_jsonl_file_whose_first_line_is_an_array_is_judged_line_by_line(tmp_path: Path) -> None:
    path = tmp_path / "odd.jsonl"
    path.write_text('[1,2]\n{"text": "I live in Porto", "timestamp": "2026-05-01T10:00:00Z"}\n', encoding="utf-8")
    parsed = read_turn_file(path, "u1")
    assert [t.text for t in parsed.turns] == ["I live in Porto"]
    assert [e.line for e in parsed.errors] == [1] and "object" in parsed.errors[0].reason


def test_a_json_file_that_is_no_json_document_is_still_refused(tmp_path: Path) -> None:
    path = tmp_path / "odd.json"
    path.write_text('[1,2]\n{"text": "hi"}\n', encoding="utf-8")
    with pytest.raises(InvalidInput, match="invalid JSON at line 2"):
        read_turn_file(path, "u1")
