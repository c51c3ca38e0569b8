"""The late-turn read (``active_said_after``) goes through ``ix_memories_user_said`` (migration 0011): the index
exists after migrating on SQLite and PostgreSQL, the store's own statements are planned on it, and on SQLite the
other reads keep the indexes they had."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import event, text
from sqlalchemy.engine import Engine

from memory_core.model import Kind, MemoryItem
from memory_core.store.base import MemoryStore
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp

INDEX = "ix_memories_user_said"
U = "ann"
T0 = datetime(2026, 3, 1, 8, 0, tzinfo=UTC)
TEXTS = ["went hiking in Sintra", "去苏州看了园林", "started learning Korean", "搬到了杭州"]


def _fill(store: MemoryStore, n: int) -> None:
    """``n`` events of ``U`` said an hour apart from ``T0`` (English and Chinese), and one of another user."""
    items = [MemoryItem.create(U, f"Ann {TEXTS[i % len(TEXTS)]} ({i})", "life", kind=Kind.EVENT,
                               key=f"event:{i}", turn_id=f"t{i}", at=T0 + timedelta(days=400),
                               valid_from=T0 + timedelta(hours=i)) for i in range(n)]
    items.append(MemoryItem.create("bob", "Bob went hiking", "life", kind=Kind.EVENT, key="event:b", turn_id="b",
                                   at=T0, valid_from=T0 + timedelta(hours=n)))
    for item in items:
        store.apply(item.user_id, [AddOp(item)])


@contextmanager
def _statements(engine: Engine) -> Iterator[list[tuple[str, Any]]]:
    """The SQL statements (and their parameters) the store runs on ``engine`` inside the block."""
    seen: list[tuple[str, Any]] = []

    def record(conn: Any, cursor: Any, statement: str, parameters: Any, context: Any, many: bool) -> None:
        seen.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", record)


def _plans(store: SqlStore, statements: list[tuple[str, Any]]) -> list[str]:
    """SQLite's query plan of each statement, its steps joined."""
    with store.engine.connect() as conn:
        return [" ".join(str(row[-1]) for row in conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {sql}", params))
                for sql, params in statements]


def _said_after_statements(store: SqlStore, after: datetime) -> tuple[list[str], list[tuple[str, Any]]]:
    """What ``active_said_after(U, "event:", after)`` returns (descriptions, sorted), and the statements it ran
    on memories."""
    with _statements(store.engine) as seen:
        found = sorted(i.description for i in store.active_said_after(U, "event:", after))
    return found, [(sql, params) for sql, params in seen if "FROM memories" in sql]


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_the_migration_makes_the_index_on_when_an_item_was_said(make_store: Callable[[str], MemoryStore],
                                                                 kind: str) -> None:
    store = make_store(kind)
    assert isinstance(store, SqlStore)
    with store.engine.connect() as conn:
        query = ("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = :n" if kind == "sqlite"
                 else "SELECT indexdef FROM pg_indexes WHERE indexname = :n")
        definition = conn.execute(text(query), {"n": INDEX}).scalar_one()
    assert "(user_id, coalesce(valid_from, created_at))" in definition.lower(), definition


def test_sqlite_plans_the_late_turn_read_on_the_index(make_store: Callable[[str], MemoryStore]) -> None:
    store = make_store("sqlite")
    assert isinstance(store, SqlStore)
    _fill(store, 40)
    found, statements = _said_after_statements(store, T0 + timedelta(hours=37, minutes=30))
    assert found == ["Ann started learning Korean (38)", "Ann 搬到了杭州 (39)"]
    assert statements  # the items and their revisions
    for plan in _plans(store, statements):
        assert f"{INDEX} (user_id=? AND <expr>>?)" in plan, plan


def test_sqlite_keeps_the_other_reads_on_their_indexes(make_store: Callable[[str], MemoryStore]) -> None:
    """The reads by key and by status are not moved to the new index (SQLite has no statistics to tell them apart)."""
    store = make_store("sqlite")
    assert isinstance(store, SqlStore)
    _fill(store, 20)
    reads: list[tuple[Callable[[], object], str]] = [
        (lambda: store.find_by_key(U, "event:3"), "ix_memories_user_key (user_id=? AND key=?)"),
        (lambda: store.superseded_by_key(U, "event:3"), "ix_memories_user_key (user_id=? AND key=?)"),
        (lambda: store.list_items(U), "ix_memories_user_status (user_id=? AND status=?)"),
    ]
    for read, index in reads:
        with _statements(store.engine) as seen:
            assert read() is not None
        plans = _plans(store, [(sql, params) for sql, params in seen if "FROM memories" in sql])
        assert plans and all(index in plan and INDEX not in plan for plan in plans), plans


def test_postgres_can_plan_the_late_turn_read_on_the_index(make_store: Callable[[str], MemoryStore]) -> None:
    """With sequential scans off (a small table is otherwise read whole), the read's range is an index condition."""
    store = make_store("postgres")
    assert isinstance(store, SqlStore)
    _fill(store, 200)
    found, statements = _said_after_statements(store, T0 + timedelta(hours=198))
    assert found == ["Ann 搬到了杭州 (199)"]
    assert statements
    with store.engine.connect() as conn:
        conn.exec_driver_sql("ANALYZE memories")
        conn.exec_driver_sql("SET enable_seqscan = off")
        for sql, params in statements:
            plan = "\n".join(str(row[0]) for row in conn.exec_driver_sql(f"EXPLAIN {sql}", params))
            assert INDEX in plan, plan
            assert "Index Cond" in plan and "COALESCE(valid_from, created_at) >" in plan, plan
