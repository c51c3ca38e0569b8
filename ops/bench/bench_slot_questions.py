"""What a process's first recall pays for the slot lexicon's question side, per source tree, in one run.

A recall indexes each slot item with its question words (``slot_terms``), reads a Chinese question's past
marker (``past_question.asks_about_past``) and masks a key by its object's names (``shown.shown_key``). Each
sample is a fresh Python process of one tree (``--tree``, repeated; the trees take turns sample by sample) that
imports those modules, then measures the CPU time (``time.process_time``) of their first calls: ``slot_terms``
over a set of keys, one Chinese past question, one key shown masked. "cold" runs with an empty user cache
folder (``XDG_CACHE_HOME``), "warm" with the folder a previous process of the same tree filled. Medians of
``--runs`` samples, in milliseconds; "÷ first tree" divides by the first tree's median of the same row.

Usage::

    .venv/bin/python ops/bench/bench_slot_questions.py --tree /work/main --tree . [--runs 7]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "ops" / "bench"))

from _stack import table  # noqa: E402

PROBE = """
import json, time
from memory_core.pipeline.slot_lexicon import slot_terms
from memory_core.retrieval.past_question import asks_about_past
from memory_core.shown import shown_key
from memory_core.pipeline.sensitive_detect import detect
keys = ["fact:occupation", "fact:lives_in", "pref:coffee", "pref:tea", "fact:allergy:peanuts", "todo:marathon",
        "gist:works_at", "fact:sister/works_at", "fact:pet:dog"]
text = "用户对花生过敏"
hidden = detect(text)
started = time.process_time()
terms = [slot_terms(k) for k in keys]
past = asks_about_past("她以前住在哪里？")
shown = shown_key("fact:allergy:peanuts", hidden, text, "用户对[health]过敏")
took = time.process_time() - started
print(json.dumps({"ms": took * 1e3, "past": past, "terms": sum(map(len, terms)), "shown": shown}))
"""


def _sample(tree: Path, cache: Path) -> dict[str, object]:
    """One fresh process of ``tree`` with ``cache`` as its user cache folder."""
    env = {**os.environ, "PYTHONPATH": str(tree), "XDG_CACHE_HOME": str(cache), "GULFSTREAM_EMBEDDER": "none"}
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, cwd=tree, capture_output=True, text=True,
                         check=True).stdout
    return dict(json.loads(out.strip().splitlines()[-1]))


def main() -> None:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description="a process's first slot question words, per tree")
    parser.add_argument("--tree", type=Path, action="append", default=None, help="a source tree (repeatable)")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    trees = [t.resolve() for t in (args.tree or [REPO])]
    samples: dict[tuple[str, Path], list[float]] = {}
    answers: dict[Path, set[str]] = {t: set() for t in trees}
    for _ in range(args.runs):
        for tree in trees:
            with tempfile.TemporaryDirectory(prefix="gs-bench-slotq-") as cache:
                for state in ("cold", "warm"):
                    got = _sample(tree, Path(cache))
                    samples.setdefault((state, tree), []).append(float(str(got.pop("ms"))))
                    answers[tree].add(json.dumps(got, sort_keys=True, ensure_ascii=False))
    load = os.getloadavg()[0]
    rows = []
    for state in ("cold", "warm"):
        first = statistics.median(samples[(state, trees[0])])
        for tree in trees:
            median = statistics.median(samples[(state, tree)])
            rows.append((state, str(tree), median, median / first))
    same = len({frozenset(a) for a in answers.values()}) == 1 and all(len(a) == 1 for a in answers.values())
    print(f"{args.runs} fresh processes per tree and row; CPU ms of the first calls; 1-minute load average "
          f"{load:.1f}; every tree gave the same answers: {same}\n")
    print(table(["user cache", "tree", "CPU ms (median)", "÷ first tree"], rows))


if __name__ == "__main__":
    main()
