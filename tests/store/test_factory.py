"""open_store, and the SQL store's schema check."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_core.errors import StoreError
from memory_core.store.factory import open_store
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
