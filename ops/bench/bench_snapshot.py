"""Benchmark: a cold user's first recall from a column snapshot, beside the pickled snapshot and a full build.

``bench_scale.py snapshot --sizes 20000,100000 --rounds 3`` (this module does
the work). One user with N synthetic items (``bench_recall_rpc.fill``) on
SQLite; the items are read once as a recall index reads them (no history).
Then, in alternating rounds (the machine is shared: each method is measured
beside the others, in turn, and the load average is printed with each row):

- ``build``: the index built from the items, then the first search;
- ``pickle``: the format before the column snapshot (``snapshot.py`` of
  commit ``PICKLE_COMMIT``, read from git): load, restore, first search;
- ``columns``: the column snapshot: load, restore, first search;
- ``columns via Recaller``: a new ``Recaller`` with the snapshot folder
  answering the user's first recall end to end (the hit-count read and the
  catch-up read on the store included).

CPU seconds (``time.process_time``: what the process itself spent, less
sensitive to other work on the machine) and wall seconds, medians over the
rounds, and the file sizes.
"""

from __future__ import annotations

import gc
import importlib.util
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from _stack import table
from bench_recall_rpc import WORDS, fill

from memory_core.model import MemoryItem
from memory_core.retrieval import snapshot
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.recall import Recaller
from memory_core.retrieval.recall_snapshots import gc_paused
from memory_core.store.sql import SqlStore
from memory_core.store.store_reports import INDEXED_STATUSES

PICKLE_COMMIT = "65f31b1"
_ROOT = Path(__file__).resolve().parents[2]


def pickle_format(folder: Path) -> ModuleType:
    """The pickled-snapshot module of ``PICKLE_COMMIT``, imported from git under its own name."""
    source = subprocess.run(["git", "-C", str(_ROOT), "show", f"{PICKLE_COMMIT}:memory_core/retrieval/snapshot.py"],
                            check=True, capture_output=True, text=True).stdout
    path = folder / "pickled_snapshot.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("pickled_snapshot", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["pickled_snapshot"] = module
    spec.loader.exec_module(module)
    return module


def timed(work: Callable[[], object]) -> tuple[float, float]:
    """(CPU s, wall s) of ``work`` with the collector paused (as the recall worker loads)."""
    gc.collect()
    c0, w0 = time.process_time(), time.perf_counter()
    with gc_paused():
        work()
    return time.process_time() - c0, time.perf_counter() - w0


def cold_loads(sizes: list[int], rounds: int) -> None:
    """Print the table of the module docstring."""
    rng = random.Random(11)
    HybridIndex.build([MemoryItem.create("w", "warm up 咖啡", "x")]).search("warm 咖啡", 1)  # jieba loaded once
    headers = ["items", "method", "CPU s (median)", "wall s (median)", "file MiB", "CPU / columns CPU",
               "load avg (1 min) per round"]
    rows: list[tuple[str, ...]] = []
    for size in sizes:
        for row in one_size(size, rounds, rng):
            rows.append(row)
            print(table(headers, [row]).splitlines()[-1], flush=True)
    print()
    print(table(headers, rows))
    print(f"\nseconds to the first search's answer (a search of 3 words, k=10), medians of {rounds} alternating "
          "rounds; CPU is time.process_time of this process.")


def one_size(size: int, rounds: int, rng: random.Random) -> list[tuple[str, ...]]:
    """The rows of one size (see ``cold_loads``)."""
    folder = Path(tempfile.mkdtemp(prefix="gulfstream-snapbench-"))
    store = SqlStore(f"sqlite:///{folder / 'm.db'}", migrate=True)
    user = f"u{size}"
    fill(store, user, size, rng)
    items = store.list_items_for_index(user, INDEXED_STATUSES)
    old = pickle_format(folder)
    index = HybridIndex.build(items)
    index.version = store.memory_version(user)
    columns, pickled = snapshot.IndexSnapshots(folder / "columns"), old.IndexSnapshots(folder / "pickled")
    columns.save(user, index)
    pickled.save(user, index)
    del index
    query = " ".join(rng.choices(WORDS, k=3))
    results: dict[str, list[tuple[float, float]]] = {}
    loads: dict[str, list[float]] = {}

    def build() -> None:
        HybridIndex.build(items).search(query, 10)

    def from_pickle() -> None:
        old.restore_index(pickled.load(user, HybridIndex())).search(query, 10)

    def from_columns() -> None:
        snapshot.restore_index(columns.load(user, HybridIndex())).search(query, 10)  # type: ignore[arg-type]

    def via_recaller() -> None:
        Recaller(store, snapshots=snapshot.IndexSnapshots(folder / "columns")).recall(user, query, 10)

    methods = {"build": build, "pickle": from_pickle, "columns": from_columns, "columns via Recaller": via_recaller}
    for _ in range(rounds):
        for name, work in methods.items():
            loads.setdefault(name, []).append(os.getloadavg()[0])
            results.setdefault(name, []).append(timed(work))
    store.close()
    base = statistics.median(c for c, _ in results["columns"])
    sizes_mib = {"pickle": pickled.path(user).stat().st_size / 2**20,
                 "columns": columns.path(user).stat().st_size / 2**20}
    rows = []
    for name, samples in results.items():
        cpu = statistics.median(c for c, _ in samples)
        wall = statistics.median(w for _, w in samples)
        size_mib = sizes_mib.get(name.split()[0])
        rows.append((f"{size:,}", name, f"{cpu:.3f}", f"{wall:.3f}", "" if size_mib is None else f"{size_mib:.0f}",
                     f"{cpu / base:.1f}x", " / ".join(f"{v:.1f}" for v in loads[name])))
    return rows
