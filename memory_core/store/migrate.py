"""Run the SQL store's Alembic migrations from code.

The Alembic ``Config`` is built here, pointing at the ``migrations`` folder
inside the installed package, so migrating needs no ``alembic.ini`` and
works from a wheel or an editable install alike.

Every open of a store migrates it; a store already at the newest revision
(read from ``alembic_version`` and the version files' own ``revision`` lines)
is left alone without loading Alembic, so a one-shot command (a CLI recall)
does not pay for it.
"""

from __future__ import annotations

import functools
import os
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import create_engine, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

from memory_core.errors import StoreError, StoreLocked

if TYPE_CHECKING:  # Alembic loads when a store is migrated or checked, not when one at head is opened
    from alembic.config import Config

__all__ = ["MIGRATIONS_DIR", "alembic_config", "current_revision", "head_revision", "upgrade"]

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"


#: A version file's own lines: ``revision = "0013"``, ``down_revision = "0012"`` (or None).
_REVISION = re.compile(r"""^revision\s*=\s*["']([^"']+)["']\s*$""", re.MULTILINE)
_DOWN_REVISION = re.compile(r"""^down_revision\s*=\s*(?:None|["']([^"']+)["'])\s*$""", re.MULTILINE)


def alembic_config(url: str | None = None) -> Config:
    """Return an Alembic config for the store's migrations (``url`` optional)."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    cfg.set_main_option("path_separator", "os")
    if url:
        cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def head_revision() -> str | None:
    """Return the id of the newest migration."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision(connection: Connection) -> str | None:
    """Return the revision the database at ``connection`` is at (None if unmigrated)."""
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision()


def upgrade(url_or_engine: str | Engine, revision: str = "head") -> None:
    """Bring the database's schema up to ``revision`` (default: the newest).

    Args:
        url_or_engine: a SQLAlchemy URL (``sqlite:///path``, ``postgresql+psycopg://...``)
            or an engine to reuse.
        revision: target Alembic revision.

    Raises:
        StoreError: the database could not be reached ("could not connect to the database: …", whatever the
            command) or migrated.
    """
    own = isinstance(url_or_engine, str)
    engine = create_engine(url_or_engine) if isinstance(url_or_engine, str) else url_or_engine
    try:
        try:
            current = revision == "head" and _at_head(engine)
        except SQLAlchemyError as exc:  # the first contact: a server down or a wrong address, for any command
            raise StoreError(f"could not connect to the database: {exc}") from exc
        if current:
            return  # nothing to run: Alembic is not even loaded
        from alembic import command

        with _migration_lock(engine), engine.begin() as conn:
            cfg = alembic_config()
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, revision)
    except SQLAlchemyError as exc:
        raise StoreError(f"could not migrate the database: {exc}") from exc
    finally:
        if own:
            engine.dispose()


@functools.cache
def _plain_head() -> str | None:
    """The newest revision as the version files write it, or None when one file reads otherwise (then Alembic
    decides): each file must hold one ``revision`` and one ``down_revision`` line, and one revision be no
    other's parent."""
    files = [p for p in (MIGRATIONS_DIR / "versions").glob("*.py") if p.name != "__init__.py"]
    revisions: set[str] = set()
    parents: set[str] = set()
    for path in files:
        source = path.read_text(encoding="utf-8")
        found, down = _REVISION.findall(source), _DOWN_REVISION.findall(source)
        if len(found) != 1 or len(down) != 1:
            return None
        revisions.add(found[0])
        parents.update(d for d in down if d)
    heads = revisions - parents
    return heads.pop() if len(revisions) == len(files) and len(heads) == 1 else None


def _at_head(engine: Engine) -> bool:
    """True when the database's ``alembic_version`` holds exactly the newest revision (``_plain_head``); False
    when it cannot be read (a new or damaged file: the full migration says what is wrong).

    Raises:
        SQLAlchemyError: no connection could be made (a server down, a wrong address or password).
    """
    head = _plain_head()
    if head is None:
        return False
    with engine.connect() as conn:
        try:
            rows = conn.execute(text("SELECT version_num FROM alembic_version")).fetchall()
        except SQLAlchemyError:
            return False
    return [row[0] for row in rows] == [head]


@contextmanager
def _migration_lock(engine: Engine, timeout_s: float = 120.0) -> Iterator[None]:
    """Serialise migrations of one SQLite file across processes (a lock file beside it, removed after).

    Two processes opening a new SQLite database at once would otherwise both
    read an empty schema and then both try to write it: SQLite answers the
    second with "database is locked" at once, without waiting. PostgreSQL
    needs nothing here: Alembic's DDL runs in one transaction there.

    The holder removes ``<database>.migrate.lock`` before it lets go, so no
    file is left beside the store. A process that was waiting on the removed
    file then holds a lock nobody else can see: it checks that the path still
    names the file it locked, and if not, locks the path anew.

    Raises:
        StoreLocked: another process held the lock for ``timeout_s`` seconds.
    """
    database = engine.url.database if engine.dialect.name == "sqlite" else None
    if not database or database == ":memory:":
        yield
        return
    import portalocker

    path = f"{database}.migrate.lock"
    deadline = time.monotonic() + timeout_s
    while True:
        lock = portalocker.Lock(path, timeout=max(deadline - time.monotonic(), 0.0))
        try:
            handle = lock.acquire()
        except portalocker.LockException as exc:
            raise StoreLocked(f"another process is migrating {database} (waited {timeout_s} s)") from exc
        if _names(path, handle.fileno()):
            break
        lock.release()  # the holder before us removed the file we waited on: lock the path anew
    try:
        yield
    finally:
        with suppress(OSError):
            os.unlink(path)
        lock.release()


def _names(path: str, fd: int) -> bool:
    """True when ``path`` is the open file ``fd`` (not removed, nor replaced by a newer lock file)."""
    try:
        on_disk, held = os.stat(path), os.fstat(fd)
    except OSError:
        return False
    return (on_disk.st_dev, on_disk.st_ino) == (held.st_dev, held.st_ino)
