"""``MemoryStore.items_of_turns``: the items a turn made, changed, confirmed or ended, and nothing else, on every
backend; on the SQL stores through the indexes of migration 0012 (revisions by turn; sources on PostgreSQL)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import text

from memory_core.model import MemoryItem, Status
from memory_core.store.base import MemoryStore
from memory_core.store.migrate import upgrade
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp, EndOp, HitOp, UpdateOp

U = "ann"


def _fill(store: MemoryStore) -> dict[str, str]:
    """Items of ``U`` touched by turns t1 / t2 in each way a turn touches an item, and some it does not."""
    ids = {name: store.add(U, text, "life", reason="said", turn_id="t0") for name, text in
           (("hit", "likes green tea"), ("ended", "lives in Hangzhou"), ("updated", "works at a bank"),
            ("untouched", "has a cat named Mochi"), ("ended_earlier", "住在上海"))}
    store.apply(U, [EndOp(ids["ended_earlier"], Status.SUPERSEDED, "moved", turn_id="t0")])
    ids["made"] = store.apply(U, [AddOp(MemoryItem.create(U, "搬到了北京", "life", turn_id="t1"))])[0]
    store.apply(U, [HitOp(ids["hit"], turn_id="t2"),
                    EndOp(ids["ended"], Status.SUPERSEDED, "moved to Beijing", turn_id="t2"),
                    UpdateOp(ids["updated"], "new job", "works at a school", turn_id="t2")])
    store.add("bob", "likes green tea too", "life", reason="said", turn_id="t2")  # another user's t2
    return ids


def test_the_items_a_turn_touched_and_only_those_oldest_first(store: MemoryStore) -> None:
    ids = _fill(store)
    touched = store.items_of_turns(U, ["t2"])
    assert [i.id for i in touched] == [ids["hit"], ids["ended"], ids["updated"]]  # made in that order
    assert touched[1].status == Status.SUPERSEDED and touched[1].history[-1].turn_id == "t2"
    assert touched[2].description == "works at a school" and len(touched[2].history) == 2
    assert {i.id for i in store.items_of_turns(U, ("t1", "t2"))} == {ids[n] for n in ("made", "hit", "ended",
                                                                                      "updated")}
    assert all(i.user_id == U for i in store.items_of_turns(U, ["t2"]))


def test_no_turns_or_unknown_ones_touch_nothing(store: MemoryStore) -> None:
    _fill(store)
    assert store.items_of_turns(U, []) == []
    assert store.items_of_turns(U, ["t-never"]) == []
    assert store.items_of_turns("nobody", ["t2"]) == []


def test_a_read_item_is_a_copy(store: MemoryStore) -> None:
    ids = _fill(store)
    store.items_of_turns(U, ["t1"])[0].source.append("x")
    assert store.get(U, ids["made"]).source == ["t1"]


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_the_migration_makes_the_turn_lookup_indexes(make_store: Callable[[str], MemoryStore], kind: str) -> None:
    store = make_store(kind)
    assert isinstance(store, SqlStore)
    query = ("SELECT name, sql FROM sqlite_master WHERE type = 'index'" if kind == "sqlite"
             else "SELECT indexname, indexdef FROM pg_indexes")
    with store.engine.connect() as conn:
        indexes = {str(name): str(sql).lower() for name, sql in conn.execute(text(query))}
    assert "(user_id, turn_id, item_id)" in indexes["ix_revisions_user_turn"]
    if kind == "postgres":
        assert "using gin (source)" in indexes["ix_memories_source"]
    else:
        assert "ix_memories_source" not in indexes  # SQLite has no index over a JSON array's members: 0013's table


def test_sqlite_finds_the_revised_items_by_the_turn_index(make_store: Callable[[str], MemoryStore]) -> None:
    store = make_store("sqlite")
    assert isinstance(store, SqlStore)
    _fill(store)
    with store.engine.connect() as conn:
        plan = " ".join(str(r[-1]) for r in conn.exec_driver_sql(
            "EXPLAIN QUERY PLAN SELECT DISTINCT item_id FROM memory_revisions WHERE user_id = ? AND turn_id IN (?)",
            (U, "t2")))
    assert "ix_revisions_user_turn" in plan, plan


def _sources(store: SqlStore) -> set[tuple[str, str, str]]:
    with store.engine.connect() as conn:
        return {tuple(r) for r in conn.exec_driver_sql("SELECT user_id, turn_id, item_id FROM memory_sources")}


def test_sqlite_finds_the_citing_items_by_the_source_table(make_store: Callable[[str], MemoryStore]) -> None:
    store = make_store("sqlite")
    assert isinstance(store, SqlStore)
    _fill(store)
    with store.engine.connect() as conn:
        plan = " ".join(str(r[-1]) for r in conn.exec_driver_sql(
            "EXPLAIN QUERY PLAN SELECT DISTINCT item_id FROM memory_sources WHERE user_id = ? AND turn_id IN (?)",
            (U, "t2")))
    assert "USING PRIMARY KEY" in plan or "USING COVERING INDEX" in plan, plan
    assert "SCAN" not in plan.replace("SCAN CONSTANT", ""), plan


def test_the_source_table_follows_every_write_of_an_item(make_store: Callable[[str], MemoryStore]) -> None:
    store = make_store("sqlite")
    assert isinstance(store, SqlStore)
    ids = _fill(store)
    rows = _sources(store)
    assert (U, "t1", ids["made"]) in rows and (U, "t2", ids["hit"]) in rows  # made; confirmed (no revision)
    assert (U, "t2", ids["untouched"]) not in rows
    store.apply(U, [HitOp(ids["untouched"], turn_id="t3")])  # a changed source array
    assert (U, "t3", ids["untouched"]) in _sources(store)
    assert [i.id for i in store.items_of_turns(U, ["t3"])] == [ids["untouched"]]
    store.erase_user("bob")
    assert not {r for r in _sources(store) if r[0] == "bob"}  # an erased user's rows go with the items
    assert {r for r in _sources(store) if r[0] == U}


def test_the_upgrade_fills_the_source_table_from_stored_items(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    upgrade(url, "0012")
    store = SqlStore(url)
    ids = _fill(store)
    store.close()
    upgrade(url)
    store = SqlStore(url)
    try:
        assert (U, "t1", ids["made"]) in _sources(store)
        assert {i.id for i in store.items_of_turns(U, ["t2"])} == {ids[n] for n in ("hit", "ended", "updated")}
    finally:
        store.close()


def test_postgres_keeps_its_gin_index_and_makes_no_source_table(make_store: Callable[[str], MemoryStore]) -> None:
    store = make_store("postgres")
    assert isinstance(store, SqlStore)
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT to_regclass('memory_sources')").scalar() is None
        assert conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == "0014"
