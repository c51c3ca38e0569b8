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
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from _stack import percentiles, table
from bench_recall_rpc import WORDS, fill

from memory_core.embedded import EmbeddedMemory
from memory_core.mem0_compat import Memory as Mem0Memory
from memory_core.service import Memory
from memory_core.store.sql import SqlStore


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
