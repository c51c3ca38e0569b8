"""Stored text printed by the CLI is shown as written: an ANSI escape in a turn does not reach the terminal, and
brackets ("[red]", a masked value's "[health]") are not read as Rich markup."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


def gs(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "memory_core", *args, "--db", f"sqlite:///{db}"],
                          capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "COLUMNS": "250", "HOME": str(db.parent)})


CASES = [("en", "I love [red]tulips[/red] \x1b[31mand roses\x1b[0m, and I'm allergic to penicillin.",
          "what flowers do I love?"),
         ("zh", "我喜欢[red]郁金香[/red]\x1b[31m和玫瑰\x1b[0m。我对花生过敏。", "我喜欢什么花？")]


@pytest.mark.parametrize(("lang", "text", "query"), CASES)
def test_listings_and_recall_show_stored_text_as_written(tmp_path: Path, lang: str, text: str, query: str) -> None:
    db = tmp_path / "m.db"
    src = tmp_path / "turns.jsonl"
    src.write_text(json.dumps({"turn_id": "t1", "text": text, "timestamp": "2026-01-05T09:00:00Z"},
                              ensure_ascii=False) + "\n")
    assert gs(db, "ingest", "--user", "ann", str(src)).returncode == 0
    for args in (("memories", "--user", "ann", "--turns"), ("recall", "--user", "ann", query)):
        out = gs(db, *args)
        assert out.returncode == 0, out.stderr
        assert "\x1b" not in out.stdout and "\\x1b[31m" in out.stdout, out.stdout
        assert "[red]" in out.stdout and "[/red]" in out.stdout
        if args[0] == "memories":  # the allergy, masked: its placeholder printed, not taken for a style
            assert "[health]" in out.stdout, out.stdout


def test_recall_json_escapes_del_and_c1_controls_and_stays_json(tmp_path: Path) -> None:
    """``json.dumps`` escapes only C0 controls; a C1 CSI (U+009B) or DEL reached the terminal raw."""
    db = tmp_path / "m.db"
    for user, text, query, held in (
            ("ann", "I live in Lisbon \x9b2J\x7f and I love tea", "where do I live? Lisbon", "Lisbon \x9b2J"),
            ("bo", "我住在杭州\x1b]0;x\x07\x85", "我住在哪里？杭州", "杭州\x1b")):
        src = tmp_path / f"{user}.jsonl"
        src.write_text(json.dumps({"turn_id": "t1", "text": text, "timestamp": "2026-01-05T09:00:00Z"},
                                  ensure_ascii=False) + "\n")
        assert gs(db, "ingest", "--user", user, str(src)).returncode == 0
        out = gs(db, "recall", "--user", user, query, "--json")
        assert out.returncode == 0, out.stderr
        assert not any(("\x00" <= c < " " and c != "\n") or "\x7f" <= c <= "\x9f" for c in out.stdout), out.stdout
        answer = json.loads(out.stdout)  # still JSON, and the stored text comes back as written
        assert any(held in r["description"] for r in answer["results"]), answer
        assert "杭州" in out.stdout or "Lisbon" in out.stdout  # CJK printed as written, not \u escapes


def test_stored_json_prints_cjk_as_written_and_every_control_escaped() -> None:
    from memory_core.cli_output import console, stored_json

    # rich's own capture: setting ``console.file`` back to what it read would pin the console to this test's stdout
    # for every later command run in the same process
    with console.capture() as captured:
        stored_json({"description": "用户住在杭州 \x1b[31m \x9b2J \x7f"})
    printed = captured.get()
    assert "\\u001b" in printed and "\\u009b" in printed and "\\u007f" in printed and "用户住在杭州" in printed
    assert json.loads(printed) == {"description": "用户住在杭州 \x1b[31m \x9b2J \x7f"}
