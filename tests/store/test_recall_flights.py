"""A recall finding its user's index stale while the listener's catch-up is under way waits for that catch-up
instead of reading the same delta again, and still never misses a write made before it asked (PostgreSQL)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

from memory_core.model import MemoryItem
from memory_core.retrieval.recall import Recaller
from memory_core.store.base import ItemChanges, MemoryStore
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp, EndOp

TEXTS = {"en": ("Ann lives in Lisbon", "Ann lives in Porto", "Ann lives in Faro", "where does Ann live"),
         "zh": ("安住在杭州", "安住在苏州", "安住在厦门", "安住在哪里")}


class GatedReads:
    """``store.changes_since`` that records each calling thread; the listener's read waits for ``go``."""

    def __init__(self, store: SqlStore, read_first: bool) -> None:
        self.real = store.changes_since
        self.read_first = read_first  # the listener reads, then waits (else waits, then reads)
        self.inside, self.go = threading.Event(), threading.Event()
        self.callers: list[str] = []

    def __call__(self, user_id: str, version: str) -> ItemChanges:
        name = threading.current_thread().name
        self.callers.append(name)
        if name != "listener":
            return self.real(user_id, version)
        changes = self.real(user_id, version) if self.read_first else None
        self.inside.set()
        assert self.go.wait(10)
        return changes if changes is not None else self.real(user_id, version)


def _setup(make_store: Callable[[str], MemoryStore], lang: str, read_first: bool) -> tuple[SqlStore, Recaller,
                                                                                        GatedReads, list[Any]]:
    store = make_store("postgres")
    assert isinstance(store, SqlStore)
    first = MemoryItem.create("ann", TEXTS[lang][0], "places", kind="fact")
    store.apply("ann", [AddOp(first)])
    recaller = Recaller(store)
    assert [r.item.id for r in recaller.recall("ann", TEXTS[lang][3], 3)] == [first.id]
    second = MemoryItem.create("ann", TEXTS[lang][1], "places", kind="fact")
    store.apply("ann", [AddOp(second), EndOp(first.id, "superseded", "moved")])
    gate = GatedReads(store, read_first)
    store.changes_since = gate  # type: ignore[method-assign]
    done: list[Any] = []
    listener = threading.Thread(target=lambda: done.append(recaller.catch_up("ann")), name="listener")
    listener.start()
    assert gate.inside.wait(10)
    done.append(listener)
    return store, recaller, gate, [first, second, done]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_recall_waits_for_the_catch_up_under_way_instead_of_reading_the_delta_again(
        make_store: Callable[[str], MemoryStore], lang: str) -> None:
    _, recaller, gate, (_, second, done) = _setup(make_store, lang, read_first=False)
    threading.Timer(0.3, gate.go.set).start()  # the listener's read finishes while the recall waits
    found = recaller.recall("ann", TEXTS[lang][3], 3)
    done[0].join(10)
    assert [r.item.id for r in found] == [second.id]  # the change is in the answer
    assert gate.callers.count("listener") == 1 and threading.current_thread().name not in gate.callers
    assert recaller.delta_count == 1 and recaller.build_count == 1  # applied once, by the listener


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_catch_up_that_read_before_a_write_does_not_answer_for_it(
        make_store: Callable[[str], MemoryStore], lang: str) -> None:
    store, recaller, gate, (_, second, done) = _setup(make_store, lang, read_first=True)
    third = MemoryItem.create("ann", TEXTS[lang][2], "places", kind="fact")  # written after the listener's read
    store.apply("ann", [AddOp(third), EndOp(second.id, "superseded", "moved again")])
    threading.Timer(0.3, gate.go.set).start()
    found = recaller.recall("ann", TEXTS[lang][3], 3)
    done[0].join(10)
    assert [r.item.id for r in found] == [third.id]  # the recall read the rest itself
    assert threading.current_thread().name in gate.callers and recaller.build_count == 1


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_write_behind_catch_up_starts_between_recalls(make_store: Callable[[str], MemoryStore], lang: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from memory_core.retrieval import recall_delta

    monkeypatch.setattr(recall_delta, "CATCH_UP_IDLE_WAIT_S", 10.0)
    store = make_store("postgres")
    assert isinstance(store, SqlStore)
    first = MemoryItem.create("ann", TEXTS[lang][0], "places", kind="fact")
    store.apply("ann", [AddOp(first)])
    recaller = Recaller(store)
    recaller.recall("ann", TEXTS[lang][3], 3)
    second = MemoryItem.create("ann", TEXTS[lang][1], "places", kind="fact")
    store.apply("ann", [AddOp(second), EndOp(first.id, "superseded", "moved")])
    reads: list[str] = []
    real = store.changes_since
    store.changes_since = lambda u, v: reads.append(u) or real(u, v)  # type: ignore[method-assign,func-returns-value]
    listener = threading.Thread(target=recaller.catch_up, args=("ann",), name="listener")
    with recaller.answering():  # a recall of another user being answered
        listener.start()
        listener.join(0.3)
        assert listener.is_alive() and reads == []  # not read, not applied beside it
    listener.join(10)
    assert reads == ["ann"] and recaller.delta_count == 1  # right after it
    store.changes_since = real  # type: ignore[method-assign]
    assert [r.item.id for r in recaller.recall("ann", TEXTS[lang][3], 3)] == [second.id]
