"""Evidence recall@k and its per-category tally, shared by every evaluation.

Evidence recall@k, as used on LoCoMo (Maharana et al., 2024): for a
question, the share of its evidence turn ids found among the source turns
of the top-k retrieved entries. Figures are means over questions.
"""

from __future__ import annotations

import re
import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["K_VALUES", "Tally", "evidence_ids", "percentile", "recall_at_k"]

K_VALUES = (1, 5, 10, 20)
_EVIDENCE = re.compile(r"D(\d+):(\d+)")


def evidence_ids(raw: object) -> set[str]:
    """Normalise a QA record's evidence list ("D1:3", "D8:6; D9:17") to a set of dia_ids.

    Numbers lose their leading zeros ("D30:05" is turn "D30:5", as LoCoMo's
    turns are numbered), so a zero-padded reference still names its turn.
    """
    items = raw if isinstance(raw, list) else [raw]
    return {f"D{int(a)}:{int(b)}" for item in items for a, b in _EVIDENCE.findall(str(item))}


def recall_at_k(evidence: set[str], ranked_sources: Sequence[Sequence[str]], k: int) -> float:
    """Share of ``evidence`` among the source turns of the first ``k`` ranked entries (0..1)."""
    found = {turn for sources in ranked_sources[:k] for turn in sources}
    return len(evidence & found) / len(evidence) if evidence else 0.0


def percentile(values: Sequence[float], pct: float) -> float:
    """Nearest-rank percentile of ``values`` (sorted here), 0.0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(pct / 100 * (len(ordered) - 1))))
    return ordered[index]


class Tally:
    """Recall@k per question, grouped by category; ``overall`` pools the given categories.

    Args:
        overall: the categories pooled into "overall" (LoCoMo: 1-4; 5 is adversarial).
    """

    def __init__(self, overall: Iterable[str] = ("1", "2", "3", "4")) -> None:
        self.overall = tuple(overall)
        self.by_cat: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))

    def add(self, category: str, evidence: set[str], ranked: Sequence[Sequence[str]]) -> None:
        """Record one question's recall@k for every k in ``K_VALUES``."""
        for k in K_VALUES:
            self.by_cat[category][k].append(recall_at_k(evidence, ranked, k))

    def summary(self) -> dict[str, Any]:
        """{"overall": {"recall@k": mean}, "by_category": {cat: {...}}, "questions": {cat: n}}."""
        def block(scores: dict[int, list[float]]) -> dict[str, float]:
            return {f"recall@{k}": round(statistics.fmean(scores[k]), 4) if scores[k] else 0.0
                    for k in K_VALUES}

        pooled: dict[int, list[float]] = defaultdict(list)
        for cat in self.overall:
            if cat in self.by_cat:
                for k in K_VALUES:
                    pooled[k].extend(self.by_cat[cat][k])
        return {
            "overall": block(pooled),
            "by_category": {cat: block(self.by_cat[cat]) for cat in sorted(self.by_cat)},
            "questions": {cat: len(self.by_cat[cat][K_VALUES[0]]) for cat in sorted(self.by_cat)},
        }
