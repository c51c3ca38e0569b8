"""Opening a store at the newest revision skips Alembic; one behind it, or a new file, is still migrated."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine

from memory_core.store.migrate import _at_head, _plain_head, current_revision, head_revision, upgrade
from memory_core.store.sql import SqlStore


def test_the_version_files_name_the_same_head_as_alembic() -> None:
    assert _plain_head() == head_revision() is not None


def test_a_store_behind_the_head_is_brought_up_to_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    upgrade(url, "0012")
    engine = create_engine(url)
    try:
        assert not _at_head(engine)
        SqlStore(url, migrate=True).close()
        assert _at_head(engine)
        with engine.connect() as conn:
            assert current_revision(conn) == head_revision()
    finally:
        engine.dispose()


def test_a_new_file_is_migrated(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.db'}"
    engine = create_engine(url)
    try:
        assert not _at_head(engine)  # no alembic_version table yet
        SqlStore(url, migrate=True).close()
        assert _at_head(engine)
    finally:
        engine.dispose()
