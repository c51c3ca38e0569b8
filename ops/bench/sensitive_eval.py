"""Precision and recall of the sensitive-data detector on its labelled set, both halves.

    python ops/bench/sensitive_eval.py

Reads tests/pipeline/data/sensitive_{dev,test,heldout,third,fourth,fifth}.yaml (turn-level labels:
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
The held-out halves' individual failures are never printed.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import yaml

from memory_core.pipeline.sensitive import detect

DATA = Path(__file__).resolve().parents[2] / "tests" / "pipeline" / "data"
HALVES = ("dev", "test", "heldout", "third", "fourth", "fifth")


def main() -> None:
    print("| half | turns | EN | ZH | positives | precision | recall | F1 |")
    print("|---|---|---|---|---|---|---|---|")
    per_category: dict[str, Counter[str]] = {}
    for half in HALVES:
        rows = yaml.safe_load((DATA / f"sensitive_{half}.yaml").read_text(encoding="utf-8"))
        tp = fp = fn = 0
        cats = per_category.setdefault(half, Counter())
        for row in rows:
            predicted, gold = bool(detect(row["text"])), row["category"] != "none"
            tp += predicted and gold
            fp += predicted and not gold
            fn += gold and not predicted
            if gold:
                cats[row["category"] + ":n"] += 1
                cats[row["category"] + ":hit"] += predicted
        zh = sum(any("\u4e00" <= ch <= "\u9fff" for ch in r["text"]) for r in rows)
        p, r = tp / (tp + fp), tp / (tp + fn)
        print(f"| {half} | {len(rows)} | {len(rows) - zh} | {zh} | {tp + fn} | {p:.3f} | {r:.3f} | "
              f"{2 * p * r / (p + r):.3f} |")
    print()
    print("| category | " + " | ".join(f"{half} recall" for half in HALVES) + " |")
    print("|---" * (len(HALVES) + 1) + "|")
    for cat in ("secret", "code", "card", "account", "id", "api_key", "health"):
        cells = [f"{per_category[h][cat + ':hit']}/{per_category[h][cat + ':n']}" for h in HALVES]
        print(f"| {cat} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
