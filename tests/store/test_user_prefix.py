"""Users by id prefix (``users(prefix)``, ``turn_users(prefix)``): the prefix is plain text, so LIKE's
wildcards ``%`` and ``_`` and its escape character in it match only themselves. SQLite, YAML and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime

from memory_core.model import Turn
from memory_core.store.base import MemoryStore
from memory_core.store.sql import SqlStore
from memory_core.user_scopes import stored_scopes

IDS = ["a_b", "a_b#agent#x", "a_bc#agent#z", "axb#agent#y", "zz"]  # '_' as a wildcard would match 'x'


def test_users_by_prefix_take_the_prefix_literally(store: MemoryStore) -> None:
    for user in IDS:
        store.add(user, "likes tea", "taste")
    assert sorted(store.users()) == sorted(store.users("")) == IDS  # YAML sorts by file name
    assert store.users("a_b#agent#") == ["a_b#agent#x"]
    assert sorted(store.users("a_b")) == ["a_b", "a_b#agent#x", "a_bc#agent#z"]
    assert store.users("%") == store.users("a%") == store.users("_") == store.users("a_b#agent#%") == []
    assert stored_scopes(store, "a_b") == ["a_b", "a_b#agent#x"]


def test_the_escape_character_in_a_prefix_is_taken_literally_too(sql_store: SqlStore) -> None:
    for user in ("a_q", "a/_q", "a//q"):  # SQLAlchemy's autoescape escapes with '/'
        sql_store.add(user, "likes tea", "taste")
        sql_store.append(Turn(user, "t1", "s1", "user", "hello", datetime(2026, 5, 9, tzinfo=UTC)))
    for users in (sql_store.users, sql_store.turn_users):
        assert users("a/_") == ["a/_q"], users
        assert users("a//") == ["a//q"], users
        assert users("a/") == ["a//q", "a/_q"], users


def test_turn_users_by_prefix_take_the_prefix_literally(sql_store: SqlStore) -> None:
    for user in IDS:
        sql_store.append(Turn(user, "t1", "s1", "user", "hello", datetime(2026, 5, 9, tzinfo=UTC)))
    assert sql_store.turn_users() == IDS
    assert sql_store.turn_users("a_b#agent#") == ["a_b#agent#x"]
    assert sql_store.turn_users("%") == sql_store.turn_users("_") == []
