"""A damaged, locked or empty SQLite store file: a clear error naming the path and the fix, the file unchanged."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterable
from pathlib import Path

import pytest
from sqlalchemy import text

from memory_core.errors import StoreDamaged, StoreLocked
from memory_core.ingest_io import turn_from_mapping
from memory_core.service import Memory, open_memory
from memory_core.settings import load_settings
from memory_core.store.factory import empty_store, missing_store, open_store
from memory_core.store.sql import SqlStore

PAGE = 4096


def filled_store(path: Path, turns: int = 40) -> None:
    """A real store at ``path`` holding ``turns`` turns of user ann and their items."""
    store = open_store(path)
    memory = Memory(store)
    memory.ingest([turn_from_mapping({"turn_id": f"t{n}", "text": f"I like thing number {n} a lot. " + "x" * 300,
                                      "timestamp": f"2026-01-05T09:{n % 60:02d}:00Z"}, "ann") for n in range(turns)])
    store.close()


def damage_pages(path: Path, pages: Iterable[int]) -> bytes:
    """Overwrite the 0-based ``pages`` of ``path`` with junk (as a failing disk would); return the new bytes."""
    data = bytearray(path.read_bytes())
    for page in pages:
        data[page * PAGE:(page + 1) * PAGE] = b"X" * PAGE
    path.write_bytes(bytes(data))
    return bytes(data)


def test_a_file_that_is_not_a_database_is_refused_by_name_and_left_unchanged(tmp_path: Path) -> None:
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"garbage" * 5000)
    with pytest.raises(StoreDamaged) as caught:
        open_store(bad)
    message = str(caught.value)
    assert f"{bad} is not a readable Gulfstream store" in message
    assert "file is not a database" in message
    assert "restore it from a backup" in message.lower()
    assert "gulfstream export --reveal" in message and "gulfstream import FILE" in message
    assert bad.read_bytes() == b"garbage" * 5000
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.sqlite3"]  # no lock, journal or WAL file left


def test_a_store_damaged_in_the_middle_is_refused_when_opened_and_left_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite3"
    filled_store(path)
    damaged = damage_pages(path, range(1, path.stat().st_size // PAGE))  # every page but the first
    with pytest.raises(StoreDamaged, match="database disk image is malformed") as caught:
        open_store(path)
    assert f"{path} is not a readable Gulfstream store" in str(caught.value)
    assert path.read_bytes() == damaged


def test_a_damaged_table_is_refused_on_read_counted_logged_and_left_unchanged(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "store.sqlite3"
    filled_store(path)
    with sqlite3.connect(path) as conn:
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'memories'").fetchone()[0]
    conn.close()
    damaged = damage_pages(path, [root - 1])  # the items table only: the migration still reads its version
    caplog.set_level(logging.INFO, logger="memory_core.store.sql")
    store = SqlStore(f"sqlite:///{path}", migrate=True)
    try:
        with pytest.raises(StoreDamaged, match="database disk image is malformed") as caught:
            store.list_items("ann")
        assert str(path) in str(caught.value) and "gulfstream import FILE" in str(caught.value)
        assert store.faults == {"damaged": 1}
        assert any("damaged" in r.getMessage() and str(path) in r.getMessage() for r in caplog.records)
    finally:
        store.close()
    assert path.read_bytes() == damaged


def test_a_write_behind_another_process_lock_says_so_and_stores_nothing(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "store.sqlite3"
    filled_store(path, turns=2)
    store = SqlStore(f"sqlite:///{path}", migrate=True, busy_timeout_s=0.2)
    memory = Memory(store)
    before = len(store.list_items("ann"))
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    caplog.set_level(logging.INFO, logger="memory_core.store.sql")
    try:
        with pytest.raises(StoreLocked) as caught:
            memory.ingest([turn_from_mapping({"turn_id": "new", "text": "I live in Porto",
                                              "timestamp": "2026-01-06T09:00:00Z"}, "ann")])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    message = str(caught.value)
    assert f"another process holds a write lock on {path}" in message
    assert "busy timeout of 0.2 s (GULFSTREAM_SQLITE_BUSY_TIMEOUT_S)" in message
    assert "nothing was changed" in message and "Retry, or stop the other writer" in message
    assert store.faults == {"locked": 1}
    assert any("locked" in r.getMessage() for r in caplog.records)
    assert len(store.list_items("ann")) == before
    assert [t.turn_id for t in store.list_turns("ann")] == ["t0", "t1"]
    store.close()


def test_the_busy_timeout_setting_reaches_sqlite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GULFSTREAM_SQLITE_BUSY_TIMEOUT_S", "1.5")
    settings = load_settings(database_url=f"sqlite:///{tmp_path / 'store.sqlite3'}", embedder="none")
    assert settings.sqlite_busy_timeout_s == 1.5
    memory = open_memory(settings)
    try:
        store = memory.store
        assert isinstance(store, SqlStore)
        with store.engine.connect() as conn:
            assert conn.execute(text("PRAGMA busy_timeout")).scalar() == 1500  # milliseconds
    finally:
        memory.close()


def test_empty_store_names_only_an_existing_empty_sqlite_file(tmp_path: Path) -> None:
    zero = tmp_path / "zero.sqlite3"
    zero.write_bytes(b"")
    assert empty_store(zero) == str(zero)
    assert empty_store(f"sqlite:///{zero}") == str(zero)
    assert missing_store(zero) is None
    assert empty_store(tmp_path / "absent.sqlite3") is None
    assert empty_store(f"yaml://{tmp_path}") is None
    assert empty_store("postgresql+psycopg://u@localhost/db") is None
    filled = tmp_path / "filled.sqlite3"
    filled_store(filled, turns=1)
    assert empty_store(filled) is None
    assert zero.stat().st_size == 0


def test_check_reads_the_whole_file_and_repairs_nothing_in_a_damaged_one(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite3"
    filled_store(path)
    with sqlite3.connect(path) as conn:  # an index no item read walks: only a whole-file check sees it
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE type = 'index' AND tbl_name = 'turns' "
                            "AND rootpage > 1 ORDER BY rootpage DESC").fetchone()[0]
    conn.close()
    damaged = damage_pages(path, [root - 1])
    store = SqlStore(f"sqlite:///{path}", migrate=True)
    try:
        with pytest.raises(StoreDamaged) as caught:
            store.self_check(repair=True)
        assert f"{path} is not a readable Gulfstream store" in str(caught.value)
        assert store.faults == {"damaged": 1}
    finally:
        store.close()
    assert path.read_bytes() == damaged
