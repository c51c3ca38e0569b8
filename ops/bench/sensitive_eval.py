"""Precision and recall of the sensitive-data detector on its labelled set, both halves.

    python ops/bench/sensitive_eval.py

Reads tests/pipeline/data/sensitive_{dev,test,heldout,third,fourth,fifth,sixth}.yaml (turn-level labels:
a category or ``none``) and prints, per half, precision and recall of "this
turn holds sensitive data", then recall per category. The dev half was used to
write the rules (memory_core/pipeline/sensitive_detect.py). ``test`` was held
out on 2026-12-01 (its misses were since described, by kind, in RESULTS.md);
``heldout`` was written on 2026-12-02 after that day's rules were frozen;
``third`` on the afternoon of 2026-12-02, before that round's rule changes;
``fourth`` after ``third``, on 2026-12-02, from the category descriptions alone
by a writer who read neither the detector's rules nor the other halves; it was
measured before and once after the second afternoon round (the mechanisms of
``sensitive_bound``), then seen (its failures opened) in the night round of 2026-12-02. ``fifth`` was
written blind on the night of 2026-12-02 (by a writer who read neither the detector nor the other
halves) and measured once, after that night's rounds (``sensitive_shape``, ``sensitive_topic``).
``fifth`` was then opened (its failures used as dev material, fixed by mechanism) on 2026-12-02 late morning;
``sixth`` was written blind on the late morning of 2026-12-02 (242 turns, by a writer who read neither the
detector nor the other halves), measured before that morning's rounds (P 0.943 R 0.917) and after them
(P 0.936 R 0.954), and never opened. The failures of a half are printed only with
``--failures <half>`` and only for halves already seen; a blind half's never are.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

import yaml

from memory_core.pipeline.sensitive import detect

DATA = Path(__file__).resolve().parents[2] / "tests" / "pipeline" / "data"
#: ``sixth`` is read when its file is there (written blind, measured once at the end of its pass).
ALL_HALVES = ("dev", "test", "heldout", "third", "fourth", "fifth", "sixth")
#: Halves whose failures may be printed (``--failures``): the ones already opened. Never a blind one.
SEEN = ("dev", "test", "heldout", "third", "fourth", "fifth")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--failures", default="", help="comma-separated seen halves whose misses to print")
    args = parser.parse_args()
    show = [h for h in args.failures.split(",") if h]
    if set(show) - set(SEEN):
        parser.error(f"failures are printed only for seen halves: {', '.join(SEEN)}")
    halves = tuple(h for h in ALL_HALVES if (DATA / f"sensitive_{h}.yaml").exists())
    print("| half | turns | EN | ZH | positives | precision | recall | F1 |")
    print("|---|---|---|---|---|---|---|---|")
    per_category: dict[str, Counter[str]] = {}
    failures: list[str] = []
    for half in halves:
        rows = yaml.safe_load((DATA / f"sensitive_{half}.yaml").read_text(encoding="utf-8"))
        tp = fp = fn = 0
        cats = per_category.setdefault(half, Counter())
        for row in rows:
            found = detect(row["text"])
            predicted, gold = bool(found), row["category"] != "none"
            for cat in {f.category for f in found}:  # a category's precision: its flagged turns that are sensitive
                cats[cat + ":flagged"] += 1
                cats[cat + ":right"] += gold
            tp += predicted and gold
            fp += predicted and not gold
            fn += gold and not predicted
            if half in show and predicted != gold:
                failures.append(f"{half}: {'missed' if gold else 'false positive'} ({row['category']}): {row['text']}")
            if gold:
                cats[row["category"] + ":n"] += 1
                cats[row["category"] + ":hit"] += predicted
        zh = sum(any("\u4e00" <= ch <= "\u9fff" for ch in r["text"]) for r in rows)
        p, r = tp / (tp + fp), tp / (tp + fn)
        print(f"| {half} | {len(rows)} | {len(rows) - zh} | {zh} | {tp + fn} | {p:.3f} | {r:.3f} | "
              f"{2 * p * r / (p + r):.3f} |")
    print()
    print("Per category: recall = turns of that label found / turns of that label; precision = turns where a value"
          " of that category was found that hold sensitive data / turns where one was found.")
    print()
    print("| category | " + " | ".join(f"{half} R | {half} P" for half in halves) + " |")
    print("|---" * (2 * len(halves) + 1) + "|")
    for cat in ("secret", "code", "card", "account", "id", "api_key", "health"):
        cells = []
        for h in halves:
            c = per_category[h]
            cells.append(f"{c[cat + ':hit']}/{c[cat + ':n']}")
            cells.append(f"{c[cat + ':right']}/{c[cat + ':flagged']}" if c[cat + ":flagged"] else "–")
        print(f"| {cat} | " + " | ".join(cells) + " |")
    for line in failures:
        print(line)


if __name__ == "__main__":
    main()
