"""A recall index loaded from its snapshot and caught up ranks exactly as one built fresh from the store.

Real SQLite and PostgreSQL stores; the memory is written by the mechanical
write pipeline (events, slot facts, superseded facts, turns) in English and
Chinese, then changed after the snapshot was saved.
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Turn
from memory_core.retrieval.recall import Recaller
from memory_core.retrieval.snapshot import MAGIC, IndexSnapshots
from memory_core.service import Memory
from memory_core.settings import Settings
from memory_core.store.base import MemoryStore
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import HitOp

T0 = datetime(2025, 5, 1, 9, tzinfo=UTC)
LINES = {
    "en": ["I live in Lisbon.", "My sister Anna visits in May.", "I adopted a dog named Rex.",
           "I work at a bakery.", "We went hiking near Lake Tahoe.", "I like spicy food.",
           "I started learning the cello.", "Rex loves the park.", "I don't like spicy food anymore.",
           "I moved to Porto last month.", "Anna gave me a red scarf.", "The cello teacher is strict."],
    "zh": ["我住在深圳。", "我妹妹叫韩梅梅，五月来看我。", "我养了一只狗叫旺财。", "我在面包店工作。",
           "我们去了西湖散步。", "我喜欢吃辣。", "我开始学大提琴。", "旺财喜欢去公园。", "我不再喜欢吃辣了。",
           "我上个月搬到了上海。", "韩梅梅送了我一条红围巾。", "大提琴老师很严格。"],
}
QUERIES = {
    "en": ["where do I live", "Rex", "cello teacher", "what did Anna give me", "spicy food", "hiking",
           "where do I work", "sister"],
    "zh": ["我住在哪里", "旺财", "大提琴老师", "韩梅梅送了什么", "吃辣", "西湖", "我在哪里工作", "妹妹"],
}


def turns(user: str, lang: str, lines: list[str], start: int) -> list[Turn]:
    return [Turn(user, f"{user}-t{start + i}", f"s{(start + i) // 5}", "user", text,
                 T0 + timedelta(hours=start + i)) for i, text in enumerate(lines)]


def ranking(recaller: Recaller, user: str, lang: str) -> list[list[tuple[str, float]]]:
    return [[(r.item.id, round(r.score, 12)) for r in recaller.recall(user, q, 8)] for q in QUERIES[lang]]


def memory_of(store: MemoryStore) -> Memory:
    return Memory(store, settings=Settings(database_url="sqlite://", embedder="none", maintain_every_turns=0))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_a_loaded_snapshot_caught_up_ranks_as_a_fresh_build(make_store: Callable[[str], MemoryStore],
                                                            tmp_path: Path, kind: str, lang: str) -> None:
    store = make_store(kind)
    assert isinstance(store, SqlStore)
    memory = memory_of(store)
    user = f"snap-{lang}"
    memory.ingest(turns(user, lang, LINES[lang][:8], 0))
    first = Recaller(store, snapshots=IndexSnapshots(tmp_path / "snaps", "db"))
    before = ranking(first, user, lang)
    first.flush_snapshots(10)
    assert first.build_count == 1 and first.snapshots is not None and first.snapshots.saved == 1

    memory.ingest(turns(user, lang, LINES[lang][8:], 8))  # after the snapshot: new, changed and superseded items
    used = store.list_items(user)[0]
    store.apply(user, [HitOp(used.id, 3, at=T0 + timedelta(days=3))])  # hits move no version

    second = Recaller(store, snapshots=IndexSnapshots(tmp_path / "snaps", "db"))  # another process, later
    fresh = Recaller(store)
    after = ranking(second, user, lang)
    assert second.build_count == 0 and second.restore_count == 1
    assert after == ranking(fresh, user, lang)
    assert after != before  # the catch-up mattered
    restored = second.cache.get(user)
    assert restored is not None and restored.version == store.memory_version(user)
    assert restored.table.items[restored._pos[used.id]].hit == 3  # type: ignore[union-attr]


def test_eviction_saves_the_index_and_a_write_after_it_is_caught_up(make_store: Callable[[str], MemoryStore],
                                                                     tmp_path: Path) -> None:
    store = make_store("postgres")
    assert isinstance(store, SqlStore)
    memory = memory_of(store)
    memory.ingest(turns("ann", "en", LINES["en"][:6], 0))
    memory.ingest(turns("bo", "zh", LINES["zh"][:6], 0))
    snaps = IndexSnapshots(tmp_path / "snaps")
    recaller = Recaller(store, max_users=1, snapshots=snaps)
    ranking(recaller, "ann", "en")
    recaller.flush_snapshots(10)
    assert snaps.saved == 1  # after the build
    memory.ingest(turns("ann", "en", LINES["en"][6:9], 6))
    ranking(recaller, "ann", "en")  # updated in place: its snapshot is now behind
    ranking(recaller, "bo", "zh")  # evicts ann
    recaller.flush_snapshots(10)
    assert recaller.cache.users() == ["bo"] and snaps.saved == 3  # ann on eviction, bo after its build
    memory.ingest(turns("ann", "en", LINES["en"][9:], 9))
    assert ranking(recaller, "ann", "en") == ranking(Recaller(store), "ann", "en")
    assert recaller.build_count == 2 and recaller.restore_count == 1


def test_unusable_snapshots_are_deleted_and_the_index_is_built(make_store: Callable[[str], MemoryStore],
                                                               tmp_path: Path) -> None:
    store = make_store("sqlite")
    memory_of(store).ingest(turns("cy", "en", LINES["en"][:5], 0))
    folder = tmp_path / "snaps"
    first = Recaller(store, snapshots=IndexSnapshots(folder, "db-1"))
    expected = ranking(first, "cy", "en")
    first.flush_snapshots(10)
    path = first.snapshots.path("cy")  # type: ignore[union-attr]
    good = path.read_bytes()

    def attempt(data: bytes | None, scope: str = "db-1", mode: int = 0o600) -> IndexSnapshots:
        if data is not None:
            path.write_bytes(data)
            path.chmod(mode)
        snaps = IndexSnapshots(folder, scope)
        recaller = Recaller(store, snapshots=snaps)
        assert ranking(recaller, "cy", "en") == expected
        recaller.flush_snapshots(10)
        return snaps

    assert attempt(None).loaded == 1
    other = attempt(good, scope="db-2")  # another database's snapshot
    assert other.rejected == 1 and other.loaded == 0 and other.saved == 1
    assert attempt(good[:-40]).rejected == 1  # truncated
    flipped = bytearray(good)
    flipped[-10] ^= 0xFF
    assert attempt(bytes(flipped)).rejected == 1  # corrupt
    assert attempt(good, mode=0o666).rejected == 1  # writable by others: never unpickled
    assert attempt(b"not a snapshot").rejected == 1


def test_a_snapshot_naming_a_foreign_callable_is_refused_unrun(make_store: Callable[[str], MemoryStore],
                                                               tmp_path: Path) -> None:
    store = make_store("sqlite")
    memory_of(store).ingest(turns("di", "en", LINES["en"][:3], 0))
    recaller = Recaller(store, snapshots=IndexSnapshots(tmp_path / "snaps"))
    ranking(recaller, "di", "en")
    recaller.flush_snapshots(10)
    path = recaller.snapshots.path("di")  # type: ignore[union-attr]
    data = path.read_bytes()
    end = data.index(b"\n", len(MAGIC))
    header = __import__("json").loads(data[len(MAGIC):end])
    marker = tmp_path / "ran"

    class Evil:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return os.system, (f"touch {marker}",)

    payload = pickle.dumps(Evil())
    import zlib
    header.update(crc32=zlib.crc32(payload), length=len(payload))
    path.write_bytes(MAGIC + __import__("json").dumps(header).encode() + b"\n" + payload)
    snaps = IndexSnapshots(tmp_path / "snaps")
    again = Recaller(store, snapshots=snaps)
    ranking(again, "di", "en")
    assert not marker.exists() and snaps.rejected == 1 and again.build_count == 1


def test_a_user_erased_elsewhere_loses_the_snapshot(make_store: Callable[[str], MemoryStore],
                                                    tmp_path: Path) -> None:
    store = make_store("postgres")
    assert isinstance(store, SqlStore)
    memory = memory_of(store)
    memory.ingest(turns("eve", "en", LINES["en"][:6], 0))
    snaps = IndexSnapshots(tmp_path / "snaps")
    worker = Recaller(store, snapshots=snaps)
    ranking(worker, "eve", "en")
    worker.flush_snapshots(10)
    store.erase_user("eve")  # by another process: the worker's cache and files do not know
    memory.ingest(turns("eve", "zh", LINES["zh"][:3], 0))
    later = Recaller(store, snapshots=snaps)
    assert ranking(later, "eve", "zh") == ranking(Recaller(store), "eve", "zh")
    assert later.build_count == 1 and later.restore_count == 0
    assert {r.item.description for r in later.recall("eve", "Lisbon Rex cello", 10)} <= {
        i.description for i in store.list_items("eve")}
    later.flush_snapshots(10)
    later.invalidate("eve")
    later.flush_snapshots(10)
    assert not snaps.path("eve").exists()


def test_an_erase_by_a_process_sharing_the_folder_deletes_the_recall_workers_file(
        make_store: Callable[[str], MemoryStore], tmp_path: Path) -> None:
    """The stack gives every process one snapshot folder: the edit worker's erase removes the file."""
    store = make_store("postgres")
    folder = tmp_path / "snaps"
    recall_worker = Recaller(store, snapshots=IndexSnapshots(folder))
    memory_of(store).ingest(turns("zoe", "zh", ["我的储物柜密码是4711。", *LINES["zh"][:3]], 0))
    ranking(recall_worker, "zoe", "zh")
    recall_worker.flush_snapshots(10)
    path = IndexSnapshots(folder).path("zoe")
    assert path.stat().st_size > 0
    edit_worker = Memory(store, settings=Settings(database_url="sqlite://", embedder="none", maintain_every_turns=0),
                         recaller=Recaller(store, snapshots=IndexSnapshots(folder)))  # as open_memory makes it
    edit_worker.erase_user("zoe")
    assert not path.exists()


def test_the_snapshot_directory_must_be_private(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o777)
    shared.chmod(0o777)
    from memory_core.errors import InvalidField
    with pytest.raises(InvalidField, match="writable by group or others"):
        IndexSnapshots(shared)
