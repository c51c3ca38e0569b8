"""The read of a user's sensitive-theme items (a health, medicine, animal or food question's restrictions)
goes through ``ix_memories_user_theme_status`` (migration 0010), not through every active row of the user."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import text

from memory_core.model import MemoryItem
from memory_core.pipeline.sensitive import SENSITIVE_THEME
from memory_core.store.base import MemoryStore
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp, EndOp

INDEX = "ix_memories_user_theme_status"
ITEMS = {"en": (["Mia is allergic to penicillin", "Mia has asthma"], ["Mia lives in Porto", "Mia plays chess"]),
         "zh": (["小美对青霉素过敏", "小美有哮喘"], ["小美住在苏州", "小美会下围棋"])}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_the_theme_read_returns_the_themes_active_items(make_store: Callable[[str], MemoryStore], kind: str,
                                                        lang: str) -> None:
    store = make_store(kind)
    sensitive, other = ITEMS[lang]
    items = ([MemoryItem.create("u", t, SENSITIVE_THEME, kind="fact") for t in sensitive]
             + [MemoryItem.create("u", t, "misc", kind="fact") for t in other]
             + [MemoryItem.create("v", sensitive[0], SENSITIVE_THEME, kind="fact")])
    for item in items:
        store.apply(item.user_id, [AddOp(item)])
    store.apply("u", [EndOp(items[1].id, "deleted", "asked to forget")])
    got = store.list_items("u", theme=SENSITIVE_THEME)
    assert [i.description for i in got] == [sensitive[0]]  # active, this user's, this theme's only
    assert {i.description for i in store.list_items("u", statuses=None, theme=SENSITIVE_THEME)} == set(sensitive)


def test_sqlite_plans_the_theme_read_on_the_index(make_store: Callable[[str], MemoryStore]) -> None:
    store = make_store("sqlite")
    assert isinstance(store, SqlStore)
    with store.engine.connect() as conn:
        plan = " ".join(str(row[-1]) for row in conn.execute(text(
            "EXPLAIN QUERY PLAN SELECT id FROM memories WHERE user_id = 'u' AND theme = 'sensitive' "
            "AND status IN ('active')")))
    assert INDEX in plan, plan


def test_postgres_has_the_index_the_migration_made(make_store: Callable[[str], MemoryStore]) -> None:
    store = make_store("postgres")
    assert isinstance(store, SqlStore)
    with store.engine.connect() as conn:
        definition = conn.execute(text("SELECT indexdef FROM pg_indexes WHERE indexname = :n"),
                                  {"n": INDEX}).scalar_one()
    assert "(user_id, theme, status)" in definition
