"""An ingest that gives up behind another process's write lock says what it left stored (trial 37, finding 10).

It said "nothing was changed" after recording and applying its first batch, and when the other process had
recorded its turns. Another process takes the SQLite write lock (``BEGIN IMMEDIATE``) at a chosen point of the
ingest; the ingest waits out a short busy timeout and stops.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memory_core.ingest_stopped import FileTurns, stopped_outcome
from memory_core.service import Memory

_LOCKER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.read()
conn.execute("ROLLBACK")
"""


@contextmanager
def _write_lock(path: Path) -> Iterator[None]:
    """Another process holds the write lock on the SQLite file ``path`` while the block runs."""
    locker = subprocess.Popen([sys.executable, "-c", _LOCKER, str(path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert locker.stdout is not None and locker.stdout.readline().strip() == "locked"
        yield
    finally:
        locker.communicate("", timeout=60)


def _file(tmp_path: Path, n: int = 30) -> Path:
    path = tmp_path / "t.jsonl"
    path.write_text("".join(json.dumps({"turn_id": f"t{i}", "text": f"Nice weather today ({i}).",
                                        "timestamp": 1772359200 + 3600 * i}) + "\n" for i in range(n)),
                    encoding="utf-8")
    return path


def _run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, second_call: object) -> tuple[str, str]:
    """Ingest the 30-turn file (batches of 25 and 5) with ``Memory.<name>`` replaced for its second call."""
    from memory_core.cli import app

    real = getattr(Memory, name)
    calls = {"n": 0}

    def wrapped(self: Memory, *args: object, **kwargs: object) -> object:
        calls["n"] += 1
        if calls["n"] == 2:
            return second_call(real, self, *args, **kwargs)  # type: ignore[operator]
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Memory, name, wrapped)
    monkeypatch.setenv("GULFSTREAM_EMBEDDER", "none")
    monkeypatch.setenv("GULFSTREAM_SQLITE_BUSY_TIMEOUT_S", "0.5")
    done = CliRunner().invoke(app, ["ingest", "--user", "ann", str(_file(tmp_path)), "--db",
                                    f"sqlite:///{tmp_path}/m.db"])
    assert done.exit_code == 1 and done.exception is not None, done.stdout  # CliRunner: the error, raised
    return done.stdout, str(done.exception)


def test_a_stop_before_its_second_batch_is_recorded_says_what_the_first_left(tmp_path: Path, monkeypatch) -> None:
    def locked(real, self, *args, **kwargs):
        with _write_lock(tmp_path / "m.db"):
            return real(self, *args, **kwargs)

    out, error = _run(tmp_path, monkeypatch, "ingest", locked)
    assert "another process holds a write lock" in error and "nothing was changed" not in error, error
    assert "this run recorded 25 turn(s) and applied 25 before it stopped" in error, error
    assert "of the 30 turn(s) in" in error and "25 are recorded and 25 applied" in error, error
    assert "5 are not recorded: ingest" in error, error
    assert "recorded 25 turn(s), 0 already seen" in out, out  # the summary of what it did is printed


def test_a_stop_after_recording_says_the_turns_wait_to_be_applied(tmp_path: Path, monkeypatch) -> None:
    def locked(real, self, *args, **kwargs):
        with _write_lock(tmp_path / "m.db"):
            return real(self, *args, **kwargs)

    out, error = _run(tmp_path, monkeypatch, "apply_pending", locked)
    assert "this run recorded 30 turn(s) and applied 25 before it stopped" in error, error
    assert "30 are recorded and 25 applied; the 5 recorded and not applied are applied by the next ingest" in error
    assert "not recorded" not in error, error
    assert "recorded 30 turn(s), 0 already seen" in out, out


def test_turns_the_other_process_recorded_are_said_to_be_its(tmp_path: Path, monkeypatch) -> None:
    from memory_core.ingest_io import read_turn_file
    from memory_core.service import open_memory
    from memory_core.settings import Settings

    def other_records_then_locks(real, self, turns, *args, **kwargs):
        other = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.db", embedder="none"))
        try:
            other.record_turns(read_turn_file(tmp_path / "t.jsonl", "ann").turns)
        finally:
            other.close()
        with _write_lock(tmp_path / "m.db"):
            return real(self, turns, *args, **kwargs)

    _, error = _run(tmp_path, monkeypatch, "ingest", other_records_then_locks)
    assert "this run recorded 25 turn(s) and applied 25" in error, error
    assert "30 are recorded (5 by another process meanwhile) and 25 applied" in error, error


def test_the_outcome_of_a_run_that_did_nothing() -> None:
    said = stopped_outcome("t.jsonl", FileTurns(total=212, before=0, recorded_here=0, applied_here=0,
                                                  recorded_now=212, applied_now=40))
    assert said.startswith("this run changed nothing; of the 212 turn(s) in t.jsonl, 212 are recorded (212 by "
                           "another process meanwhile) and 40 applied; the 172 recorded and not applied"), said
    again = stopped_outcome("t.jsonl", FileTurns(3, 3, 0, 0, 3, 3))  # a file stored whole before: nothing to say
    assert again == "this run changed nothing; of the 3 turn(s) in t.jsonl, 3 are recorded and 3 applied"
