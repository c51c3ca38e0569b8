"""Evidence recall@k on LoCoMo, Gulfstream beside plain BM25 over raw turns.

LoCoMo: "Evaluating Very Long-Term Conversational Memory of LLM Agents"
(Maharana et al., 2024). Each conversation is ingested as its own user; for
each question, evidence recall@k is the share of its evidence ``dia_id``s
found among the source turns of the top-k recalled memory items (for the
baseline: among the top-k raw turns). Figures are means over questions, per
category and overall; "overall" is categories 1-4 (category 5, adversarial,
is reported apart). Both systems are measured in the same run, on the same
tokenizer, so the difference is what Gulfstream's items and ranking add.
"""

from __future__ import annotations

import json
import re
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from memory_core.ingest_io import LocomoSample, read_locomo
from memory_core.retrieval.bm25 import BM25Index
from memory_core.retrieval.tokenize import tokenize
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings

__all__ = ["K_VALUES", "evaluate_locomo", "evidence_ids", "format_table", "recall_at_k"]

K_VALUES = (1, 5, 10, 20)
_EVIDENCE = re.compile(r"D\d+:\d+")

Progress = Callable[[str, int], Callable[[int], None]]


def evidence_ids(raw: object) -> set[str]:
    """Normalise a QA record's evidence list ("D1:3", "D8:6; D9:17") to a set of dia_ids."""
    items = raw if isinstance(raw, list) else [raw]
    return {m for item in items for m in _EVIDENCE.findall(str(item))}


def recall_at_k(evidence: set[str], ranked_sources: Sequence[Sequence[str]], k: int) -> float:
    """Share of ``evidence`` among the source turns of the first ``k`` ranked entries (0..1)."""
    found = {turn for sources in ranked_sources[:k] for turn in sources}
    return len(evidence & found) / len(evidence) if evidence else 0.0


class _Tally:
    def __init__(self) -> None:
        self.by_cat: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))

    def add(self, category: str, evidence: set[str], ranked: Sequence[Sequence[str]]) -> None:
        for k in K_VALUES:
            self.by_cat[category][k].append(recall_at_k(evidence, ranked, k))

    def summary(self) -> dict[str, Any]:
        def block(scores: dict[int, list[float]]) -> dict[str, float]:
            return {f"recall@{k}": round(statistics.fmean(scores[k]), 4) if scores[k] else 0.0
                    for k in K_VALUES}

        overall: dict[int, list[float]] = defaultdict(list)
        for cat in ("1", "2", "3", "4"):
            for k in K_VALUES:
                overall[k].extend(self.by_cat[cat][k])
        return {
            "overall": block(overall),
            "by_category": {cat: block(self.by_cat[cat]) for cat in sorted(self.by_cat)},
            "questions": {cat: len(self.by_cat[cat][K_VALUES[0]]) for cat in sorted(self.by_cat)},
        }


def _noop_progress(label: str, total: int) -> Callable[[int], None]:
    return lambda n: None


def evaluate_locomo(path: Path, *, workdir: Path | None = None, progress: Progress = _noop_progress,
                    limit_samples: int | None = None) -> dict[str, Any]:
    """Run the evaluation and return the figures (shape documented in the README).

    Args:
        path: a LoCoMo JSON file (list of samples).
        workdir: where the SQLite database goes (a temporary folder by default).
        progress: ``progress(label, total)`` returns an ``advance(n)`` callback.
        limit_samples: evaluate only the first N conversations.

    Returns:
        {"systems": {"gulfstream": {...}, "bm25_raw_turns": {...}},
         "ingest_turns_per_s": float, "recall_ms": {"p50", "p95"}, "turns": int, "questions": int}

    Raises:
        InvalidInput: the file is not LoCoMo-shaped.
        OSError: it cannot be read.
    """
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    samples = read_locomo(data, lambda sid: f"locomo-{sid}")[:limit_samples]
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        memory = open_memory(Settings(database_url=f"sqlite:///{tmp}/locomo.sqlite3"))
        try:
            return _evaluate(memory, samples, progress)
        finally:
            memory.close()


def _evaluate(memory: Memory, samples: list[LocomoSample], progress: Progress) -> dict[str, Any]:
    ours, base = _Tally(), _Tally()
    total_turns = sum(len(s.turns) for s in samples)
    advance = progress("ingest", total_turns)
    ingest_s = 0.0
    for sample in samples:
        started = time.perf_counter()
        memory.ingest(sample.turns)
        ingest_s += time.perf_counter() - started
        advance(len(sample.turns))

    questions = [(s, qa) for s in samples for qa in s.qa if evidence_ids(qa.get("evidence"))]
    advance = progress("recall", len(questions))
    latencies: list[float] = []
    for sample in samples:
        turns = sample.turns
        index = BM25Index([tokenize(t.text) for t in turns])
        user_id = turns[0].user_id if turns else ""
        for qa in sample.qa:
            evidence = evidence_ids(qa.get("evidence"))
            if not evidence:
                continue
            category = str(qa.get("category"))
            question = str(qa["question"])
            started = time.perf_counter()
            response = memory.recall(user_id, question, k=max(K_VALUES))
            latencies.append((time.perf_counter() - started) * 1e3)
            ours.add(category, evidence, [r.turn_ids for r in response.results])
            indices, _ = index.top_k(tokenize(question), max(K_VALUES))
            base.add(category, evidence, [[turns[i].turn_id] for i in indices])
            advance(1)

    latencies.sort()
    return {
        "systems": {"gulfstream": ours.summary(), "bm25_raw_turns": base.summary()},
        "ingest_turns_per_s": round(total_turns / ingest_s, 1) if ingest_s else 0.0,
        "recall_ms": {"p50": round(_pct(latencies, 50), 3), "p95": round(_pct(latencies, 95), 3)},
        "turns": total_turns,
        "questions": len(questions),
    }


def _pct(values: Sequence[float], pct: float) -> float:
    if not values:
        return 0.0
    index = min(len(values) - 1, max(0, round(pct / 100 * (len(values) - 1))))
    return values[index]


def format_table(result: dict[str, Any]) -> str:
    """Render the figures as a Markdown table: one row per system and category."""
    lines = ["| system | category | questions | " + " | ".join(f"R@{k}" for k in K_VALUES) + " |",
             "|---|---|---:|" + "---:|" * len(K_VALUES)]
    for name, figures in result["systems"].items():
        counts = figures["questions"]
        rows = [("1-4 (overall)", figures["overall"], sum(counts.get(c, 0) for c in "1234"))]
        rows += [(cat, block, counts.get(cat, 0)) for cat, block in figures["by_category"].items()]
        for label, block, n in rows:
            cells = " | ".join(f"{block[f'recall@{k}']:.3f}" for k in K_VALUES)
            lines.append(f"| {name} | {label} | {n} | {cells} |")
    return "\n".join(lines)
