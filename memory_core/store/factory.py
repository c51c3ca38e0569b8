"""Open a store from a URL or a path.

Backends are imported on demand, so a YAML-only setup never loads SQLAlchemy.
"""

from __future__ import annotations

import os

from memory_core.errors import StoreError
from memory_core.store.base import MemoryStore

__all__ = ["open_store"]

_SQLITE_SUFFIXES = (".db", ".sqlite", ".sqlite3")


def open_store(url_or_path: str | os.PathLike[str]) -> MemoryStore:
    """Open the store named by ``url_or_path``.

    - ``sqlite:///path.db``, ``postgresql+psycopg://...``: a ``SqlStore``,
      migrated to the newest schema;
    - ``yaml:///dir`` (created when missing) or the path of an existing
      directory: a ``YamlStore``;
    - a path ending in ``.db``, ``.sqlite`` or ``.sqlite3``: a SQLite ``SqlStore``.

    Raises:
        StoreError: an unknown scheme, a bare path that is neither an existing
            directory nor a SQLite file name (a typo must not become a new empty
            store), PostgreSQL without psycopg installed, or the store could not be opened.
    """
    target = os.fspath(url_or_path)
    if target.startswith("postgresql"):
        try:
            import psycopg  # noqa: F401
        except ImportError:
            raise StoreError("PostgreSQL needs the psycopg driver: pip install -e '.[postgres]' "
                             "(the workers extra includes it)") from None
    if target.startswith(("sqlite:", "postgresql")):
        from memory_core.store.sql import SqlStore

        return SqlStore(target, migrate=True)
    if target.startswith("yaml://"):
        from memory_core.store.yaml_store import YamlStore

        return YamlStore(target[len("yaml://"):] or ".")
    if "://" in target:
        raise StoreError(f"unknown store URL {target!r}: use sqlite:///, postgresql+psycopg:// or yaml:///")
    if target.endswith(_SQLITE_SUFFIXES):
        from memory_core.store.sql import SqlStore

        return SqlStore(f"sqlite:///{os.path.abspath(target)}", migrate=True)
    if not os.path.isdir(target):
        raise StoreError(f"no store at {target!r}: a bare path names an existing YAML folder or a SQLite file "
                         f"(.db, .sqlite, .sqlite3); use yaml://{os.path.abspath(target)} to start a new YAML "
                         f"folder or sqlite:///{target} for SQLite")
    from memory_core.store.yaml_store import YamlStore

    return YamlStore(target)
