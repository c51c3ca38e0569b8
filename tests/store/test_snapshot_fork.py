"""A large index's snapshot is written by a forked child while the index stays usable; a failed child is reported."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from memory_core.model import MemoryItem
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.recall import Recaller
from memory_core.retrieval.recall_snapshots import FORK_FROM_ITEMS
from memory_core.retrieval.snapshot import IndexSnapshots, restore_index
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="os.fork is POSIX-only (save falls back to a thread)")

WORDS = ["coffee", "Lisbon", "cello", "dog", "sister", "bakery", "咖啡", "里斯本", "大提琴", "面包店", "妹妹", "公园"]
QUERIES = ["coffee Lisbon", "大提琴 妹妹", "bakery 面包店"]


def index_of(n: int) -> HybridIndex:
    items = [MemoryItem.create("u", f"{WORDS[i % 12]} {WORDS[(i * 7) % 12]} {WORDS[(i * 5 + 3) % 12]} {i}", "life")
             for i in range(n)]
    index = HybridIndex.build(items)
    index.version = "7"
    return index


def ranking(index: HybridIndex) -> list[list[tuple[str, float]]]:
    return [[(r.item.id, r.score) for r in index.search(q, 5)] for q in QUERIES]


def test_a_forked_save_loads_back_as_the_same_index(tmp_path: Path) -> None:
    snaps = IndexSnapshots(tmp_path / "snaps")
    index = index_of(300)
    assert snaps.save_forked("u", index) and snaps.saved == 1
    state = snaps.load("u", HybridIndex())
    assert state is not None and state["version"] == "7"
    assert ranking(restore_index(state)) == ranking(index)


def test_the_lock_is_not_held_while_the_child_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    snaps = IndexSnapshots(tmp_path / "snaps")
    index = index_of(200)
    slow_write = IndexSnapshots._write

    def slow(self: IndexSnapshots, user_id: str, idx: HybridIndex) -> int:
        time.sleep(1.0)  # in the child: the parent's lock must be free meanwhile
        return slow_write(self, user_id, idx)

    monkeypatch.setattr(IndexSnapshots, "_write", slow)
    saver = threading.Thread(target=snaps.save_forked, args=("u", index))
    saver.start()
    time.sleep(0.3)
    t0 = time.perf_counter()
    assert index.search("coffee", 3)  # takes the index's lock
    waited = time.perf_counter() - t0
    saver.join(10)
    assert waited < 0.5 and snaps.saved == 1 and snaps.path("u").exists()


def test_a_failed_child_raises_and_the_recaller_counts_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    snaps = IndexSnapshots(tmp_path / "snaps")

    def broken(self: IndexSnapshots, user_id: str, idx: HybridIndex) -> int:
        raise OSError("disk full")

    monkeypatch.setattr(IndexSnapshots, "_write", broken)
    with pytest.raises(OSError, match="child"):
        snaps.save_forked("u", index_of(50))
    assert snaps.saved == 0 and not snaps.path("u").exists()

    store = SqlStore(f"sqlite:///{tmp_path / 'm.db'}", migrate=True)
    store.apply("big", [AddOp(MemoryItem.create("big", f"{WORDS[i % 12]} {WORDS[(i * 5) % 12]} {i}", "life"))
                        for i in range(FORK_FROM_ITEMS)])
    recaller = Recaller(store, snapshots=snaps)
    assert recaller.recall("big", "咖啡 coffee", 3)  # recall goes on; the save after the build fails in the child
    recaller.flush_snapshots(30)
    assert snaps.failures == 1 and snaps.saved == 0
