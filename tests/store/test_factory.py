"""open_store, and the SQL store's schema check."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from memory_core.errors import StoreError
from memory_core.store.factory import missing_store, open_store
from memory_core.store.sql import SqlStore
from memory_core.store.yaml_store import YamlStore


def test_open_store(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="no store at"):  # a typo must not become a new empty store
        open_store(tmp_path / "dir")
    assert not (tmp_path / "dir").exists()
    (tmp_path / "dir").mkdir()
    assert isinstance(open_store(tmp_path / "dir"), YamlStore)
    assert isinstance(open_store(f"yaml://{tmp_path / 'y'}"), YamlStore)
    sql = open_store(f"sqlite:///{tmp_path / 'm.db'}")
    assert isinstance(sql, SqlStore) and sql.self_check().status == "OK"
    sql.close()
    lite = open_store(str(tmp_path / "other.sqlite"))
    assert isinstance(lite, SqlStore)
    lite.close()
    with pytest.raises(StoreError):
        open_store("redis://localhost")


def test_sql_store_without_migrations_reports_schema(tmp_path: Path) -> None:
    store = SqlStore(f"sqlite:///{tmp_path / 'empty.db'}")
    report = store.self_check()
    assert report.status == "FAIL" and "migrations" in report.issues[0]
    store.close()


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("url", ["sqlite:///{}/a/b/c/s.db", "yaml://{}/a/b/c", "{}/a/b/c/s.sqlite3"])
def test_every_folder_a_new_store_creates_is_owner_only(tmp_path: Path, url: str) -> None:
    old = os.umask(0o022)  # the usual umask, which gave the parents os.makedirs made 0755
    try:
        store = open_store(url.format(tmp_path))
    finally:
        os.umask(old)
    store.close()
    assert [_mode(tmp_path / p) for p in ("a", "a/b", "a/b/c")] == [0o700] * 3
    for db in (tmp_path / "a/b/c").glob("s.*"):
        assert db.name.endswith(".lock") or _mode(db) == 0o600  # the migration lock file is no store


def test_an_existing_folder_keeps_its_mode(tmp_path: Path) -> None:
    (tmp_path / "shared").mkdir(mode=0o755)
    os.chmod(tmp_path / "shared", 0o755)
    open_store(f"sqlite:///{tmp_path}/shared/new/s.db").close()
    assert (_mode(tmp_path / "shared"), _mode(tmp_path / "shared/new")) == (0o755, 0o700)


def test_missing_store_names_the_path_a_read_would_create(tmp_path: Path) -> None:
    assert missing_store(f"sqlite:///{tmp_path}/no/x.db") == str(tmp_path / "no/x.db")
    assert missing_store(f"yaml://{tmp_path}/nofolder") == str(tmp_path / "nofolder")
    assert missing_store(str(tmp_path / "x.sqlite3")) == str(tmp_path / "x.sqlite3")
    assert not (tmp_path / "no").exists()
    open_store(f"sqlite:///{tmp_path}/x.db").close()
    assert missing_store(f"sqlite:///{tmp_path}/x.db") is None
    assert missing_store(f"yaml://{tmp_path}") is None
    for cannot_tell in ("sqlite://", "sqlite:///:memory:", "postgresql+psycopg://u@h/db"):
        assert missing_store(cannot_tell) is None
