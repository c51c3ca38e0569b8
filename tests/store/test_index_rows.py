"""A cold user's recall index from one read (``index_rows``), and the vectors flag of ``changes_since``."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from memory_core.model import MemoryItem, Turn
from memory_core.retrieval.recall import Recaller
from memory_core.store.base import MemoryStore
from memory_core.store.sql import SqlStore
from memory_core.store.sql_vectors import SqlVectors
from memory_core.store.write_ops import AddOp, EndOp

ITEMS = {"en": ["Ann lives in Lisbon", "Ann plays the cello", "Ann's sister is Bea"],
         "zh": ["李雷住在杭州", "李雷会拉大提琴", "李雷的妹妹叫韩梅梅"]}
QUERY = {"en": "where does Ann live", "zh": "李雷住在哪里"}


def _vector(seed: int) -> np.ndarray:
    vec = np.random.default_rng(seed).standard_normal(8).astype(np.float32)
    return vec / np.linalg.norm(vec)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_index_rows_are_the_indexed_items_with_the_version(make_store: Callable[[str], MemoryStore],
                                                           kind: str, lang: str) -> None:
    store = make_store(kind)
    assert isinstance(store, SqlStore)
    assert store.index_rows("nobody").items == [] and store.index_rows("nobody").version == "0"
    items = [MemoryItem.create("u", text, "misc", kind="fact") for text in ITEMS[lang]]
    store.apply("u", [AddOp(i) for i in items])
    store.apply("u", [EndOp(items[1].id, "deleted", "asked to forget")])
    rows = store.index_rows("u")
    assert rows.complete and rows.version == store.memory_version("u")
    assert [i.id for i in rows.items] == [i.id for i in store.list_items_for_index("u", ("active", "superseded",
                                                                                           "archived"))]
    assert items[1].id not in {i.id for i in rows.items}  # deleted: never indexed
    if kind == "postgres":  # one statement also tells the last turn and whether vectors exist
        assert rows.last_seq == 0 and rows.new_vectors is False
        store.append_many([Turn("u", "t1", "s1", "user", ITEMS[lang][0], items[0].created_at)])
        SqlVectors(store).put("u", "m", [("item", items[0].id, "sha", _vector(1))])
        again = store.index_rows("u")
        assert again.last_seq == 1 and again.new_vectors is True and again.version == store.memory_version("u")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_changes_since_tells_whether_vectors_were_stored_after_the_version(
        make_store: Callable[[str], MemoryStore], lang: str) -> None:
    store = make_store("postgres")
    assert isinstance(store, SqlStore)
    first = MemoryItem.create("u", ITEMS[lang][0], "misc", kind="fact")
    store.apply("u", [AddOp(first)])
    before = store.memory_version("u")
    store.apply("u", [AddOp(MemoryItem.create("u", ITEMS[lang][2], "misc", kind="fact"))])
    assert store.changes_since("u", before).new_vectors is False
    SqlVectors(store).put("u", "m", [("item", first.id, "sha", _vector(2))])
    assert store.changes_since("u", before).new_vectors is True
    assert store.changes_since("u", store.memory_version("u")).new_vectors is False


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_a_cold_build_from_index_rows_ranks_as_before_and_catches_up(make_store: Callable[[str], MemoryStore],
                                                                     kind: str, lang: str) -> None:
    store = make_store(kind)
    items = [MemoryItem.create("u", text, "misc", kind="fact") for text in ITEMS[lang]]
    store.apply("u", [AddOp(i) for i in items])
    recaller = Recaller(store)
    found = recaller.recall("u", QUERY[lang], 3)
    assert found and found[0].item.id == items[0].id and recaller.build_count == 1
    index = recaller.cache.get("u")
    assert index is not None and index.version == store.memory_version("u")
    moved = MemoryItem.create("u", ITEMS[lang][0].replace("Lisbon", "Porto").replace("杭州", "上海"), "misc",
                              kind="fact")
    store.apply("u", [AddOp(moved), EndOp(items[0].id, "superseded", "moved")])
    assert recaller.recall("u", QUERY[lang], 1)[0].item.id == moved.id  # the change since the build applied
    assert recaller.build_count == 1
