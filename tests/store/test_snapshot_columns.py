"""The column snapshot: every item field and index structure comes back, lazily, and ranks as the index saved.

Also: an old (pickled) snapshot is rebuilt with a warning and never unpickled, a
damaged file is rebuilt with a warning, and a reader never sees a half-written
file while writers replace it.
"""

from __future__ import annotations

import logging
import os
import pickle
import threading
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Kind, MemoryItem, Revision, Status, Trust, Turn
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.item_table import ItemTable
from memory_core.retrieval.live_bm25 import LiveBM25
from memory_core.retrieval.recall import Recaller
from memory_core.retrieval.snapshot import OLD_MAGIC, IndexSnapshots, restore_index
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp

T0 = datetime(2025, 3, 1, 8, tzinfo=UTC)
TEXTS = ["I live in Lisbon with my dog Rex", "My sister Anna works at a bakery", "I like spicy food",
         "我住在深圳，养了一只狗叫旺财", "我妹妹韩梅梅在面包店工作", "我喜欢吃辣",
         "GRE (Graduate Record Examination) in May"]
QUERIES = ["where do I live", "Rex", "Anna bakery", "spicy", "我住在哪里", "旺财", "韩梅梅", "GRE", "吃辣"]


def items_and_turns(user: str, n: int) -> tuple[list[MemoryItem], list[Turn]]:
    turns = [Turn(user, f"{user}-t{i}", f"s{i // 4}", "user", TEXTS[i % len(TEXTS)] + f" {i}",
                  T0 + timedelta(hours=i), speaker="Mia" if i % 3 else "") for i in range(n)]
    items = []
    for i, turn in enumerate(turns):
        kind = [Kind.EVENT, Kind.FACT, Kind.PREFERENCE][i % 3]
        items.append(MemoryItem(
            user_id=user, description=turn.text, theme=["life", "生活", "work"][i % 3], kind=kind,
            id=f"{i:016x}", created_at=turn.timestamp, updated_at=turn.timestamp + timedelta(microseconds=7),
            valid_from=turn.timestamp if kind == Kind.EVENT else None,
            valid_until=turn.timestamp + timedelta(days=2) if i % 5 == 0 else None,
            status=Status.SUPERSEDED if i % 7 == 3 else Status.ACTIVE, source=[turn.turn_id],
            confidence=0.85 + (i % 3) * 0.05, trust=Trust.TOOL if i % 11 == 4 else Trust.USER,
            importance=0.3 + (i % 4) / 10, key=f"fact:home@{user}" if kind == Kind.FACT else None,
            speaker=turn.speaker, hit=i % 4, last_used_at=T0 + timedelta(days=i) if i % 4 else None,
            meta={"category": "电影 films"} if i % 6 == 0 else {},
            history=[Revision("create", "said so", "pipeline", turn.timestamp, new_description=turn.text)]
            if i % 2 else []))
    return items, turns


def ranking(index: HybridIndex) -> list[list[tuple[str, float]]]:
    return [[(r.item.id, r.score) for r in index.search(q, 6)] for q in QUERIES]


def loaded(snaps: IndexSnapshots, user: str) -> HybridIndex:
    state = snaps.load(user, HybridIndex())
    assert state is not None
    return restore_index(state)


def test_every_item_field_and_the_ranking_come_back_and_items_are_made_when_read(tmp_path: Path) -> None:
    items, turns = items_and_turns("u", 60)
    index = HybridIndex.build(items, turns)
    index.version, index.last_seq = "12", 60
    snaps = IndexSnapshots(tmp_path / "snaps")
    snaps.save("u", index)
    back = loaded(snaps, "u")
    assert back.table.items.unread() == 60  # type: ignore[attr-defined]  # nothing made on load
    assert ranking(back) == ranking(index)
    assert 0 < back.table.items.unread() < 60  # type: ignore[attr-defined]  # only what the searches read
    assert back.items == index.items  # every field, times to the microsecond, histories, meta, None keys
    for a, b in zip(back.items, index.items, strict=True):
        assert (a.kind, a.status, a.trust, a.history, a.meta) == (b.kind, b.status, b.trust, b.history, b.meta)
    assert (back.version, back.last_seq, back.lexicon) == (index.version, index.last_seq, index.lexicon)
    assert back.nbytes() > index.nbytes()  # the columns its items and maps are made from are counted too


def test_a_loaded_index_has_every_attribute_of_a_built_one(tmp_path: Path) -> None:
    items, turns = items_and_turns("u", 30)
    index = HybridIndex.build(items, turns)
    snaps = IndexSnapshots(tmp_path / "snaps")
    snaps.save("u", index)
    back = loaded(snaps, "u")
    pairs: list[tuple[object, object]] = [(back, index), (back.table, index.table), (back.lexical, index.lexical),
                                          (back.turns, index.turns)]
    for got, built in pairs:
        for name in vars(built):
            getattr(got, name)  # present, or made on first read
    assert isinstance(back.table, ItemTable) and isinstance(back.lexical, LiveBM25)


def test_changes_and_a_compaction_after_a_load_rank_as_the_index_kept_in_memory(tmp_path: Path) -> None:
    items, turns = items_and_turns("u", 80)
    index = HybridIndex.build(items[:50], turns[:50])
    snaps = IndexSnapshots(tmp_path / "snaps")
    snaps.save("u", index)
    back = loaded(snaps, "u")
    changes = [replace(items[i], status=Status.SUPERSEDED) for i in (1, 4, 10)]
    changes += [replace(items[2], status=Status.DELETED), replace(items[5], description="我搬到了上海 Porto"),
                *items[50:]]
    for target in (back, index):
        target.apply(changes, turns[50:])
    assert ranking(back) == ranking(index)
    back.compact()  # reads the postings by document, made from the loaded base on first use
    assert ranking(back) == ranking(index)
    assert {i.id for i in back.items} == {i.id for i in index.items} and len(back) == len(index) == 79


def test_an_old_pickled_snapshot_is_rebuilt_with_a_warning_and_never_unpickled(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    store = SqlStore(f"sqlite:///{tmp_path / 'm.db'}", migrate=True)
    items, _ = items_and_turns("old", 12)
    store.apply("old", [AddOp(i) for i in items])
    snaps = IndexSnapshots(tmp_path / "snaps")
    marker = tmp_path / "ran"

    class Evil:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return os.system, (f"touch {marker}",)

    path = snaps.path("old")
    path.write_bytes(OLD_MAGIC + b'{"format": 1}\n' + pickle.dumps(Evil()))
    path.chmod(0o600)
    recaller = Recaller(store, snapshots=snaps)
    with caplog.at_level(logging.WARNING, logger="memory_core.retrieval.snapshot"):
        assert recaller.recall("old", "Lisbon", 3)
    assert not marker.exists() and snaps.rejected == 1 and recaller.build_count == 1
    assert any("an old format" in r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)
    recaller.flush_snapshots(10)
    assert path.read_bytes().startswith(b"GULFSTREAM-INDEX-COLUMNS")  # rewritten in the new format


@pytest.mark.parametrize("damage", ["flip a posting byte", "cut the tail", "garble the header"])
def test_a_damaged_file_is_rebuilt_with_a_warning(tmp_path: Path, caplog: pytest.LogCaptureFixture,
                                                  damage: str) -> None:
    store = SqlStore(f"sqlite:///{tmp_path / 'm.db'}", migrate=True)
    items, _ = items_and_turns("cy", 20)
    store.apply("cy", [AddOp(i) for i in items])
    first = Recaller(store, snapshots=IndexSnapshots(tmp_path / "snaps"))
    expected = [r.item.id for r in first.recall("cy", "旺财 Lisbon", 5)]
    first.flush_snapshots(10)
    path = first.snapshots.path("cy")  # type: ignore[union-attr]
    data = bytearray(path.read_bytes())
    if damage == "flip a posting byte":
        data[len(data) // 2] ^= 0x01
    elif damage == "cut the tail":
        del data[-100:]
    else:
        data[40:44] = b"}}}}"
    path.write_bytes(bytes(data))
    snaps = IndexSnapshots(tmp_path / "snaps")
    again = Recaller(store, snapshots=snaps)
    with caplog.at_level(logging.WARNING, logger="memory_core.retrieval.snapshot"):
        assert [r.item.id for r in again.recall("cy", "旺财 Lisbon", 5)] == expected
    assert snaps.rejected == 1 and snaps.loaded == 0 and again.build_count == 1
    assert any("not used" in r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forked writers are POSIX-only")
def test_readers_never_see_a_half_written_file_while_writers_replace_it(tmp_path: Path) -> None:
    items, turns = items_and_turns("u", 400)
    small, large = HybridIndex.build(items[:40], turns[:40]), HybridIndex.build(items, turns)
    small.version, large.version = "1", "2"
    expected = {"1": ranking(small), "2": ranking(large)}
    snaps = IndexSnapshots(tmp_path / "snaps")
    snaps.save("u", small)
    stop = threading.Event()

    def write(index: HybridIndex) -> None:
        while not stop.is_set():
            snaps.save_forked("u", index)  # a child process writes and renames: as a second worker would

    writers = [threading.Thread(target=write, args=(ix,)) for ix in (small, large)]
    for w in writers:
        w.start()
    reader = IndexSnapshots(tmp_path / "snaps")
    seen = set()
    try:
        for _ in range(40):
            state = reader.load("u", HybridIndex())
            assert state is not None
            back = restore_index(state)
            assert ranking(back) == expected[back.version]
            seen.add(back.version)
    finally:
        stop.set()
        for w in writers:
            w.join(30)
    assert reader.rejected == 0 and reader.failures == 0 and reader.loaded == 40 and snaps.saved > 2
    assert not list((tmp_path / "snaps").glob("*.tmp"))
    assert seen  # at least one version read (usually both)


@pytest.mark.parametrize("n", [0, 1])
def test_an_empty_or_one_item_index_round_trips(tmp_path: Path, n: int) -> None:
    items, turns = items_and_turns("u", n)
    index = HybridIndex.build(items, turns)
    index.version = "4"
    snaps = IndexSnapshots(tmp_path / "snaps")
    snaps.save("u", index)
    back = loaded(snaps, "u")
    assert ranking(back) == ranking(index) and back.items == index.items and len(back) == n
    back.apply(items_and_turns("u", 3)[0][n:], [])
    assert len(back) == 3


def test_dense_rows_and_reply_links_come_back(tmp_path: Path) -> None:
    import numpy as np

    from memory_core.retrieval.dense import DenseIndex

    items, turns = items_and_turns("u", 12)
    index = HybridIndex.build(items, turns)
    index.dense = DenseIndex(4)
    rng = np.random.default_rng(7)
    rows = rng.normal(size=(12, 4)).astype(np.float32)
    index.dense.set_items((n, row / np.linalg.norm(row)) for n, row in enumerate(rows))
    index.dense.set_links([(3, 2), (5, 4)])
    snaps = IndexSnapshots(tmp_path / "snaps")
    snaps.save("u", index)
    back = loaded(snaps, "u")
    assert back.dense is not None
    query = np.array([0.5, 0.5, 0.5, 0.5], dtype=np.float32)
    want = index.dense.similarities(query, 12, 0.5)
    assert np.allclose(back.dense.similarities(query, 12, 0.5), want)
    assert not np.allclose(want, index.dense.similarities(query, 12))  # the links changed two rows' scores
