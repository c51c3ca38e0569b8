"""Run many retrieval configurations over one ingested corpus: the ablation table.

The corpus is ingested once; every configuration (``stages.HybridSettings``)
then answers every question through the same ``Recaller`` (indexes built
once and kept warm, so only query time is measured). Each row gives recall
per category and the recall latency of that configuration, in the same run.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from memory_core.eval.metrics import K_VALUES, Tally, percentile
from memory_core.retrieval.recall import Recaller
from memory_core.retrieval.stages import HybridSettings

__all__ = ["Question", "format_ablation", "mechanical_recaller", "run_configs"]


def mechanical_recaller(recaller: object) -> Recaller:
    """Return ``recaller`` as the mechanical ``Recaller`` whose retrievers an evaluation switches.

    Raises:
        TypeError: another recaller (e.g. the LLM one) is in place.
    """
    if not isinstance(recaller, Recaller):
        raise TypeError(f"this evaluation switches the mechanical Recaller's retrievers; "
                        f"the memory has a {type(recaller).__name__}")
    return recaller


@dataclass(slots=True, frozen=True)
class Question:
    """One evaluation question.

    Attributes:
        user_id: whose memory answers it.
        text: the question.
        category: its category label ("1".."5" on LoCoMo, "zh"/"en"/"mixed" on the bilingual set).
        evidence: the turn ids that hold the answer.
    """

    user_id: str
    text: str
    category: str
    evidence: frozenset[str]


def run_configs(recaller: Recaller, questions: Sequence[Question], configs: Sequence[HybridSettings],
                overall: Sequence[str], advance: Callable[[int], None] = lambda n: None) -> list[dict[str, Any]]:
    """Answer every question with every configuration.

    Args:
        recaller: over the ingested store; each user's index is built before timing starts.
        questions: what to ask.
        configs: the configurations, one row each.
        overall: categories pooled into the "overall" figures.
        advance: progress callback, called with 1 per configuration.

    Returns:
        One dict per configuration: ``{"stages": label, **Tally.summary(),
        "recall_ms": {"p50", "p95"}}`` (milliseconds, per ``Recaller.recall`` call).
    """
    for user_id in dict.fromkeys(q.user_id for q in questions):
        recaller.index_for(user_id)
    rows = []
    for config in configs:
        tally, latencies = Tally(overall), []
        for q in questions:
            started = time.perf_counter()
            results = recaller.recall(q.user_id, q.text, k=max(K_VALUES), settings=config)
            latencies.append((time.perf_counter() - started) * 1e3)
            tally.add(q.category, set(q.evidence), [r.turn_ids for r in results])
        rows.append({"stages": config.label(), **tally.summary(),
                     "recall_ms": {"p50": round(percentile(latencies, 50), 3),
                                   "p95": round(percentile(latencies, 95), 3)}})
        advance(1)
    return rows


def format_ablation(rows: Sequence[dict[str, Any]], categories: Sequence[str],
                    baseline: dict[str, Any] | None = None) -> str:
    """Render rows as a Markdown table: overall R@5 and R@10, R@10 per category, latency.

    Args:
        rows: from ``run_configs``.
        categories: the per-category columns, in order.
        baseline: an extra first row's figures (e.g. BM25 over raw turns), without latency.
    """
    head = ["stages", "R@5", "R@10", *(f"{c} R@10" for c in categories), "p50 ms", "p95 ms"]
    lines = ["| " + " | ".join(head) + " |", "|---|" + "---:|" * (len(head) - 1)]
    shown = ([{"stages": "bm25_raw_turns (baseline)", **baseline}] if baseline else []) + list(rows)
    for row in shown:
        cats = [row["by_category"].get(c, {}).get("recall@10", 0.0) for c in categories]
        ms = row.get("recall_ms")
        cells = [row["stages"], f"{row['overall']['recall@5']:.3f}", f"{row['overall']['recall@10']:.3f}",
                 *(f"{v:.3f}" for v in cats),
                 f"{ms['p50']:.2f}" if ms else "-", f"{ms['p95']:.2f}" if ms else "-"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)
