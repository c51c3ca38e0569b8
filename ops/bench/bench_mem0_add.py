"""Benchmark: a Mem0-shaped add beside a native add, one user with N items, as a ratio.

``bench_scale.py mem0add --sizes 10000 --writes 20`` (this module does the
work). One user with N synthetic items (``bench_recall_rpc.fill``) in an
embedded ``Memory`` on SQLite; then, alternating (the machine is shared: each
is measured beside the other), a native ``EmbeddedMemory.add`` and a Mem0
``Memory.add`` of one new sentence each (``infer=True``: the write pipeline
runs). The Mem0 add takes the store's change mark before and reads the rows
written after it (``memory_core.add_changes``); the native add reads the items
its turns touched (``MemoryStore.items_of_turns``). Beside them, after each
pair, the read of every item of the user the native add used to end with
(``_list``, every status): the add's former cost is its time plus that read.
Wall ms, medians and p99 over the writes; the ratios of the medians.

``bench_scale.py addreads --sizes 1000,10000 --writes 30`` (``add_reads``): the read that answers an add alone
(``items_of_turns`` of its turn ids), on SQLite, for items that each cite a turn, three ways in the same run,
alternating: by the ``memory_sources`` index (migration 0013, now), by the scan of every row's source array
(``json_each``, the 0012 query it replaced), and the listing of every item (what an add read before 0012, and what
the distributed and HTTP adds read until they asked the workers for ``items_of_turns``).
"""

from __future__ import annotations

import gc
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from _stack import percentiles, table
from bench_recall_rpc import WORDS, fill

from memory_core.embedded import EmbeddedMemory
from memory_core.mem0_compat import Memory as Mem0Memory
from memory_core.model import MemoryItem
from memory_core.service import Memory
from memory_core.store import sql_queries
from memory_core.store.sql import SqlStore
from memory_core.store.write_ops import AddOp


def _sentence(rng: random.Random) -> str:
    return f"I went to {' '.join(rng.choices(WORDS, k=6))} yesterday"


def mem0_beside_native(sizes: list[int], writes: int) -> None:
    """Print the table: per size, native add p50/p99, Mem0 add p50/p99, their ratio, the read of every item the
    native add used to end with, and the native add beside its former cost (add + that read)."""
    rng = random.Random(11)
    headers = ["items", "native add p50", "native add p99", "Mem0 add p50", "Mem0 add p99", "Mem0 / native p50",
               "read of every item (the former end of an add) p50", "native add / (native add + that read) p50"]
    rows = []
    for size in sizes:
        folder = Path(tempfile.mkdtemp(prefix="gulfstream-mem0add-"))
        store = SqlStore(f"sqlite:///{folder / 'm.db'}", migrate=True)
        api = EmbeddedMemory(Memory(store))
        mem0 = Mem0Memory(api)
        user = f"u{size}"
        fill(store, user, size, rng)
        api.add(_sentence(rng), user_id=user)  # the first add of a process loads what the pipeline needs
        native, shaped, every = [], [], []
        for _ in range(writes):
            t0 = time.perf_counter()
            api.add(_sentence(rng), user_id=user)
            native.append((time.perf_counter() - t0) * 1e3)
            t0 = time.perf_counter()
            mem0.add([{"role": "user", "content": _sentence(rng)}], user_id=user)
            shaped.append((time.perf_counter() - t0) * 1e3)
            t0 = time.perf_counter()
            api._list(user, None)  # what the native add read after applying its turns, before items_of_turns
            every.append((time.perf_counter() - t0) * 1e3)
        n50, _, n99 = percentiles(native)
        m50, _, m99 = percentiles(shaped)
        e50 = statistics.median(every)
        rows.append((f"{size:,}", n50, n99, m50, m99, f"{m50 / n50:.2f}x", e50, f"{n50 / (n50 + e50):.2f}x"))
        print(table(headers, rows[-1:]).splitlines()[-1], flush=True)
        store.close()
    print()
    print(table(headers, rows))
    print(f"\nms; {writes} adds of each kind, alternating, one new sentence each (infer=True).")


def _scan_query() -> Any:
    """The SQLite lookup of migration 0012: each of the user's rows' source array searched (``json_each``)."""
    from sqlalchemy import bindparam, exists, func, select

    m = sql_queries._M
    members = func.json_each(m.c.source).table_valued("value")
    listed = exists(select(1).select_from(members).where(members.c.value.in_(bindparam("tids", expanding=True))))
    return select(m.c.id).where(m.c.user_id == sql_queries._UID, listed)


def _fill_cited(store: SqlStore, user_id: str, count: int, rng: random.Random) -> None:
    """``count`` active items of ``user_id``, each citing a turn of its own (as curated items do)."""
    for start in range(0, count, 2000):
        store.apply(user_id, [AddOp(MemoryItem.create(user_id, " ".join(rng.choices(WORDS, k=rng.randint(5, 14))),
                                                      rng.choice(["places", "taste", "work"]), turn_id=f"f{start + n}"))
                              for n in range(min(2000, count - start))])


def add_reads(sizes: list[int], writes: int) -> None:
    """Print the table: per size, the read that answers an add by index, by the 0012 source scan and by the
    listing of every item (p50 and p99 ms each), and the index's p50 as a ratio to each."""
    rng = random.Random(13)
    headers = ["items", "by index p50", "by index p99", "source scan (0012) p50", "listing p50",
               "index / scan p50", "index / listing p50"]
    indexed_q, scan_q = sql_queries._Q_IDS_CITING["sqlite"], _scan_query()
    rows = []
    for size in sizes:
        folder = Path(tempfile.mkdtemp(prefix="gulfstream-addreads-"))
        store = SqlStore(f"sqlite:///{folder / 'm.db'}", migrate=True)
        api = EmbeddedMemory(Memory(store))
        user = f"u{size}"
        _fill_cited(store, user, size, rng)
        adds = [api.add(_sentence(rng), user_id=user)["turn_ids"] for _ in range(writes + 1)][1:]
        times: dict[str, list[float]] = {"index": [], "scan": [], "listing": []}
        for ids in adds:
            for way in times:
                sql_queries._Q_IDS_CITING["sqlite"] = scan_q if way == "scan" else indexed_q
                gc.collect()  # a listing's 10k records would otherwise be collected inside the next read's time
                t0 = time.perf_counter()
                got = api._list(user, None) if way == "listing" else api._of_turns(user, ids)
                times[way].append((time.perf_counter() - t0) * 1e3)
                if way == "scan":
                    assert [r["id"] for r in got] == [r["id"] for r in api._of_turns(user, ids)], "answers differ"
                del got
        sql_queries._Q_IDS_CITING["sqlite"] = indexed_q
        i50, _, i99 = percentiles(times["index"])
        s50, l50 = statistics.median(times["scan"]), statistics.median(times["listing"])
        rows.append((f"{size:,}", i50, i99, s50, l50, f"{i50 / s50:.3f}x", f"{i50 / l50:.4f}x"))
        print(table(headers, rows[-1:]).splitlines()[-1], flush=True)
        store.close()
    print()
    print(table(headers, rows))
    print(f"\nms, SQLite; {writes} adds' turn ids, each read the three ways in turn; items each cite a turn.")
