"""Capabilities a store declares (``turn_log``) and the reads the shells make through the store."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memory_core.errors import InvalidInput
from memory_core.model import Turn
from memory_core.service import Memory
from memory_core.settings import load_settings
from memory_core.store.sql import SqlStore
from memory_core.store.yaml_store import YamlStore
from workers.deadletter import DeadLetters

T0 = datetime(2026, 5, 9, 12, 0, tzinfo=UTC)


def test_an_sql_store_declares_its_turn_log(sql_store: SqlStore) -> None:
    assert sql_store.turn_log() is sql_store


def test_an_items_only_store_declares_none_and_ingest_says_why(tmp_path: Path) -> None:
    store = YamlStore(tmp_path / "yaml")
    assert store.turn_log() is None
    memory = Memory(store, settings=load_settings(database_url="sqlite:///:memory:", embedder="none"))
    with pytest.raises(InvalidInput, match="holds memory items only"):
        memory.ingest([Turn("ann", "t1", "s", "user", "I live in Paris", T0)])
    store.add("ann", "我住在杭州", "身份")
    assert memory.known_user("ann") and not memory.known_user("bob")


def test_a_user_with_turns_only_is_known(sql_store: SqlStore) -> None:
    memory = Memory(sql_store, settings=load_settings(database_url="sqlite:///:memory:", embedder="none"))
    assert not sql_store.has_user("李雷") and not memory.known_user("李雷")
    sql_store.append(Turn("李雷", "t1", "s", "user", "你好", T0))
    assert sql_store.has_user("李雷") and memory.known_user("李雷")
    assert not sql_store.has_user("韩梅梅")


def test_dead_letters_are_read_through_the_store(sql_store: SqlStore) -> None:
    stored, _ = sql_store.append(Turn("ann", "t1", "s", "user", "I moved to Berlin", T0))
    assert sql_store.dead_letter("ann", "t1") is None
    letters = DeadLetters(sql_store.engine.url.render_as_string(hide_password=False))
    try:
        letter_id = letters.record("ann", "t1", stored.seq, "gulfstream.curate_user", ValueError("bad plan"), 6)
        assert sql_store.dead_letter("ann", "t1") == ("ValueError", 6)
        assert sql_store.dead_letter("bob", "t1") is None and sql_store.dead_letter("ann", "t2") is None
        letters.set_status(letter_id, "dropped")
        assert sql_store.dead_letter("ann", "t1") is None  # only a live ("dead") letter counts
    finally:
        letters.close()
