"""Open a store from a URL or a path.

Backends are imported on demand, so a YAML-only setup never loads SQLAlchemy.
"""

from __future__ import annotations

import os

from memory_core.errors import StoreError
from memory_core.store.base import MemoryStore

__all__ = ["empty_store", "items_only_store", "missing_store", "open_store", "private_folders", "private_sqlite_file"]

_SQLITE_SUFFIXES = (".db", ".sqlite", ".sqlite3")


def private_folders(folder: str | os.PathLike[str]) -> None:
    """Create ``folder`` and every parent it lacks with mode 0700 (``os.makedirs`` gives the parents the
    umask's mode, 0755 as a rule). Folders that exist keep their mode.

    Raises:
        OSError: a folder cannot be created.
    """
    missing: list[str] = []
    path = os.path.abspath(folder)
    while not os.path.isdir(path):
        missing.append(path)
        parent = os.path.dirname(path)
        if parent == path:
            break
        path = parent
    for path in reversed(missing):
        try:
            os.mkdir(path, 0o700)
        except FileExistsError:  # made meanwhile by another process: it keeps its mode
            if not os.path.isdir(path):
                raise


def private_sqlite_file(database: str | None) -> None:
    """Create the SQLite file ``database`` (a path; None or ":memory:" for none) owner-only before SQLite
    opens it: each folder it lacks with mode 0700 (``private_folders``), the file with 0600 (SQLite gives
    its journal files the file's mode). An existing file or folder keeps its mode. The store holds what
    users said, secrets included (seed 001 §8.24); on a shared machine no other account may read it.

    Raises:
        StoreError: the folder or file cannot be created.
    """
    if not database or database == ":memory:" or database.startswith("file:") or os.path.exists(database):
        return
    try:
        folder = os.path.dirname(os.path.abspath(database))
        private_folders(folder)
        os.close(os.open(database, os.O_CREAT | os.O_WRONLY, 0o600))
    except OSError as exc:
        raise StoreError(f"cannot create the SQLite file {database!r}: {exc}") from exc


def missing_store(url_or_path: str | os.PathLike[str]) -> str | None:
    """Return the path of the SQLite file or YAML folder ``url_or_path`` names when it does not exist, else
    None (it exists, or it cannot be told without connecting: PostgreSQL, an in-memory or ``file:`` SQLite).

    Read commands ask this before opening, since ``open_store`` creates a missing store: a mistyped
    ``--db`` must be an error there, not a new empty store.
    """
    path = _store_path(url_or_path)
    return None if path is None or os.path.exists(path) else os.path.abspath(path)


def items_only_store(url_or_path: str | os.PathLike[str]) -> bool:
    """True when ``url_or_path`` names a YAML store (``yaml://…``, or the path of an existing folder), which holds
    memory items only and no turns: a command that stores turns refuses it before opening it, so a refused
    command creates no folder (``open_store`` creates a missing one)."""
    target = os.fspath(url_or_path)
    return target.startswith("yaml://") or ("://" not in target and os.path.isdir(target))


def empty_store(url_or_path: str | os.PathLike[str]) -> str | None:
    """Return the absolute path of the SQLite file ``url_or_path`` names when it exists and holds 0 bytes, else
    None. SQLite takes an empty file for a new database, so opening it would make it a store: a read command
    asks this first and refuses it, leaving the file as it is (a write command may initialise it)."""
    path = _store_path(url_or_path)
    if path is None or os.path.isdir(path):
        return None
    try:
        return os.path.abspath(path) if os.path.getsize(path) == 0 else None
    except OSError:
        return None


def _store_path(url_or_path: str | os.PathLike[str]) -> str | None:
    """The file or folder path a SQLite or YAML store URL (or bare path) names; None when it names none
    (PostgreSQL, an in-memory or ``file:`` SQLite, an unparsable URL: ``open_store`` names it)."""
    target = os.fspath(url_or_path)
    if target.startswith("sqlite:"):
        from sqlalchemy.engine import make_url
        from sqlalchemy.exc import ArgumentError

        try:
            database = make_url(target).database
        except ArgumentError:
            return None
        if not database or database == ":memory:" or database.startswith("file:"):
            return None
        return database
    if target.startswith("yaml://"):
        return target[len("yaml://"):] or "."
    if "://" in target:
        return None
    return target


def open_store(url_or_path: str | os.PathLike[str], *, busy_timeout_s: float = 10.0) -> MemoryStore:
    """Open the store named by ``url_or_path``.

    ``busy_timeout_s``: SQLite only: how long a write waits for another process's write lock, in
    seconds (``Settings.sqlite_busy_timeout_s``), before ``StoreLocked``.

    - ``sqlite:///path.db``, ``postgresql+psycopg://...``: a ``SqlStore``,
      migrated to the newest schema;
    - ``yaml:///dir`` (created when missing) or the path of an existing
      directory: a ``YamlStore``;
    - a path ending in ``.db``, ``.sqlite`` or ``.sqlite3``: a SQLite ``SqlStore``.

    Raises:
        StoreError: an unknown scheme, a bare path that is neither an existing
            directory nor a SQLite file name (a typo must not become a new empty
            store), PostgreSQL without psycopg installed, or the store could not be opened.
        StoreDamaged: a SQLite file that is damaged or not a database (left unchanged).
        StoreLocked: another process held the SQLite file's write lock for ``busy_timeout_s``.
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

        return SqlStore(target, migrate=True, busy_timeout_s=busy_timeout_s)
    if target.startswith("yaml://"):
        from memory_core.store.yaml_store import YamlStore

        return YamlStore(target[len("yaml://"):] or ".")
    if "://" in target:
        raise StoreError(f"unknown store URL {target!r}: use sqlite:///, postgresql+psycopg:// or yaml:///")
    if target.endswith(_SQLITE_SUFFIXES):
        from memory_core.store.sql import SqlStore

        return SqlStore(f"sqlite:///{os.path.abspath(target)}", migrate=True, busy_timeout_s=busy_timeout_s)
    if not os.path.isdir(target):
        raise StoreError(f"no store at {target!r}: a bare path names an existing YAML folder or a SQLite file "
                         f"(.db, .sqlite, .sqlite3); use yaml://{os.path.abspath(target)} to start a new YAML "
                         f"folder or sqlite:///{target} for SQLite")
    from memory_core.store.yaml_store import YamlStore

    return YamlStore(target)
