"""Evidence recall@k on the project's own bilingual question set, beside plain BM25 over raw turns.

The set (``memory_core/data/bilingual_questions.jsonl``, written for this
project) asks English, Chinese and mixed questions about the sample
conversations in ``memory_core/data/`` (``sample_conversation.jsonl``,
``sample_conversation_en.jsonl``, ``sample_conversation_zh.jsonl``). Each
line: ``{"conversation": file name, "question", "evidence": [turn ids],
"lang": "en" | "zh" | "mixed"}``. Each conversation is ingested as its own
user; figures are reported per question language and overall (all three),
exactly as ``eval locomo`` reports LoCoMo's categories.
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from memory_core.errors import InvalidInput
from memory_core.eval.ablation import Question, mechanical_recaller, run_configs
from memory_core.eval.metrics import K_VALUES, Tally, percentile
from memory_core.ingest_io import read_jsonl
from memory_core.retrieval.bm25 import BM25Index
from memory_core.retrieval.stages import stage_combinations
from memory_core.service import open_memory
from memory_core.settings import Settings
from memory_core.text.tokenize import tokenize

__all__ = ["DATA_DIR", "LANGS", "QUESTIONS_PATH", "evaluate_bilingual", "load_questions"]

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
QUESTIONS_PATH = DATA_DIR / "bilingual_questions.jsonl"
LANGS = ("en", "zh", "mixed")

Progress = Callable[[str, int], Callable[[int], None]]


def _user_for(conversation: str) -> str:
    return "bilingual-" + Path(conversation).stem.replace("_", "-")


def load_questions(path: Path = QUESTIONS_PATH) -> list[tuple[str, Question]]:
    """Return (conversation file name, question) pairs from a question file.

    Raises:
        InvalidInput: a line is not a question record.
        OSError: the file cannot be read.
    """
    out = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            question = Question(_user_for(raw["conversation"]), str(raw["question"]), str(raw["lang"]),
                                frozenset(str(e) for e in raw["evidence"]))
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise InvalidInput(f"{path}:{number}: not a question record ({exc})") from exc
        out.append((str(raw["conversation"]), question))
    return out


def evaluate_bilingual(questions_path: Path = QUESTIONS_PATH, *, ablation: bool = False,
                       progress: Progress = lambda label, total: lambda n: None) -> dict[str, Any]:
    """Ingest the sample conversations, ask every question, and return the figures.

    Args:
        questions_path: the question file; conversations are looked up beside it.
        ablation: also one row per stage combination.
        progress: ``progress(label, total)`` returns an ``advance(n)`` callback.

    Returns:
        The same shape as ``locomo.evaluate_locomo`` (categories are the question languages).

    Raises:
        InvalidInput: a bad question file or conversation line.
        OSError: a file cannot be read.
    """
    pairs = load_questions(questions_path)
    conversations = list(dict.fromkeys(c for c, _ in pairs))
    with tempfile.TemporaryDirectory() as tmp:
        # retrieval over the replayed conversations as they were said: no lifecycle pass
        memory = open_memory(Settings(database_url=f"sqlite:///{tmp}/bilingual.sqlite3", maintain_every_turns=0))
        try:
            raw_turns = {}
            for name in conversations:
                parsed = read_jsonl(questions_path.parent / name, _user_for(name))
                if parsed.errors:
                    raise InvalidInput(f"{name}:{parsed.errors[0].line}: {parsed.errors[0].reason}")
                memory.ingest(parsed.turns)
                raw_turns[_user_for(name)] = parsed.turns
            baselines = {u: BM25Index([tokenize(t.text) for t in turns]) for u, turns in raw_turns.items()}
            ours, base, latencies = Tally(LANGS), Tally(LANGS), []
            questions = [q for _, q in pairs]
            for q in questions:
                started = time.perf_counter()
                response = memory.recall(q.user_id, q.text, k=max(K_VALUES))
                latencies.append((time.perf_counter() - started) * 1e3)
                ours.add(q.category, set(q.evidence), [r.turn_ids for r in response.results])
                idx, _ = baselines[q.user_id].top_k(tokenize(q.text), max(K_VALUES))
                base.add(q.category, set(q.evidence), [[raw_turns[q.user_id][i].turn_id] for i in idx])
            result: dict[str, Any] = {
                "systems": {"gulfstream": ours.summary(), "bm25_raw_turns": base.summary()},
                "recall_ms": {"p50": round(percentile(latencies, 50), 3), "p95": round(percentile(latencies, 95), 3)},
                "turns": sum(len(t) for t in raw_turns.values()), "questions": len(questions),
            }
            if ablation:
                configs = stage_combinations()
                result["ablation"] = run_configs(mechanical_recaller(memory.recaller), questions, configs, LANGS,
                                                 progress("ablation", len(configs)))
            return result
        finally:
            memory.close()
