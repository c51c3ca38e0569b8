"""Store fixtures: one fresh store per test, on SQLite, YAML and a real PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from _services import create_database, drop_database
from sqlalchemy.engine import make_url

from memory_core.store.base import MemoryStore
from memory_core.store.migrate import upgrade
from memory_core.store.sql import SqlStore
from memory_core.store.yaml_store import YamlStore

BACKENDS = ["sqlite", "yaml", "postgres"]
SQL_BACKENDS = ["sqlite", "postgres"]


@pytest.fixture(scope="session")
def pg_template(pg_url: str) -> Iterator[str]:
    """Name of a database migrated to head, copied for each test (faster than migrating each)."""
    url = create_database(pg_url, prefix="gs_template")
    upgrade(url)
    yield str(make_url(url).database)
    drop_database(pg_url, url)


@pytest.fixture
def make_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[str], MemoryStore]]:
    """Factory: ``make_store(kind)`` returns a new empty store of that kind, closed after the test."""
    opened: list[tuple[MemoryStore, str | None]] = []
    counter = iter(range(1_000_000))

    def make(kind: str) -> MemoryStore:
        n = next(counter)
        db: str | None = None
        store: MemoryStore
        if kind == "sqlite":
            store = SqlStore(f"sqlite:///{tmp_path / f'store{n}.db'}", migrate=True)
        elif kind == "yaml":
            store = YamlStore(tmp_path / f"yaml{n}", lock_timeout_s=1)
        elif kind == "postgres":
            admin = request.getfixturevalue("pg_url")
            db = create_database(admin, template=request.getfixturevalue("pg_template"))
            store = SqlStore(db)
        else:  # pragma: no cover
            raise ValueError(kind)
        opened.append((store, db))
        return store

    yield make
    for store, db in opened:
        store.close()
        if db is not None:
            drop_database(request.getfixturevalue("pg_url"), db)


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, make_store: Callable[[str], MemoryStore]) -> MemoryStore:
    """A fresh empty store of each backend."""
    return make_store(request.param)


@pytest.fixture(params=SQL_BACKENDS)
def sql_store(request: pytest.FixtureRequest, make_store: Callable[[str], MemoryStore]) -> SqlStore:
    """A fresh empty SqlStore on SQLite and on PostgreSQL."""
    made = make_store(request.param)
    assert isinstance(made, SqlStore)
    return made
