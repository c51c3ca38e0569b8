"""The storage seam stays in small single-purpose modules (house style: modules under ~400 lines)."""

from __future__ import annotations

from importlib import resources

import pytest

MAX_LINES = 400

STORE_MODULES = sorted(p.name for p in resources.files("memory_core").joinpath("store").iterdir()
                       if p.name.endswith(".py"))


@pytest.mark.parametrize("name", STORE_MODULES)
def test_a_store_module_stays_under_the_size_limit(name: str) -> None:
    text = resources.files("memory_core").joinpath("store", name).read_text("utf-8")
    assert len(text.splitlines()) <= MAX_LINES, f"memory_core/store/{name}: split it along its seams"


def test_the_sql_store_keeps_its_public_name_and_every_part() -> None:
    from memory_core.store.sql import SqlStore
    from memory_core.store.sql_health import SqlSelfCheck
    from memory_core.store.sql_writes import SqlBatchWrites

    assert SqlStore.apply is SqlBatchWrites.apply and SqlStore.self_check is SqlSelfCheck.self_check
