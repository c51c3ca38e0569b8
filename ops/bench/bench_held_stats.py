"""Benchmark: what holding BM25's N and avgdl between refreshes costs in recall, on LoCoMo's conversations.

``LiveBM25`` holds N and avgdl (and the mean-idf floor) from one refresh to
the next while fewer than N/``HELD_DRIFT`` documents changed
(``memory_core/retrieval/live_bm25.py``). A user's index built in one pass
(as the LoCoMo eval's, which ingests before it asks) is exact, so the eval's
R@10 cannot show the approximation. Here each conversation is ingested as the
eval ingests it; then its index is made twice: built whole from every item
(exact), and built from the older half of the items with the newer half
applied one item at a time (statistics held within the bound, as a recall
worker's index is between refreshes). Every question of the conversation is
asked of both (the eval's lexical stages, ``HybridIndex.search``, k = 10):
R@10 of each by the eval's evidence rule, and the share of questions whose
top-10 (ids in order) is identical. ``--drift`` sets a looser bound too
(e.g. 8: N off by up to 1/8), to show how far the figure is from moving.

Run: ``PYTHONPATH=. .venv/bin/python ops/bench/bench_held_stats.py ../shared/datasets/locomo/locomo10_dev.json
[--drift 32 --drift 8]`` (the file is read, never copied into the repo).
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from _stack import table

import memory_core.retrieval.live_bm25 as live_bm25
from memory_core.eval.locomo import _locomo_user
from memory_core.eval.metrics import Tally, evidence_ids
from memory_core.ingest_io import read_locomo
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.index import INDEXED_STATUSES
from memory_core.retrieval.stages import RETRIEVERS
from memory_core.service import open_memory
from memory_core.settings import Settings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("locomo", type=Path)
    parser.add_argument("--drift", type=int, action="append", help="HELD_DRIFT values (default: the shipped one)")
    args = parser.parse_args()
    samples = read_locomo(json.loads(args.locomo.read_text("utf-8")), _locomo_user)
    settings = RETRIEVERS["lexical"]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        memory = open_memory(Settings(database_url=f"sqlite:///{tmp}/h.sqlite3", maintain_every_turns=0,
                                      embedder="none"))
        for sample in samples:
            memory.ingest(sample.turns)
        store, log = memory.store, memory.store.turn_log()
        for drift in args.drift or [live_bm25.HELD_DRIFT]:
            live_bm25.HELD_DRIFT = drift
            exact_t, held_t = Tally(), Tally()
            same = asked = held_docs = refreshes_apart = 0
            for sample in samples:
                user = sample.turns[0].user_id
                items = sorted(store.list_items_for_index(user, INDEXED_STATUSES), key=lambda i: (i.created_at, i.id))
                turns = log.list_turns(user) if log is not None else []
                exact = HybridIndex.build(items, turns)
                half = len(items) // 2
                held = HybridIndex.build(items[:half], turns)
                for item in items[half:]:
                    held.apply([item])
                held_docs += held.lexical._drift
                refreshes_apart += held.lexical.n_live // drift
                for qa in sample.qa:
                    evidence = evidence_ids(qa.get("evidence"))
                    if not evidence:
                        continue
                    category, question = str(qa.get("category")), str(qa["question"])
                    a = exact.search(question, 10, settings=settings)
                    b = held.search(question, 10, settings=settings)
                    exact_t.add(category, evidence, [r.turn_ids for r in a])
                    held_t.add(category, evidence, [r.turn_ids for r in b])
                    asked += category in ("1", "2", "3", "4")
                    same += category in ("1", "2", "3", "4") and [r.item.id for r in a] == [r.item.id for r in b]
            e, h = exact_t.summary()["overall"], held_t.summary()["overall"]
            rows.append((f"1/{drift}", asked, f"{e['recall@10']:.3f}", f"{h['recall@10']:.3f}", f"{e['recall@5']:.3f}",
                         f"{h['recall@5']:.3f}", f"{same / asked:.3f}", f"{held_docs}/{refreshes_apart}"))
        memory.close()
    print(table(["bound (N off by at most)", "questions (cat 1-4)", "exact R@10", "held R@10", "exact R@5",
                 "held R@5", "identical top-10", "changes held at the end / bound (all users)"], rows))


if __name__ == "__main__":
    main()
