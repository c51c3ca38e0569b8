"""The engine of ``SqlStore``: one SQLAlchemy engine per store, set up for SQLite or PostgreSQL.

On SQLite (the embedded default) every connection runs in WAL mode with the
store's busy timeout, and a writer takes the write lock up front (``BEGIN
IMMEDIATE``, asked for by ``sql.SqlStore._tx``) so no transaction ever
upgrades a read lock to a write lock (the SQLITE_BUSY deadlock). On
PostgreSQL the pool pings connections before use.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy.engine import URL, Connection, Engine

from memory_core.store.factory import private_sqlite_file

__all__: list[str] = []  # internal to memory_core.store.sql

#: ``Connection.info`` key naming the statement that opens the next transaction ("BEGIN IMMEDIATE" for a writer).
BEGIN_KEY = "gs_begin"


def make_engine(url: URL, busy_timeout_s: float, connect_timeout_s: int | None) -> Engine:
    """The engine of the database at ``url`` (SQLite or PostgreSQL).

    Args:
        url: the parsed SQLAlchemy URL.
        busy_timeout_s: SQLite only: how long a writer waits for another process's write lock, in seconds.
        connect_timeout_s: PostgreSQL only: give up opening a connection after this many seconds (None: libpq's).

    Returns:
        An engine whose errors never carry row values (``hide_parameters``: a driver error, a full disk or a
        lost connection, never carries a memory's text, perhaps a secret, into a log line or a reply). A SQLite
        file is made private to its owner first.
    """
    if url.get_backend_name() == "sqlite":
        private_sqlite_file(url.database)
        engine = create_engine(url, connect_args={"timeout": busy_timeout_s, "check_same_thread": False},
                               hide_parameters=True)
        _setup_sqlite(engine, busy_timeout_s)
        return engine
    connect = {"connect_timeout": connect_timeout_s} if connect_timeout_s else {}
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10, connect_args=connect,
                         hide_parameters=True)


def _setup_sqlite(engine: Engine, busy_timeout_s: float) -> None:
    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # we issue BEGIN ourselves
        cur = dbapi_conn.cursor()
        for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON",
                       f"busy_timeout={int(busy_timeout_s * 1000)}"):
            cur.execute(f"PRAGMA {pragma}")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        # Writers take the write lock up front: no lock upgrade, so no SQLITE_BUSY deadlock.
        conn.exec_driver_sql(conn.info.pop(BEGIN_KEY, "BEGIN"))
