"""LLM extractor and scorer stages: structured facts out of a turn, in the turn's language.

``LLMExtractor`` satisfies the pipeline's ``Extractor`` protocol: it asks the
model for an ``Extraction`` (seed 001 §8.12.1-2) and returns ``Candidate``
objects, optionally after the verbatim event candidate of the mechanical
extractor (the raw record recall evidence points at). ``ModelImportanceScorer``
satisfies ``ValueScorer``: it keeps the model's importance for facts, scaled
by trust (seed 001 §8.12.5), and scores events as the mechanical scorer does.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from memory_core.llm.metrics import LLMMetrics
from memory_core.llm.prompts.extract import extract_messages, extract_retry
from memory_core.llm.schemas import ExtractedFact, Extraction
from memory_core.llm.structured import MalformedOutput, bind_schema, structured_call
from memory_core.model import Kind, Turn
from memory_core.pipeline.extract import MechanicalExtractor, detect_lang
from memory_core.pipeline.resolve import description_polarity
from memory_core.pipeline.score import HeuristicValueScorer
from memory_core.pipeline.themes import theme_slug
from memory_core.pipeline.types import Candidate
from memory_core.text.script import has_han
from memory_core.validation import ROLES

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

__all__ = ["LLMExtractor", "ModelImportanceScorer", "check_language", "fact_candidate"]

_SLOT = re.compile(r"[^\w:]+")


def check_language(extraction: Extraction, lang: str) -> None:
    """Refuse an answer that left a Chinese turn's memories in another language.

    Raises:
        MalformedOutput: naming the first description without Chinese text.
    """
    if lang != "zh":
        return
    for n, fact in enumerate(extraction.facts):
        if not has_han(fact.description, compatibility=True):
            raise MalformedOutput(f"facts.{n}.description must be written in Chinese, the user's language; "
                                  f"got {fact.description!r}")


def fact_candidate(turn: Turn, fact: ExtractedFact, lang: str) -> Candidate:
    """Turn one extracted fact into a pipeline ``Candidate``.

    The key is ``fact:<slot>`` (``pref:<object>`` for a ``likes:``/``dislikes:``
    slot), qualified with ``@<speaker>`` for a named speaker as the
    mechanical extractor does, so the key-based resolver can dedupe and
    supersede when the curation agent is off. A slot without a colon is
    single-valued (lives_in, job): a different value supersedes the old.
    """
    slot = " ".join(_SLOT.sub(" ", fact.slot.casefold()).split()).replace(" :", ":").replace(": ", ":")
    name = turn.speaker.strip()
    qualifier = "@" + "_".join(name.casefold().split()) if name and name.casefold() not in ROLES else ""
    if not slot:
        key = ""
    elif fact.kind == Kind.PREFERENCE and ":" in slot:
        key = "pref:" + slot.split(":", 1)[1] + qualifier
    else:
        key = "fact:" + slot + qualifier
    return Candidate(
        kind=fact.kind, description=fact.description.strip(), theme=theme_slug(fact.theme), key=key,
        polarity=description_polarity(fact.description) if fact.kind == Kind.PREFERENCE else 0,
        confidence=fact.confidence, importance=fact.importance, valid_from=fact.starts or turn.timestamp,
        valid_until=fact.ends, speaker=name or turn.role, lang=lang, claim=fact.description.strip(),
        single_valued=bool(slot) and ":" not in slot and fact.kind == Kind.FACT, evidence=fact.description,
        notes=["extracted by the model"],
    )


class LLMExtractor:
    """Extractor stage backed by a chat model with a pydantic output schema.

    Args:
        model: the chat model.
        metrics: records calls, repairs and malformed answers ("extract.*").
        method: structured-output method ("json_schema", "function_calling", "json_mode").
        attempts: answers read before ``LLMOutputError`` (each retry shows the error).
        keep_events: also return the mechanical verbatim event candidate first.
        roles: turn roles sent to the model (system prompts are not memories).

    Raises (from ``extract``):
        LLMOutputError: the answer stayed malformed.
        LLMUnavailable: the endpoint failed.
    """

    def __init__(self, model: BaseChatModel, metrics: LLMMetrics, *, method: str = "json_schema",
                 attempts: int = 3, keep_events: bool = True,
                 roles: tuple[str, ...] = ("user", "assistant", "tool")) -> None:
        self.model = model
        self.metrics = metrics
        self.method = method
        self.attempts = attempts
        self.keep_events = keep_events
        self.roles = roles
        self._events = MechanicalExtractor()
        self._bound = bind_schema(model, Extraction, method)  # constant: built once, reused by every turn

    def extract(self, turn: Turn) -> list[Candidate]:
        """Return the event candidate (if kept) and the model's fact candidates for ``turn``."""
        out: list[Candidate] = []
        if self.keep_events and turn.role in self._events.event_roles:
            out.append(self._events.event(turn))
        if turn.role not in self.roles:
            return out
        lang = detect_lang(turn.text)
        extraction = structured_call(
            self.model, extract_messages(turn, lang), Extraction, stage="extract", metrics=self.metrics,
            method=self.method, attempts=self.attempts, check=lambda e: check_language(e, lang),
            turn_id=turn.turn_id, retry_prompt=lambda error: extract_retry(lang, error), bound=self._bound)
        out.extend(fact_candidate(turn, fact, lang) for fact in extraction.facts)
        return out


class ModelImportanceScorer:
    """Value-scorer stage: the model's importance times the trust factor; events scored mechanically.

    Args:
        min_importance: candidates below this (0..1) are dropped (default keeps all).
    """

    def __init__(self, min_importance: float = 0.0) -> None:
        self.min_importance = min_importance
        self._heuristic = HeuristicValueScorer()

    def score(self, turn: Turn, candidates: list[Candidate]) -> list[Candidate]:
        """Return the candidates at or above ``min_importance``, ``importance`` set in place (0..1)."""
        kept: list[Candidate] = []
        for cand in candidates:
            base = self._heuristic.event_value(cand) if cand.key.startswith("event:") else cand.importance
            factor = HeuristicValueScorer.TRUST_FACTOR.get(cand.trust, 0.5)
            cand.importance = round(min(1.0, max(0.0, base * factor)), 3)
            if cand.importance >= self.min_importance:
                kept.append(cand)
        return kept
