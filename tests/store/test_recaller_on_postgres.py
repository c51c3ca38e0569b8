"""On PostgreSQL the recaller asks for the version before it searches a warm index; a stale answer is dropped."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import text

from memory_core.model import MemoryItem
from memory_core.retrieval.recall import Recaller
from memory_core.store.base import MemoryStore
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp, EndOp


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
    assert recaller.build_count == 1 and recaller.delta_count == 1  # the change was applied, not rebuilt
    assert not recaller.timings.rebuilt


def test_a_user_erased_elsewhere_and_started_again_is_rebuilt(make_store: Callable[[str], MemoryStore]) -> None:
    store = make_store("postgres")
    assert isinstance(store, SqlStore)
    old = MemoryItem.create("eve", "Eve keeps bees", "hobbies")
    store.apply("eve", [AddOp(old)])
    recaller = Recaller(store)  # a recall worker: the erasure happens in another process
    assert [r.item.id for r in recaller.recall("eve", "bees", 3)] == [old.id]
    store.erase_user("eve")
    new = MemoryItem.create("eve", "Eve keeps bees and goats", "hobbies")
    store.apply("eve", [AddOp(new)])
    assert [r.item.id for r in recaller.recall("eve", "bees", 3)] == [new.id]  # nothing of the erased memory
    assert recaller.build_count == 2 and recaller.delta_count == 0


def test_the_version_probe_reads_what_memory_version_reads(make_store: Callable[[str], MemoryStore]) -> None:
    store = make_store("postgres")
    assert isinstance(store, SqlStore)
    store.apply("bo", [AddOp(MemoryItem.create("bo", "Bo plays chess", "hobbies"))])
    for user in ("bo", "nobody-yet"):
        assert store.memory_version_later(user)() == store.memory_version(user)
    assert store.memory_version_later("nobody-yet")() == "0"
    assert store._probe is not None and store._probe.failures == 0


def test_a_busy_probe_makes_the_store_read_the_ordinary_way(make_store: Callable[[str], MemoryStore]) -> None:
    store = make_store("postgres")
    assert isinstance(store, SqlStore)
    store.apply("cy", [AddOp(MemoryItem.create("cy", "Cy likes tea", "taste"))])
    first = store.memory_version_later("cy")  # holds the probe until read
    assert store._probe is not None and store._probe.ask("cy") is None
    second = store.memory_version_later("cy")  # answered at once, from the pool
    assert second() == first() == store.memory_version("cy")
    assert store._probe.failures == 0


def test_a_broken_probe_connection_falls_back_and_reconnects(make_store: Callable[[str], MemoryStore]) -> None:
    store = make_store("postgres")
    assert isinstance(store, SqlStore)
    store.apply("di", [AddOp(MemoryItem.create("di", "Di runs marathons", "health"))])
    expected = store.memory_version("di")
    assert store.memory_version_later("di")() == expected
    probe = store._probe
    assert probe is not None and probe._conn is not None
    with store.engine.connect() as conn:  # the server drops the probe's connection
        conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": probe._conn.info.backend_pid})
        conn.commit()
    assert store.memory_version_later("di")() == expected  # the failure is absorbed: read the ordinary way
    assert probe.failures == 1
    assert store.memory_version_later("di")() == expected  # a new connection next time
    assert probe.failures == 1 and probe._conn is not None and not probe._conn.closed


def test_mid_conversation_the_changes_are_read_without_a_version_probe(
        make_store: Callable[[str], MemoryStore]) -> None:
    store = make_store("postgres")
    assert isinstance(store, SqlStore)
    recaller = Recaller(store)
    items = [MemoryItem.create("fa", text, "life") for text in
             ("Fa adopted a dog named Rex", "法法养了一只猫叫咪咪", "Fa moved to Porto", "法法在面包店工作")]
    store.apply("fa", [AddOp(items[0])])
    assert [r.item.id for r in recaller.recall("fa", "Rex", 3)] == [items[0].id]
    probes: list[str] = []
    ask = store.memory_version_later
    store.memory_version_later = lambda user: probes.append(user) or ask(user)  # type: ignore[method-assign]
    for n, item in enumerate(items[1:], start=1):  # a chat: one write between two recalls
        store.apply("fa", [AddOp(item)])
        query = ["咪咪", "Porto", "面包店"][n - 1]
        assert [r.item.id for r in recaller.recall("fa", query, 3)][:1] == [item.id]
    assert probes == ["fa"]  # only the first stale recall asked for the version; then the changes at once
    cached = recaller.cache.get("fa")
    assert cached is not None and cached.changing and recaller.delta_count == 3
    assert [r.item.id for r in recaller.recall("fa", "Rex", 3)][:1] == [items[0].id]  # nothing new: no change set
    assert not cached.changing and recaller.delta_count == 3 and recaller.build_count == 1
    assert [r.item.id for r in recaller.recall("fa", "Porto", 3)][:1] == [items[2].id]
    assert probes == ["fa", "fa"]  # a quiet user is probed again, the probe overlapping the search
