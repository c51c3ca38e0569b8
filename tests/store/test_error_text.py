"""A database error never carries the row values it was given (a memory's text may hold a secret).

A full disk in the soak logged "store failed … [parameters: {'description': …}]": SQLAlchemy puts a failed
statement's parameters in the error text, and that text reaches log lines and error replies. The stores'
engines hide them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa

from memory_core.store.sql import SqlStore
from workers.deadletter import DeadLetters

SECRET = "我的储物柜密码是 0419, my PIN is 4711"


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_failed_statement_does_not_show_its_parameters(kind: str, tmp_path: Path, worker_db_url: str) -> None:
    url = f"sqlite:///{tmp_path / 'e.sqlite3'}" if kind == "sqlite" else worker_db_url
    store = SqlStore(url, migrate=kind == "sqlite")
    letters = DeadLetters(url)
    try:
        for engine in (store.engine, letters.engine):
            with pytest.raises(sa.exc.DBAPIError) as caught, engine.connect() as conn:
                conn.execute(sa.text("INSERT INTO no_such_table (description) VALUES (:d)"), {"d": SECRET})
            assert "4711" not in str(caught.value) and "0419" not in str(caught.value)
            assert "no_such_table" in str(caught.value)  # the statement itself is still named
    finally:
        letters.close()
        store.close()
