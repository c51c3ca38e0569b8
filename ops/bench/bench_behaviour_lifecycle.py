"""The behaviour suite with and without the maintenance job between turns, in one run.

Usage: ``PYTHONPATH=. python ops/bench/bench_behaviour_lifecycle.py [--json out.json]``

Runs ``evaluate_behaviour`` on dev.yaml, test.yaml and the holdout files (``SPLITS``) twice: with the plain
embedded backend (maintenance never runs: the cases are shorter than the
after-ingest pass) and with ``MaintainedBackend`` (the full job after every
turn). Prints the dev half by category and the held-out halves' overall
figures only, for both runs, and what maintenance did.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from memory_core.eval.behaviour import DEV_PATH, TEST_PATH, EmbeddedBackend, evaluate_behaviour
from memory_core.eval.behaviour_cases import BEHAVIOUR_DIR
from memory_core.eval.behaviour_maintained import MaintainedBackend

SPLITS = ("dev", "test", *sorted(p.stem for p in BEHAVIOUR_DIR.glob("holdout*.yaml")))


def _pct(rate: dict[str, object]) -> str:
    return f"{100 * float(rate['pass_rate'] or 0):5.1f}% ({rate['checks_passed']}/{rate['checks']})"


def main() -> None:
    """Run both and print the comparison table (markdown)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    paths = [DEV_PATH, TEST_PATH, *(BEHAVIOUR_DIR / f"{s}.yaml" for s in SPLITS[2:])]
    plain = EmbeddedBackend()
    kept = MaintainedBackend()
    try:
        without = evaluate_behaviour(paths, backend=plain)
        with_job = evaluate_behaviour(paths, backend=kept)
    finally:
        plain.close()
        kept.close()
    print(f"load average {os.getloadavg()[0]:.2f}; maintenance runs {kept.runs}: summaries {kept.summaries}, "
          f"merged {kept.merged}, expired {kept.expired}, archived {kept.archived}\n")
    print("| split / category | without maintenance | maintenance after every turn |")
    print("|---|---|---|")
    for category, rate in without["splits"]["dev"]["categories"].items():
        print(f"| dev / {category} | {_pct(rate)} | {_pct(with_job['splits']['dev']['categories'][category])} |")
    for split in SPLITS:
        print(f"| **{split} overall** | {_pct(without['splits'][split]['overall'])} | "
              f"{_pct(with_job['splits'][split]['overall'])} |")
    print(f"| all checks | {_pct(without['overall'])} | {_pct(with_job['overall'])} |")
    print(f"| wall s | {without['timing']['wall_s']} | {with_job['timing']['wall_s']} |")
    if args.json:
        args.json.write_text(json.dumps({
            "without": {s: without["splits"][s]["overall"] for s in SPLITS},
            "with": {s: with_job["splits"][s]["overall"] for s in SPLITS},
            "dev_categories": {"without": without["splits"]["dev"]["categories"],
                               "with": with_job["splits"]["dev"]["categories"]},
            "maintenance": {"runs": kept.runs, "summaries": kept.summaries, "merged": kept.merged,
                            "expired": kept.expired, "archived": kept.archived}}, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
