"""The CLI on a store file it cannot use: damaged, locked by another process, or empty. One error line naming the
path and the fix, exit 2, and the file exactly as it was."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from memory_core.ingest_io import turn_from_mapping
from memory_core.service import Memory
from memory_core.store.factory import open_store


def gs(*args: str, db: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "memory_core", *args, "--db", str(db)], capture_output=True,
                          text=True, timeout=120, env={"PATH": "/usr/bin:/bin", "COLUMNS": "80",
                                                       "HOME": str(db.parent), "GULFSTREAM_EMBEDDER": "none", **env})


def stored_rows(db: Path) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    """Every memory item's and turn's row of ``db``."""
    conn = sqlite3.connect(db)
    try:
        return (conn.execute("SELECT * FROM memories ORDER BY id").fetchall(),
                conn.execute("SELECT * FROM turns ORDER BY user_id, seq").fetchall())
    finally:
        conn.close()


def one_error(result: subprocess.CompletedProcess[str]) -> str:
    """The single ``error: …`` line of a failed run (exit 2, nothing on stdout)."""
    assert result.returncode == 2, result
    assert result.stdout == "", result
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


@pytest.mark.parametrize("command", [["memories", "--user", "ann"], ["check"]])
def test_a_read_of_a_file_that_is_no_store_names_it_and_the_fix(tmp_path: Path, command: list[str]) -> None:
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"garbage" * 5000)
    error = one_error(gs(*command, db=bad))
    assert f"{bad} is not a readable Gulfstream store" in error and "damaged" in error
    assert "Restore it from a backup" in error
    assert "gulfstream export --reveal" in error and "gulfstream import FILE" in error
    assert "could not migrate" not in error
    assert bad.read_bytes() == b"garbage" * 5000


def test_an_add_behind_another_process_write_lock_names_the_cause_and_stores_nothing(tmp_path: Path) -> None:
    db = tmp_path / "store.sqlite3"
    store = open_store(db)
    Memory(store).ingest([turn_from_mapping({"turn_id": "t1", "text": "I live in Lisbon",
                                             "timestamp": "2026-01-05T09:00:00Z"}, "ann")])
    store.close()
    before = stored_rows(db)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another writer, e.g. a second gulfstream or a sqlite3 shell
    try:
        result = gs("add", "--user", "ann", "I moved to Porto", db=db, GULFSTREAM_SQLITE_BUSY_TIMEOUT_S="0.5")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    error = one_error(result)
    assert f"another process holds a write lock on {db}" in error
    assert "busy timeout of 0.5 s (GULFSTREAM_SQLITE_BUSY_TIMEOUT_S)" in error
    assert error.startswith(f"error: gulfstream add: another process holds a write lock on {db}")
    assert "nothing was changed" in error and "Retry, or stop the other writer" in error
    assert "BEGIN IMMEDIATE" not in error
    assert stored_rows(db) == before


def _holding_the_write_lock(db: Path) -> subprocess.Popen[str]:
    """A second process (a sqlite3 client, as another writer would be) holding ``db``'s write lock until killed."""
    holder = subprocess.Popen([sys.executable, "-c", "import sqlite3, sys, time\n"
                               "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
                               "c.execute('BEGIN EXCLUSIVE')\nprint('held', flush=True)\ntime.sleep(300)", str(db)],
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    return holder


def test_check_behind_another_process_write_lock_says_what_check_left_undone(tmp_path: Path) -> None:
    db = tmp_path / "store.sqlite3"
    store = open_store(db)
    Memory(store).ingest([turn_from_mapping({"turn_id": "t1", "text": "I live in Lisbon",
                                             "timestamp": "2026-01-05T09:00:00Z"}, "ann")])
    store.close()
    before = stored_rows(db)
    holder = _holding_the_write_lock(db)
    try:
        result = gs("check", db=db, GULFSTREAM_SQLITE_BUSY_TIMEOUT_S="1")
    finally:
        holder.kill()
        holder.wait()
    error = one_error(result)
    assert error.startswith(f"error: gulfstream check: another process holds a write lock on {db}")
    assert "busy timeout of 1 s (GULFSTREAM_SQLITE_BUSY_TIMEOUT_S)" in error
    assert "the check stopped before repairing anything; nothing was changed" in error
    assert "nothing was stored" not in error  # check stores nothing: it repairs
    assert stored_rows(db) == before


def test_the_cli_loads_no_chinese_dictionary_before_its_command_runs() -> None:
    """Starting the CLI is paid before a locked store's busy timeout begins: jieba's dictionary (~0.8 s of CPU)
    is loaded when Chinese text is first read, not by importing the CLI."""
    out = subprocess.run([sys.executable, "-c", "import sys, memory_core.cli; print('jieba' in sys.modules)"],
                         capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("command", [["memories", "--user", "ann"], ["check"]])
def test_a_read_of_an_empty_file_refuses_and_leaves_it_empty(tmp_path: Path, command: list[str]) -> None:
    zero = tmp_path / "zero.sqlite3"
    zero.write_bytes(b"")
    error = one_error(gs(*command, db=zero))
    assert f"{zero} is empty (0 bytes): not a Gulfstream store" in error
    assert "add or ingest something" in error
    assert zero.stat().st_size == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["zero.sqlite3"]


def test_a_write_command_makes_an_empty_file_a_store(tmp_path: Path) -> None:
    zero = tmp_path / "zero.sqlite3"
    zero.write_bytes(b"")
    assert gs("add", "--user", "ann", "I live in Lisbon", db=zero).returncode == 0
    listed = gs("memories", "--user", "ann", db=zero)
    assert listed.returncode == 0 and "I live in Lisbon" in listed.stdout, listed
