"""Proof that a change to the write path stores and recalls exactly what its parent does (LoCoMo, no embedder).

``dump`` ingests a LoCoMo file as ``gulfstream eval locomo`` does (mechanical pipeline, SQLite, no embedder, one
conversation at a time) and writes a JSON file with:

- every memory item and every revision, ids replaced by a label made from the item's content (user, source turns,
  key, first description) and write-clock stamps left out (``created_at``, ``updated_at``, ``last_used_at``,
  ``changed_version``, a revision's row id), sorted;
- each question's top 20 (lexical retriever, as the evaluation asks): turn ids, score (6 decimals), item label.

``compare A B`` prints, for items, revisions and rankings, "identical" or the count of differences with a few
examples. ``--trees A,B`` runs ``dump`` under each tree (``PYTHONPATH`` set to it, one process each) and compares,
and with ``--behaviour FILE`` also compares ``eval behaviour --json`` on FILE (timings dropped).

Run: ``python ops/bench/ingest_identity.py --trees /path/to/parent,/path/to/change
/work/shared/datasets/locomo/locomo10_dev.json --behaviour memory_core/data/behaviour/dev.yaml``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

SKIP_ITEM = {"id", "created_at", "updated_at", "last_used_at", "changed_version"}
ID_SHAPE = re.compile(r"[0-9a-f]{16}")


def dump(locomo: Path, out: Path) -> None:
    """Ingest ``locomo`` into a new SQLite memory and write its items, revisions and top-20 rankings to ``out``."""
    os.environ["GULFSTREAM_EMBEDDER"] = "none"
    from sqlalchemy import create_engine, text

    from memory_core.eval.ablation import mechanical_recaller
    from memory_core.eval.locomo import _locomo_user
    from memory_core.eval.metrics import evidence_ids
    from memory_core.ingest_io import read_locomo
    from memory_core.retrieval.stages import RETRIEVERS
    from memory_core.service import open_memory
    from memory_core.settings import Settings

    samples = read_locomo(json.loads(locomo.read_text(encoding="utf-8")), _locomo_user)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/identity.sqlite3"
        memory = open_memory(Settings(database_url=url, maintain_every_turns=0, embedder="none"))
        try:
            for sample in samples:
                memory.ingest(sample.turns)
            engine = create_engine(url)
            with engine.connect() as conn:
                items = [dict(r) for r in conn.execute(text("SELECT * FROM memories")).mappings()]
                revisions = [dict(r) for r in conn.execute(text(
                    "SELECT * FROM memory_revisions ORDER BY user_id, item_id, position")).mappings()]
            engine.dispose()
            label = _labels(items, revisions)
            recaller = mechanical_recaller(memory.recaller)
            recaller.settings = RETRIEVERS["lexical"]
            rankings = []
            for sample in samples:
                user_id = sample.turns[0].user_id if sample.turns else ""
                for qa in sample.qa:
                    if not evidence_ids(qa.get("evidence")):
                        continue
                    response = memory.recall(user_id, str(qa["question"]), k=20)
                    rankings.append([str(qa["question"]), [
                        [list(r.turn_ids), round(float(r.score), 6), label.get(r.item.id, r.item.id)]
                        for r in response.results]])
        finally:
            memory.close()

    def canon(value: Any) -> str:
        return ID_SHAPE.sub(lambda m: label.get(m.group(0), m.group(0)), str(value))

    out.write_text(json.dumps({
        "items": sorted(json.dumps({k: canon(v) for k, v in row.items() if k not in SKIP_ITEM}
                                   | {"label": label[row["id"]]}, sort_keys=True, ensure_ascii=False)
                        for row in items),
        "revisions": sorted(json.dumps({k: canon(v) for k, v in row.items() if k != "id"}, sort_keys=True,
                                       ensure_ascii=False) for row in revisions),
        "rankings": [json.dumps(r, ensure_ascii=False) for r in rankings],
    }, ensure_ascii=False), encoding="utf-8")


def _labels(items: list[dict[str, Any]], revisions: list[dict[str, Any]]) -> dict[str, str]:
    first = {(r["user_id"], r["item_id"]): r["new_description"] for r in revisions if r["position"] == 0}
    label = {}
    for row in items:
        source = row["source"] if isinstance(row["source"], str) else json.dumps(row["source"])
        content = json.dumps([row["user_id"], source, row["key"], first.get((row["user_id"], row["id"]), "")],
                             ensure_ascii=False)
        label[row["id"]] = "ITEM[" + hashlib.sha1(content.encode()).hexdigest()[:12] + "]"
    return label


def compare(a: Path, b: Path) -> bool:
    """Print how the dumps ``a`` and ``b`` differ per part; return True when they are identical."""
    x, y = json.loads(a.read_text(encoding="utf-8")), json.loads(b.read_text(encoding="utf-8"))
    same = True
    for part in ("items", "revisions", "rankings"):
        if x[part] == y[part]:
            print(f"{part}: {len(x[part])} identical")
            continue
        same = False
        only_a = [r for r in x[part] if r not in set(y[part])]
        only_b = [r for r in y[part] if r not in set(x[part])]
        print(f"{part}: DIFFERENT ({len(x[part])} vs {len(y[part])}; {len(only_a)} only in A, {len(only_b)} only in B)")
        for row in only_a[:3]:
            print("  A:", row[:400])
        for row in only_b[:3]:
            print("  B:", row[:400])
    return same


def _behaviour(tree: Path, cases: Path, out: Path) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(tree), "GULFSTREAM_EMBEDDER": "none"}
    subprocess.run([sys.executable, "-m", "memory_core", "eval", "behaviour", "--json", str(out),
                    str(cases)], cwd=tree, env=env, check=False, capture_output=True)
    report = json.loads(out.read_text(encoding="utf-8"))
    for key in ("timing", "generated_at"):
        report.pop(key, None)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("args", nargs="+", help="dump LOCOMO OUT | compare A B | LOCOMO (with --trees)")
    parser.add_argument("--trees", default="", help="two checkouts, parent first: dump under each and compare")
    parser.add_argument("--behaviour", type=Path, help="a behaviour case file to compare too (with --trees)")
    args = parser.parse_args()
    if args.args[0] == "dump":
        dump(Path(args.args[1]), Path(args.args[2]))
        return
    if args.args[0] == "compare":
        sys.exit(0 if compare(Path(args.args[1]), Path(args.args[2])) else 1)
    trees = [Path(t).resolve() for t in args.trees.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        outs = [Path(tmp) / f"{n}.json" for n in range(len(trees))]
        procs = [subprocess.Popen([sys.executable, __file__, "dump", args.args[0], str(o)],
                                  env={**os.environ, "PYTHONPATH": str(t)}) for t, o in zip(trees, outs, strict=True)]
        if any(p.wait() for p in procs):
            sys.exit("a dump failed")
        same = compare(outs[0], outs[1])
        if args.behaviour:
            reports = [_behaviour(t, args.behaviour.resolve(), Path(tmp) / f"b{n}.json") for n, t in enumerate(trees)]
            ok = reports[0] == reports[1]
            rates = [r.get("overall", {}).get("pass_rate") for r in reports]
            print(f"behaviour {args.behaviour.name}: {'identical' if ok else 'DIFFERENT'} ({rates[0]} vs {rates[1]})")
            same = same and ok
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
