"""The changes read on psycopg's cursor (``pg_changes``) gives the items SQLAlchemy's path gives, EN and ZH."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text

from memory_core.errors import StoreError
from memory_core.model import MemoryItem
from memory_core.store.base import MemoryStore
from memory_core.store.sql import SqlStore
from memory_core.store.sql_queries import _Q_CHANGES_JOINED
from memory_core.store.sql_reads import _joined
from memory_core.store.write_ops import AddOp, EndOp

TEXTS = {"en": ["Ann lives in Lisbon", "Ann plays the cello", "Ann's sister is Bea"],
         "zh": ["李雷住在杭州", "李雷会拉大提琴", "李雷的妹妹叫韩梅梅"]}


def _items(lang: str) -> list[MemoryItem]:
    at = datetime(2026, 3, 1, 9, 30, tzinfo=UTC)
    out = [MemoryItem.create("u", TEXTS[lang][0], "places", kind="fact", source=["t1", "t2"],
                             valid_from=at - timedelta(days=3)),
           MemoryItem.create("u", TEXTS[lang][1], "hobby", kind="event", valid_from=at, source=["t3"]),
           MemoryItem.create("u", TEXTS[lang][2], "family", kind="fact", key="family.sister")]
    out[0].meta = {"lang": lang, "说": "是"}
    return out


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_driver_read_gives_sqlalchemys_items(make_store: Callable[[str], MemoryStore], lang: str) -> None:
    store = make_store("postgres")
    assert isinstance(store, SqlStore)
    first, *rest = _items(lang)
    store.apply("u", [AddOp(first)])
    before = store.memory_version("u")
    store.apply("u", [AddOp(i) for i in rest] + [EndOp(first.id, "superseded", "moved")])
    changes = store.changes_since("u", before)
    assert not changes.complete and changes.version == store.memory_version("u")
    with store.engine.connect() as conn:  # the same statement through SQLAlchemy's layers
        rows = conn.execute(_Q_CHANGES_JOINED, {"uid": "u", "since": int(before)}).all()
    expected = _joined("u", rows, complete=False)
    assert changes == expected
    assert {i.id for i in changes.items} == {i.id for i in (first, *rest)}
    got = {i.id: i for i in changes.items}
    assert got[first.id].status == "superseded" and got[first.id].meta == {"lang": lang, "说": "是"}
    assert got[first.id].source == ["t1", "t2"] and got[rest[1].id].key == "family.sister"
    assert got[rest[0].id].valid_from == rest[0].valid_from and got[rest[0].id].valid_from.tzinfo == UTC
    assert got[rest[0].id].created_at.utcoffset() == timedelta(0)
    nothing = store.changes_since("u", changes.version)  # current: the counters alone
    assert nothing.items == [] and nothing.version == changes.version and not nothing.complete


def test_a_dead_connection_is_read_again_and_a_failed_read_is_a_store_error(
        make_store: Callable[[str], MemoryStore]) -> None:
    store = make_store("postgres")
    assert isinstance(store, SqlStore)
    store.apply("u", [AddOp(_items("en")[0])])
    before = store.memory_version("u")
    assert store.changes_since("u", before).items == []  # the read engine's pooled connection exists now
    assert store._read_engine is not None
    with store._read_engine.connect() as conn:  # kill every pooled read connection from the server side
        pid = conn.exec_driver_sql("SELECT pg_backend_pid()").scalar()
    with store.engine.connect() as admin:
        admin.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
    store.apply("u", [AddOp(_items("zh")[1])])
    assert [i.description for i in store.changes_since("u", before).items] == [TEXTS["zh"][1]]
    with store.engine.begin() as admin:  # a statement the server refuses: a StoreError, nothing changed
        admin.execute(text("ALTER TABLE memories RENAME COLUMN speaker TO speaker_gone"))
    try:
        with pytest.raises(StoreError, match="database error"):
            store.changes_since("u", before)
    finally:
        with store.engine.begin() as admin:
            admin.execute(text("ALTER TABLE memories RENAME COLUMN speaker_gone TO speaker"))
    assert len(store.changes_since("u", before).items) == 1
