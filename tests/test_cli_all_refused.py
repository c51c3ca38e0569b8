"""``gulfstream ingest`` of a file in which every turn is refused: the error says nothing in the file is valid and
names the first bad lines, suggests ``--partial`` only when it would store something, and leaves the store as
it was (or uncreated)."""

from __future__ import annotations

import json
from pathlib import Path

from test_cli import gs, line


def _all_bad(tmp_path: Path) -> Path:
    src = tmp_path / "bad.jsonl"
    src.write_text("\n".join([json.dumps({"text": "I live in Lisbon."}), "{oops", "[1, 2]",
                              json.dumps({"text": "我住在北京", "timestamp": "2099-01-01T00:00:00Z"})]) + "\n",
                   encoding="utf-8")
    return src


def test_a_file_with_no_valid_turn_says_so_and_names_the_first_errors(tmp_path: Path) -> None:
    db, src = tmp_path / "new.sqlite3", _all_bad(tmp_path)
    for extra in ((), ("--partial",)):
        result = gs("ingest", "--user", "ann", str(src), *extra, db=db)
        assert result.returncode == 1, result.stderr
        error = [ln for ln in result.stderr.splitlines() if ln.startswith("error: ")]
        assert len(error) == 1 and f"nothing in {src} is a valid turn (4 bad line(s)" in error[0], result.stderr
        assert "line 1: missing field 'timestamp'" in error[0] and "line 2: invalid JSON" in error[0]
        assert "and 1 more" in error[0] and "nothing stored" in error[0]
        assert "--partial" not in result.stderr  # it would store 0 turns
        assert f"{src}:4: timestamp" in result.stderr  # every bad line still named on its own line
        assert not db.exists()  # a store that did not exist is not created


def test_a_stored_memory_is_untouched_by_an_all_bad_file(tmp_path: Path) -> None:
    db = tmp_path / "cli.sqlite3"
    good = tmp_path / "good.jsonl"
    good.write_text(line("a", "I live in Lisbon.", 1) + "\n", encoding="utf-8")
    assert gs("ingest", "--user", "ann", str(good), db=db).returncode == 0
    before = gs("memories", "--user", "ann", db=db).stdout
    refused = gs("ingest", "--user", "ann", str(_all_bad(tmp_path)), "--partial", db=db)
    assert refused.returncode == 1 and "is a valid turn" in refused.stderr
    assert gs("memories", "--user", "ann", db=db).stdout == before


def test_partial_is_suggested_when_it_would_store_some_turns(tmp_path: Path) -> None:
    db, src = tmp_path / "cli.sqlite3", tmp_path / "mixed.jsonl"
    src.write_text("\n".join([line("a", "我喜欢吃火锅", 1), "{oops"]) + "\n", encoding="utf-8")
    result = gs("ingest", "--user", "ann", str(src), db=db)
    assert result.returncode == 1
    assert "1 bad line(s)" in result.stderr and "use --partial to store the 1 valid turn(s)" in result.stderr


def test_a_long_reason_in_the_summary_is_cut_at_a_word(tmp_path: Path) -> None:
    """New-user trial 40, F9: the bidi refusal read "...direction overrides, em);" in the file's summary line."""
    src = tmp_path / "bidi.jsonl"
    src.write_text(json.dumps({"text": "I live in \u202eOslo\u202c.", "timestamp": "2025-01-01T00:00:00Z",
                               "speaker": "A\u202eB"}) + "\n", encoding="utf-8")
    result = gs("ingest", "--user", "ann", str(src), db=tmp_path / "new.sqlite3")
    [error] = [ln for ln in result.stderr.splitlines() if ln.startswith("error: ")]
    first = error.split("first: ", 1)[1].split("); nothing stored", 1)[0]
    [whole] = [ln.split(": ", 1)[1] for ln in result.stderr.splitlines() if ln.startswith(f"{src}:1: ")]
    assert first.startswith("line 1: ") and first.endswith("…") and "U+2066-U+2069" in whole, result.stderr
    cut = first[len("line 1: "):-1]
    assert whole.startswith(cut) and whole[len(cut)] in " ,;:(", (cut, whole)  # ends where a word ends
