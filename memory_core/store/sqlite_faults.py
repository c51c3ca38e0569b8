"""What a SQLite file's own failures mean, in words that name the fix.

SQLite answers a damaged or foreign file with ``database disk image is
malformed`` (SQLITE_CORRUPT) or ``file is not a database`` (SQLITE_NOTADB),
and a write that waited out the busy timeout behind another process's write
lock with ``database is locked`` (SQLITE_BUSY). Raw, those reach a user as a
driver message with SQL attached. ``sqlite_fault`` turns them into
``StoreDamaged`` and ``StoreLocked`` naming the file, the cause and the fix;
every other error is left to the caller's ordinary ``StoreError``.

Neither path changes the file: a damaged store is only read (nothing is
repaired or rewritten), and a locked write is rolled back whole.
"""

from __future__ import annotations

import os
import sqlite3

from sqlalchemy.exc import SQLAlchemyError

from memory_core.errors import StoreDamaged, StoreError, StoreLocked

__all__ = ["BUSY_TIMEOUT_ENV", "damaged_store", "locked_store", "sqlite_fault"]

#: The environment variable of ``Settings.sqlite_busy_timeout_s``, named in the locked-store error.
BUSY_TIMEOUT_ENV = "GULFSTREAM_SQLITE_BUSY_TIMEOUT_S"

_DAMAGED = {"SQLITE_CORRUPT", "SQLITE_NOTADB"}
_BUSY = {"SQLITE_BUSY", "SQLITE_LOCKED"}


def _code_name(exc: BaseException) -> str | None:
    """The SQLite primary result code's name of ``exc`` ("SQLITE_CORRUPT"), or None for a non-SQLite error."""
    orig = getattr(exc, "orig", exc)
    if not isinstance(orig, sqlite3.Error):
        return None
    name = getattr(orig, "sqlite_errorname", None)
    if isinstance(name, str):
        return "_".join(name.split("_")[:2])  # the primary code of an extended one (SQLITE_BUSY_SNAPSHOT)
    message = str(orig)
    if "malformed" in message:
        return "SQLITE_CORRUPT"
    if "not a database" in message:
        return "SQLITE_NOTADB"
    if "database is locked" in message:
        return "SQLITE_BUSY"
    return None


def _where(database: str | None) -> str:
    return os.path.abspath(database) if database and database != ":memory:" else "the SQLite database"


def damaged_store(database: str | None, detail: str) -> StoreDamaged:
    """The ``StoreDamaged`` for the SQLite file ``database`` (a path), ``detail`` being what SQLite said
    ("database disk image is malformed", or ``PRAGMA quick_check``'s findings)."""
    return StoreDamaged(
        f"{_where(database)} is not a readable Gulfstream store: the file is damaged or is not a SQLite database "
        f"(SQLite: {detail}); it was left as it is. Restore it from a backup, or move it aside and load "
        f"a YAML file written earlier by `gulfstream export --reveal` with `gulfstream import FILE`")


def locked_store(database: str | None, busy_timeout_s: float, outcome: str = "nothing was changed") -> StoreLocked:
    """The ``StoreLocked`` for a write to the SQLite file ``database`` (a path) that waited ``busy_timeout_s``
    seconds behind another process's write lock; ``outcome`` says what that left stored (the refused write is
    rolled back whole: "nothing was changed")."""
    return StoreLocked(
        f"another process holds a write lock on {_where(database)}: gave up after the busy timeout of "
        f"{busy_timeout_s:g} s ({BUSY_TIMEOUT_ENV}); {outcome}. Retry, or stop the other writer")


def sqlite_fault(exc: SQLAlchemyError | sqlite3.Error, database: str | None,
                 busy_timeout_s: float) -> StoreError | None:
    """The error a SQLite failure means for the store file ``database``, or None when it is no file fault.

    Args:
        exc: the driver error (SQLAlchemy's wrapper or ``sqlite3``'s own).
        database: path of the SQLite file (None or ":memory:" for none).
        busy_timeout_s: how long the failed write waited for the write lock, in seconds.

    Returns:
        ``StoreDamaged`` for a malformed file or one that is not a database, ``StoreLocked``
        for a write that gave up behind another process's write lock, None for anything else
        (the caller raises its ordinary ``StoreError``). The caller raises it ``from exc``.
    """
    name = _code_name(exc)
    if name in _DAMAGED:
        return damaged_store(database, str(getattr(exc, "orig", exc)))
    if name in _BUSY:
        return locked_store(database, busy_timeout_s)
    return None

