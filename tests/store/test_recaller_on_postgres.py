"""On PostgreSQL the recaller searches a warm index while it reads the version; a stale answer is dropped."""

from __future__ import annotations

from collections.abc import Callable

from memory_core.model import MemoryItem
from memory_core.retrieval.recall import Recaller
from memory_core.store.base import MemoryStore
from memory_core.store.ops import AddOp, EndOp
from memory_core.store.sql import SqlStore


def test_a_change_between_recalls_is_seen_by_the_next_recall(make_store: Callable[[str], MemoryStore]) -> None:
    store = make_store("postgres")
    assert isinstance(store, SqlStore)
    lisbon = MemoryItem.create("ann", "Ann lives in Lisbon", "places", kind="fact")
    store.apply("ann", [AddOp(lisbon)])
    recaller = Recaller(store)
    assert [r.item.id for r in recaller.recall("ann", "where does Ann live", 3)] == [lisbon.id]
    assert recaller.build_count == 1 and recaller.timings is not None and recaller.timings.rebuilt

    warm = recaller.recall("ann", "where does Ann live", 3)  # version unchanged: the optimistic answer stands
    assert [r.item.id for r in warm] == [lisbon.id] and recaller.build_count == 1
    assert not recaller.timings.rebuilt

    porto = MemoryItem.create("ann", "Ann lives in Porto", "places", kind="fact")
    store.apply("ann", [AddOp(porto), EndOp(lisbon.id, "superseded", "moved")])
    fresh = recaller.recall("ann", "where does Ann live", 3)
    assert [r.item.id for r in fresh] == [porto.id]  # the stale index's answer was not returned
    assert recaller.build_count == 2 and recaller.timings.rebuilt
