"""What a one-shot ``gulfstream recall`` costs, against the start-up of ``python -c pass`` measured in the same run.

Each row runs one command in a fresh process, ``--runs`` times, and reports the median CPU seconds (user + system
of the child: wall time on a shared machine says more about the neighbours) and the ratio to the baseline. The
store is the demo's (``gulfstream demo --db``, built once, lexical) unless ``--db`` names one; ``--user`` and the
queries must then fit it. A "cold" row starts with an empty cut cache (jieba's parsed dictionary kept), a "warm"
row after one run filled it, as a user's second command finds it. ``memories`` (the user's active items, no
recall) is the other read a one-shot command makes.

Usage::

    python ops/bench/bench_cli_startup.py [--tree /path/to/checkout ...] [--runs 5]

Several ``--tree`` give one column each (e.g. main's checkout and a branch's), measured in the same run: the
trees take turns run by run, so a change of load on the shared machine falls on each alike.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
QUERIES = {"en": "where does Mia live now?", "zh": "她养了什么宠物？"}


def cpu_seconds(argv: list[str], env: dict[str, str], cwd: Path = REPO) -> float:
    """CPU seconds (user + system) of one child process running ``argv`` in ``cwd`` (``-m`` puts it first on
    ``sys.path``: it picks the checkout whose code runs); raises when it fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=600, cwd=cwd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{argv}: {done.stderr[-500:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", type=Path, help="checkout whose code runs (default: this one)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--db", help="an existing store (default: the demo's, built here)")
    parser.add_argument("--user", default="demo-mia")
    args = parser.parse_args()
    trees = args.tree or [REPO]
    work = Path(tempfile.mkdtemp(prefix="bench-cli-"))
    base_env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(work), "GULFSTREAM_EMBEDDER": "none",
                "XDG_CACHE_HOME": str(work / "cache"), "XDG_DATA_HOME": str(work / "data")}
    py = sys.executable
    db = args.db or f"sqlite:///{work}/demo.sqlite3"
    if not args.db:
        subprocess.run([py, "-m", "memory_core", "demo", "--db", db], env={**base_env, "PYTHONPATH": str(trees[0])},
                       capture_output=True, check=True, timeout=900, cwd=trees[0])
    # jieba's parsed dictionary (cache/gulfstream/jieba.cache), made by the build above, is kept for every row
    def clear_cuts() -> None:
        for f in (work / "cache" / "gulfstream").glob("jieba-cuts-*.json"):
            f.unlink()

    cases = {"--help": (["--help"], None), "memories": (["memories", "--user", args.user, "--db", db], None)}
    for lang, query in QUERIES.items():
        recall = ["recall", "--user", args.user, query, "-k", "3", "--db", db, "--json"]
        cases[f"recall {lang}, cold cut cache"] = (recall, True)
        cases[f"recall {lang}, warm"] = (recall, False)
    baseline = statistics.median(cpu_seconds([py, "-c", "pass"], base_env) for _ in range(args.runs))
    rows: dict[str, list[float]] = {}
    for name, (argv, cold) in cases.items():
        times: dict[Path, list[float]] = {tree: [] for tree in trees}
        for _ in range(args.runs):
            for tree in trees:  # the trees take turns, so a change of load on the machine falls on each
                if cold:
                    clear_cuts()
                env = {**base_env, "PYTHONPATH": str(tree)}
                times[tree].append(cpu_seconds([py, "-m", "memory_core", *argv], env, tree))
        rows[name] = [statistics.median(times[tree]) for tree in trees]
    head = " | ".join(f"{t.name}: CPU s (× pass)" for t in trees)
    print(f"baseline `python -c pass`: {baseline:.3f} CPU s (median of {args.runs})\n")
    print(f"| command | {head} |")
    print("|---|" + "---|" * len(trees))
    print("| python -c pass | " + " | ".join(f"{baseline:.3f} (1.0)" for _ in trees) + " |")
    for name, values in rows.items():
        print(f"| {name} | " + " | ".join(f"{v:.3f} ({v / baseline:.1f})" for v in values) + " |")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
