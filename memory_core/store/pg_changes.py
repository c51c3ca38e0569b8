"""The changes read a recall index catches up with, on PostgreSQL through the driver's own cursor.

``SqlStore.changes_since`` runs once per recall that finds a user's index
stale (a chat recalls right after each turn it writes): one statement, the
user's counters joined to the items stamped after a version
(``sql_queries._Q_CHANGES_JOINED``). Through SQLAlchemy's execution and
result layers that cost ~0.28 ms of CPU and ~0.46 ms of wall time per call
on an idle 2-core machine; the same statement on psycopg's cursor ~0.13 ms
and ~0.27 ms (``ops/bench/RESULTS.md``, issue 17). So the statement is
compiled once for the engine's dialect and run on the pooled connection's
psycopg connection, prepared server-side; the columns SQLAlchemy would
convert (``UTCDateTime``: aware UTC datetimes) are converted the same way
here, so the items are the SQLAlchemy path's (tested: ``tests/store``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import Connection
from sqlalchemy.types import TypeDecorator

from memory_core.store.sql_queries import _Q_CHANGES_JOINED

__all__ = ["DriverConnectionLost", "changes_rows"]

_compiled: dict[str, tuple[str, list[tuple[int, Callable[[Any], Any]]]]] = {}


class DriverConnectionLost(Exception):
    """The pooled connection was found dead by the driver (invalidated; the caller may read once more)."""


def _statement(conn: Connection) -> tuple[str, list[tuple[int, Callable[[Any], Any]]]]:
    """The statement's SQL for this dialect and the (column index, converter) of each decorated column."""
    dialect = conn.dialect
    found = _compiled.get(dialect.name)
    if found is None:
        sql = str(_Q_CHANGES_JOINED.compile(dialect=dialect))
        converters: list[tuple[int, Callable[[Any], Any]]] = []
        for i, column in enumerate(_Q_CHANGES_JOINED.selected_columns):
            kind = column.type
            if isinstance(kind, TypeDecorator):
                def convert(value: Any, kind: TypeDecorator[Any] = kind) -> Any:
                    return kind.process_result_value(value, dialect)
                converters.append((i, convert))
        found = _compiled[dialect.name] = (sql, converters)
    return found


def changes_rows(conn: Connection, user_id: str, since: int) -> list[Any]:
    """Rows of ``_Q_CHANGES_JOINED`` for ``user_id`` after version ``since``, read on the driver's cursor.

    Args:
        conn: a connection of the store's autocommit PostgreSQL engine (psycopg 3 driver).
        user_id: whose changes; since: the version the caller holds.

    Returns:
        Named tuples with the statement's column names (as SQLAlchemy's rows, decorated columns converted).

    Raises:
        DriverConnectionLost: the connection is dead (it is invalidated first).
        psycopg.Error: the statement failed otherwise.
    """
    import psycopg
    from psycopg.rows import namedtuple_row

    sql, converters = _statement(conn)
    driver = conn.connection.driver_connection
    assert driver is not None  # a checked-out connection of the pool
    try:
        with driver.cursor(row_factory=namedtuple_row) as cur:
            cur.execute(sql, {"uid": user_id, "since": since}, prepare=True)
            rows = cur.fetchall()
    except psycopg.OperationalError as exc:
        if driver.closed or driver.broken:
            conn.invalidate(exc)
            raise DriverConnectionLost(str(exc)) from exc
        raise
    if converters and rows:
        rows = [row._replace(**{row._fields[i]: convert(row[i]) for i, convert in converters}) for row in rows]
    return rows
