"""A Mem0-shaped add reads the user's items no more often than a native add (``memory_core.add_changes``):
the items it changed come from the store's change record, not from a list of every item taken before it; and
neither lists the user's items at all (the native add reads the items its turns touched: ``items_of_turns``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from memory_core.add_changes import change_mark, changed_ids
from memory_core.api_records import item_record
from memory_core.embedded import EmbeddedMemory
from memory_core.mem0_compat import Memory
from memory_core.store.sql import SqlStore
from memory_core.store.yaml_store import YamlStore


@pytest.fixture
def m(tmp_path: Path) -> Iterator[Memory]:
    mem = Memory(EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/reads.db"))
    yield mem
    mem.close()


def _count_lists(monkeypatch: pytest.MonkeyPatch, store: Any) -> list[object]:
    """Spy on ``store.list_items`` (a read of the user's items in some statuses): one entry, its statuses, a call."""
    calls: list[object] = []
    real = store.list_items

    def spy(user_id: str, *args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs.get("statuses", args[0] if args else None))
        return real(user_id, *args, **kwargs)

    monkeypatch.setattr(store, "list_items", spy)
    return calls


def test_neither_a_mem0_add_nor_a_native_add_lists_the_users_items(m: Memory,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    for n, text in enumerate(["I live in Lisbon", "我喜欢喝绿茶", "I work as a nurse", "我的猫叫豆豆"]):
        m.add([{"role": "user", "content": text, "timestamp": f"2026-10-0{n + 1}T10:00:00Z"}], user_id="ana")
    store = m.api.memory.store
    assert isinstance(store, SqlStore)
    calls = _count_lists(monkeypatch, store)
    m.api.add([{"role": "user", "content": "I like jazz", "timestamp": "2026-10-06T10:00:00Z"}], user_id="ana")
    native = len(calls)
    calls.clear()
    out = m.add([{"role": "user", "content": "I moved to Porto last month", "timestamp": "2026-11-01T10:00:00Z"}],
                user_id="ana")["results"]
    assert len(calls) == native == 0, calls  # no list before the add, nor after it
    assert [r["event"] for r in out] == ["UPDATE"], out  # Lisbon changed to Porto
    calls.clear()
    again = m.add([{"role": "user", "content": "I moved to Porto last month", "timestamp": "2026-11-01T10:00:00Z"}],
                  user_id="ana")
    assert again == {"results": []} and calls == []  # a re-send: the store did nothing, so no events


def test_changed_ids_on_a_store_that_cannot_tell_what_changed_compares_stamps(tmp_path: Path) -> None:
    store = YamlStore(tmp_path / "yaml")
    kept = store.add("bo", "User lives in Lima", "personal")
    edited = store.add("bo", "用户喜欢绿茶", "preferences")
    mark = change_mark(store, "bo")
    assert mark.stamps is not None and set(mark.stamps) == {kept, edited}
    store.update("bo", edited, "said again", "用户喜欢乌龙茶")
    made = store.add("bo", "User has a cat", "personal")
    records = [item_record(store.get("bo", i)) for i in (kept, edited, made)]
    assert changed_ids(store, "bo", mark, records) == {edited, made}


def test_changed_ids_on_sql_reads_the_rows_written_after_the_mark(tmp_path: Path) -> None:
    store = SqlStore(f"sqlite:///{tmp_path}/c.db", migrate=True)
    kept = store.add("cy", "User lives in Lima", "personal")
    ended = store.add("cy", "用户喜欢绿茶", "preferences")
    mark = change_mark(store, "cy")
    assert mark.stamps is None  # the store answers what changed after its version
    store.delete("cy", ended, "no longer true")
    made = store.add("cy", "User has a cat", "personal")
    records = [item_record(store.get("cy", i)) for i in (kept, ended, made)]
    assert changed_ids(store, "cy", mark, records) == {ended, made}
    assert changed_ids(store, "cy", change_mark(store, "cy"), records) == set()
    store.close()
