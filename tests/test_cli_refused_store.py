"""A refused command creates nothing; a database that cannot be reached is said so (trial 41, findings 12, 13)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from memory_core.errors import StoreError
from memory_core.store.factory import items_only_store
from memory_core.store.migrate import upgrade


def gs(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "memory_core", *args], capture_output=True, text=True, timeout=120)


def test_ingest_into_a_yaml_store_creates_no_folder(tmp_path: Path) -> None:
    src = tmp_path / "t.jsonl"
    src.write_text(json.dumps({"turn_id": "a", "text": "我住在里斯本", "timestamp": "2026-01-01T00:00:00Z"}) + "\n",
                   encoding="utf-8")
    folder = tmp_path / "nested" / "newdir"
    refused = gs("ingest", "--user", "ann", str(src), "--db", f"yaml://{folder}")
    assert refused.returncode == 2 and "holds memory items only" in refused.stderr
    assert not folder.exists() and not folder.parent.exists()
    shown = gs("memories", "--user", "ann", "--db", f"yaml://{folder}")
    assert shown.returncode == 2 and "no store" in shown.stderr


def test_items_only_store_names_yaml_urls_and_folders(tmp_path: Path) -> None:
    assert items_only_store(f"yaml://{tmp_path / 'x'}") and items_only_store(str(tmp_path))
    assert not items_only_store(f"sqlite:///{tmp_path / 'x.sqlite3'}") and not items_only_store(str(tmp_path / "x.db"))


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_an_unreachable_database_is_said_so_not_a_migration() -> None:
    pytest.importorskip("psycopg")
    url = f"postgresql+psycopg://gulfstream:x@127.0.0.1:{_closed_port()}/gulfstream?connect_timeout=2"
    with pytest.raises(StoreError, match="could not connect to the database") as raised:
        upgrade(url)
    assert "migrate" not in str(raised.value)
    read = gs("memories", "--user", "ann", "--db", url)
    assert read.returncode == 2 and "could not connect" in read.stderr and "migrate" not in read.stderr
