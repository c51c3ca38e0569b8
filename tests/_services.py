"""Throwaway PostgreSQL servers for integration tests, started from the installed binaries.

This machine has no Docker engine: ``start_postgres`` runs ``initdb`` and
``pg_ctl`` from ``/usr/lib/postgresql/<version>/bin`` (``initdb`` refuses to
run as root, so as root it runs them as the ``postgres`` system user). The
server listens on 127.0.0.1 on a free port, keeps its unix socket in the
temporary directory, trusts local connections and skips fsync.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import uuid
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

__all__ = ["PostgresUnavailable", "create_database", "drop_database", "start_postgres", "stop_postgres"]


class PostgresUnavailable(RuntimeError):
    """Raised when no PostgreSQL server can be started for the tests."""


def _bin_dir() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    if found:
        return Path(found[-1]).parent
    pg_ctl = shutil.which("pg_ctl")
    if pg_ctl:
        return Path(pg_ctl).parent
    raise PostgresUnavailable("no PostgreSQL binaries (pg_ctl, initdb) found; install postgresql "
                              "or set GULFSTREAM_TEST_PG_URL to a server where databases can be created")


def _as_owner(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    return ["runuser", "-u", "postgres", "--", *cmd]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_postgres(tmpdir: str | os.PathLike[str]) -> str:
    """Start a PostgreSQL server with its data under ``tmpdir``; return its admin URL.

    Args:
        tmpdir: an empty or new directory; it is made readable by the server's user.

    Returns:
        ``postgresql+psycopg://postgres@127.0.0.1:<port>/postgres``.

    Raises:
        PostgresUnavailable: no binaries, or the server did not start (with its log).
    """
    bin_dir = _bin_dir()
    base = Path(tmpdir)
    base.mkdir(parents=True, exist_ok=True)
    data, log = base / "data", base / "server.log"
    if os.geteuid() == 0:
        base.chmod(0o755)
        shutil.chown(base, "postgres", "postgres")
    port = _free_port()
    steps = [
        [str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
         "--no-sync", "--locale=C.UTF-8"],
        [str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "-t", "30", "-o",
         f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off "
         "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200", "start"],
    ]
    for cmd in steps:
        done = subprocess.run(_as_owner(cmd), capture_output=True, text=True, check=False)
        if done.returncode != 0:
            server_log = log.read_text(errors="replace") if log.exists() else ""
            raise PostgresUnavailable(f"{Path(cmd[0]).name} failed ({done.returncode}): "
                                      f"{done.stderr or done.stdout}\n{server_log}")
    return f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"


def stop_postgres(tmpdir: str | os.PathLike[str]) -> None:
    """Stop the server started in ``tmpdir`` and remove its files."""
    data = Path(tmpdir) / "data"
    if data.exists():
        subprocess.run(_as_owner([str(_bin_dir() / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
                       capture_output=True, check=False)
    shutil.rmtree(tmpdir, ignore_errors=True)


def create_database(admin_url: str, template: str | None = None, prefix: str = "t") -> str:
    """Create a fresh database on the server of ``admin_url``; return its URL.

    Args:
        admin_url: a URL whose user may create databases.
        template: database to copy (e.g. one already migrated); None for an empty one.
        prefix: start of the random database name.
    """
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    engine = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            tmpl = f' TEMPLATE "{template}"' if template else " TEMPLATE template0"
            conn.execute(text(f'CREATE DATABASE "{name}"{tmpl}'))
    finally:
        engine.dispose()
    return make_url(admin_url).set(database=name).render_as_string(hide_password=False)


def drop_database(admin_url: str, url: str) -> None:
    """Drop the database named by ``url`` (closing its connections) on ``admin_url``'s server."""
    name = make_url(url).database
    engine = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        engine.dispose()
