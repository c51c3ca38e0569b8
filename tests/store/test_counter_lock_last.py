"""A write that applies no turn locks the user's counters row last: rows first, then one stamp and the commit."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest
from sqlalchemy import select

from memory_core.model import MemoryItem
from memory_core.store.base import MemoryStore
from memory_core.store.sql import SqlStore
from memory_core.store.sql_queries import _M
from memory_core.store.write_ops import AddOp, EndOp

TEXTS = {"en": ["User likes green tea", "User lives in Porto", "User plays chess"],
         "zh": ["用户喜欢喝绿茶", "用户住在杭州", "用户会下围棋"]}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_every_row_of_a_write_carries_its_own_version(make_store: Callable[[str], MemoryStore],
                                                      kind: str, lang: str) -> None:
    store = make_store(kind)
    assert isinstance(store, SqlStore)
    first = [MemoryItem.create("u", t, "misc", kind="fact") for t in TEXTS[lang][:2]]
    store.apply("u", [AddOp(i) for i in first])
    v1 = store.memory_version("u")
    late = MemoryItem.create("u", TEXTS[lang][2], "misc", kind="fact")
    store.apply("u", [AddOp(late), EndOp(first[0].id, "deleted", "asked to forget")])
    v2 = store.memory_version("u")
    assert int(v2) > int(v1)
    with store.engine.connect() as conn:
        stamps = dict(conn.execute(select(_M.c.id, _M.c.changed_version).where(_M.c.user_id == "u")).all())
    assert stamps == {first[0].id: int(v2), first[1].id: int(v1), late.id: int(v2)}  # no provisional stamp left
    changed = store.changes_since("u", v1)
    assert not changed.complete and {i.id for i in changed.items} == {late.id, first[0].id}
    assert store.changes_since("u", v2).items == []


def test_a_reader_never_sees_a_write_before_its_stamp(make_store: Callable[[str], MemoryStore]) -> None:
    """Writes racing reads of ``changes_since`` on PostgreSQL: each read's version covers every row it returned,
    and catching up from the versions read ends with every item (none missed under a provisional stamp)."""
    store = make_store("postgres")
    assert isinstance(store, SqlStore)
    store.apply("u", [AddOp(MemoryItem.create("u", "User likes tea", "misc", kind="fact"))])
    done = threading.Event()

    def writer() -> None:
        for n in range(30):
            store.apply("u", [AddOp(MemoryItem.create("u", f"User visited place {n} 第{n}站", "misc", kind="event"))])
        done.set()

    seen: set[str] = set()
    version = "0"
    thread = threading.Thread(target=writer)
    thread.start()
    while True:
        finished = done.is_set()
        changes = store.changes_since("u", version)
        seen |= {i.id for i in changes.items}
        version = changes.version
        if finished:
            break
        time.sleep(0.005)
    thread.join()
    assert seen == {i.id for i in store.list_items("u")} and len(seen) == 31
