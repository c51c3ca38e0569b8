"""A loaded index's maps are read from its columns key by key: a catch-up touches what it changes, ranks as before.

Also: ``ColumnMap`` behaves as a dict (reads, writes, deletions, iteration),
``Strings.code_of`` finds whole values only, and an evicted loaded index is
freed by reference counting (no cycle keeps its columns until a collection).
"""

from __future__ import annotations

import gc
import weakref
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from test_snapshot_columns import items_and_turns, loaded, ranking

from memory_core.model import Status
from memory_core.retrieval import column_map
from memory_core.retrieval.column_map import ColumnMap
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.snapshot import IndexSnapshots
from memory_core.retrieval.snapshot_text import Strings, put_strings

BY_KEY = ("_pos", "_group_of", "_turn_pos", "_slots_by_turn", "_active_by_key", "_ended_by_key")


def test_a_column_map_reads_writes_and_deletes_as_a_dict_and_is_made_whole_only_when_iterated() -> None:
    stored = {"a": 1, "b": 2, "咖啡": 3}
    asked: list[str] = []

    def find(key: str) -> int | None:
        asked.append(key)
        return stored.get(key)

    m: ColumnMap[str, int] = ColumnMap(find, lambda: dict(stored), len(stored))
    assert m.get("a") == 1 and m["咖啡"] == 3 and "zz" not in m and m.get("zz", -1) == -1 and len(m) == 3
    m["c"] = 4
    del m["b"]
    assert m.setdefault("a", 9) == 1 and m.setdefault("d", 5) == 5 and len(m) == 4
    with pytest.raises(KeyError):
        del m["b"]
    with pytest.raises(KeyError):
        m["b"]
    m["b"] = 7  # deleted, then set again
    assert m._dict is None and asked  # so far key by key
    assert dict(m) == {"a": 1, "咖啡": 3, "c": 4, "d": 5, "b": 7} and len(m) == 5
    assert m._dict is not None  # iterated: whole from here
    del m["c"]
    assert sorted(m) == ["a", "b", "d", "咖啡"]


def test_a_column_map_is_made_whole_after_many_lookups(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(column_map, "WHOLE_AFTER", 3)
    wholes: list[int] = []

    def whole() -> dict[int, int]:
        wholes.append(1)
        return {i: i * 2 for i in range(100)}

    m: ColumnMap[int, int] = ColumnMap(lambda k: k * 2 if 0 <= k < 100 else None, whole, 100)
    assert [m[i] for i in range(3)] == [0, 2, 4] and not wholes
    assert m[50] == 100 and wholes == [1] and m.get(500) is None and len(m) == 100
    m[500] = 1
    del m[0]
    assert len(m) == 100 and m[500] == 1 and 0 not in m and dict(m)[500] == 1


def test_a_key_found_nowhere_is_searched_once() -> None:
    asked: list[str] = []
    m: ColumnMap[str, int] = ColumnMap(lambda k: asked.append(k) or None, dict, 0)
    assert m.get("new") is None and "new" not in m
    m["new"] = 3
    assert m.setdefault("other", 4) == 4 and m["new"] == 3 and len(m) == 2
    assert asked == ["new", "other"]


@pytest.mark.parametrize("values", [["m-1-1", "m-1-10", "m-1-11", "m-1-1x", "xm-1-1"],
                                    ["", "a", "", "ab"], ["咖啡", "咖", "啡咖啡", "里斯本"]])
def test_strings_find_whole_values_only(values: list[str]) -> None:
    out: dict[str, np.ndarray] = {}
    put_strings(out, "s", values)
    strings = Strings(out, "s")
    for value in values:
        code = strings.code_of(value)
        assert code is not None and strings.at(strings.rows_with(code)[0]) == value
    for absent in ("m-1-", "-1-1", "啡咖", "b", "zz"):
        if absent not in values:
            assert strings.code_of(absent) is None


def test_a_catch_up_of_a_loaded_index_reads_its_maps_key_by_key_and_ranks_as_the_index_kept(
        tmp_path: Path) -> None:
    items, turns = items_and_turns("u", 90)
    index = HybridIndex.build(items[:80], turns[:80])
    snaps = IndexSnapshots(tmp_path / "snaps")
    snaps.save("u", index)
    back = loaded(snaps, "u")
    changes = [replace(items[1], status=Status.SUPERSEDED), replace(items[4], description="我搬到了上海 Porto"),
               replace(items[7], status=Status.DELETED), *items[80:]]
    for target in (back, index):
        target.apply(changes, turns[80:])
    for name in BY_KEY:  # only the keys the change set named were read
        assert getattr(back, name)._dict is None, name
    assert ranking(back) == ranking(index)  # (a search reads the keys of the by-key maps: one per slot key)
    assert {k: len(getattr(back, k)) for k in BY_KEY} == {k: len(getattr(index, k)) for k in BY_KEY}
    for name in BY_KEY:  # and the whole maps equal the kept index's
        assert dict(getattr(back, name)) == dict(getattr(index, name)), name
    snaps.save("u", back)  # saved again (maps iterated), loaded, changed: still the same ranking
    again = loaded(snaps, "u")
    more = [replace(items[10], description="Rex moved to Porto"), replace(items[81], status=Status.SUPERSEDED)]
    for target in (again, index):
        target.apply(more)
    assert ranking(again) == ranking(index)
    again.compact()
    assert ranking(again) == ranking(index)


def test_an_evicted_loaded_index_is_freed_without_the_collector(tmp_path: Path) -> None:
    items, turns = items_and_turns("u", 40)
    snaps = IndexSnapshots(tmp_path / "snaps")
    snaps.save("u", HybridIndex.build(items, turns))
    back = loaded(snaps, "u")
    back.search("Lisbon", 3)
    refs = [weakref.ref(back), weakref.ref(back.lexical), weakref.ref(back.turns), weakref.ref(back.table)]
    was = gc.isenabled()
    gc.disable()
    try:
        del back
        assert [r() for r in refs] == [None] * len(refs)  # reference counting alone freed it and its columns
    finally:
        if was:
            gc.enable()


def test_a_loaded_and_searched_index_holds_no_more_than_its_estimate(tmp_path: Path) -> None:
    """What a cache budget counts is what the index holds (tracemalloc), loaded or built, EN and ZH."""
    import tracemalloc

    items, turns = items_and_turns("u", 100)
    items = [replace(i, history=[]) for i in items]  # as an index reads them (``list_items_for_index``)
    snaps = IndexSnapshots(tmp_path / "snaps")
    snaps.save("u", HybridIndex.build(items, turns))
    ranking(loaded(snaps, "u"))  # tables the first search loads, loaded before measuring
    for make in (lambda: loaded(snaps, "u"), lambda: HybridIndex.build(items, turns)):
        tracemalloc.start()
        try:
            kept = [make() for _ in range(10)]
            for index in kept:
                ranking(index)
            held, _ = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        estimate = sum(i.nbytes() for i in kept)
        # an area search reads every item of a loaded index: the estimate counts them all (``_item_bytes``)
        assert held <= estimate, (held / 10 / 1024, estimate / 10 / 1024)
        assert held >= 0.6 * estimate  # and not wildly over
