"""LLM recall (seed 000's ``LLMRetriever``) over a BM25 candidate set, with mechanical fallback.

Seed 000 showed the model every memory as a numbered list and read back a
JSON array of indices. Here the list is the user's BM25 candidates
(``candidates`` items, padded with recent and often-hit items when BM25
finds few, so that a query in other words than the memory still has
something to match), and three modes (seed 000's ``RetrievalMode``):

- ``mechanical``: the BM25 ranking, no model call;
- ``llm``: the model's selection in its order ([] is a valid answer);
- ``hybrid``: the model's selection first, then the BM25 ranking fills up to k.

Seed 000 turned any malformed answer into an empty result. Here any answer
that is not exactly a JSON array of distinct in-range integers (prose around
it, code fences, null, an object, a float, an out-of-range or repeated
index), and any endpoint failure, falls back to the mechanical ranking: it
is counted ("recall.fallback", "recall.malformed" or "recall.unavailable"),
logged, and reported in ``last`` — never raised (DESIGN invariant 8).

``LLMRecaller`` has ``Recaller``'s interface (``recall``, ``invalidate``,
``set_hits``, ``clear``), so ``Memory`` can use it unchanged.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from memory_core.errors import LLMUnavailable
from memory_core.llm.chat import invoke_model
from memory_core.llm.metrics import LLMMetrics
from memory_core.llm.prompts.recall import recall_messages
from memory_core.model import MemoryItem, utcnow
from memory_core.pipeline.extract import detect_lang
from memory_core.retrieval.index import RecallTimings
from memory_core.retrieval.provenance import ContextNote
from memory_core.retrieval.recall import Recaller, RecallFilters, RecallResult, RecallWeights

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

__all__ = ["MODES", "LLMRecaller", "RecallOutcome", "parse_indices"]

log = logging.getLogger(__name__)

MODES = ("llm", "hybrid", "mechanical")


@dataclass(slots=True)
class RecallOutcome:
    """How the last recall was answered.

    Attributes:
        mode: the mode asked for.
        used: "llm", "hybrid" or "mechanical": what actually produced the results.
        degraded: True when the model was asked but its answer was not used.
        reason: why it degraded ("" when it did not).
        candidates: items shown to the model (0 when it was not called).
    """

    mode: str
    used: str
    degraded: bool = False
    reason: str = ""
    candidates: int = 0


def parse_indices(text: object, size: int) -> list[int]:
    """Read the model's answer: exactly a JSON array of distinct integers in ``0..size-1``.

    Raises:
        ValueError: anything else (the message says what was wrong).
    """
    if not isinstance(text, str):
        raise ValueError("the answer is not text")
    try:
        value: Any = json.loads(text.strip())
    except json.JSONDecodeError as exc:
        raise ValueError(f"not a bare JSON array: {exc.msg}") from exc
    if not isinstance(value, list):
        raise ValueError(f"expected a JSON array, got {type(value).__name__}")
    if any(isinstance(v, bool) or not isinstance(v, int) for v in value):
        raise ValueError("every index must be an integer")
    if any(not 0 <= v < size for v in value):
        raise ValueError(f"index out of range 0..{size - 1}")
    if len(set(value)) != len(value):
        raise ValueError("repeated index")
    return list(value)


class LLMRecaller:
    """Recall with a model choosing among BM25 candidates; same interface as ``Recaller``.

    Args:
        recaller: the mechanical recaller (its index cache is reused).
        model: the chat model; None makes every mode mechanical.
        metrics: records "recall" calls and the fallback counters.
        mode: "llm", "hybrid" or "mechanical".
        candidates: BM25 candidates shown to the model (items).

    Attributes:
        last: the ``RecallOutcome`` of the most recent ``recall`` (None before any).
    """

    def __init__(self, recaller: Recaller, model: BaseChatModel | None, metrics: LLMMetrics | None = None, *,
                 mode: str = "hybrid", candidates: int = 30) -> None:
        if mode not in MODES:
            raise ValueError(f"recall mode must be one of {', '.join(MODES)}; got {mode!r}")
        self.recaller = recaller
        self.model = model
        self.metrics = metrics or LLMMetrics()
        self.mode = mode
        self.candidates = candidates
        self.last: RecallOutcome | None = None

    @property
    def store(self) -> Any:
        """The store under the mechanical recaller."""
        return self.recaller.store

    @property
    def timings(self) -> RecallTimings | None:
        """``RecallTimings`` of the mechanical part of the last recall."""
        return self.recaller.timings

    def recall_cached(self, user_id: str, query: str, k: int = 10, filters: RecallFilters | None = None,
                      weights: RecallWeights | None = None) -> list[RecallResult] | None:
        """None: with the database down the model's selection has no current candidates to choose from."""
        return None

    def context_notes(self, user_id: str, results: Sequence[RecallResult]) -> dict[str, ContextNote]:
        """The mechanical recaller's notes (``Recaller.context_notes``): its index knows the items either way."""
        return self.recaller.context_notes(user_id, results)

    def holds_none(self, user_id: str, theme: str, kind: str | None = None) -> bool:
        """The mechanical recaller's answer (``Recaller.holds_none``): its index holds the same items."""
        return self.recaller.holds_none(user_id, theme, kind)

    def recall(self, user_id: str, query: str, k: int = 10, filters: RecallFilters | None = None,
               weights: RecallWeights | None = None, now: datetime | None = None,
               mode: str | None = None, **options: Any) -> list[RecallResult]:
        """Return up to ``k`` of the user's items for ``query``, best first; never raises for the model.

        Args:
            user_id, query, k, filters, weights, now: as ``Recaller.recall``.
            mode: overrides the recaller's mode for this call.
            options: passed on to the mechanical recaller (e.g. its stage settings).

        Returns:
            Ranked results (ranks 1..m). ``last`` says which path produced them.

        Raises:
            InvalidField, TextTooLong, StoreError: as ``Recaller.recall`` (bad input, store failure).
        """
        mode = mode or self.mode
        pool = max(k, self.candidates)
        ranked = self.recaller.recall(user_id, query, pool, filters=filters, weights=weights, now=now, **options)
        if mode == "mechanical" or self.model is None:
            self.last = RecallOutcome(mode, "mechanical", degraded=mode != "mechanical",
                                      reason="" if mode == "mechanical" else "no model configured")
            return self._rank(ranked[:k])
        shown = self._pool(user_id, ranked, filters)
        if not shown:
            self.last = RecallOutcome(mode, mode)
            return []
        lang = detect_lang(query)
        reference = now or _newest([r.item for r in shown])
        try:
            reply = invoke_model(self.model, recall_messages(query, [r.item for r in shown], lang, reference),
                                 stage="recall", metrics=self.metrics)
            chosen = parse_indices(reply.content, len(shown))
        except LLMUnavailable as exc:
            # invoke_model has counted "recall.unavailable" already
            return self._fallback(mode, ranked, k, None, f"endpoint failed: {exc}", len(shown))
        except ValueError as exc:
            return self._fallback(mode, ranked, k, "recall.malformed", f"malformed answer: {exc}", len(shown))
        picked = [shown[i] for i in chosen]
        if mode == "hybrid":
            seen = {r.item.id for r in picked}
            picked += [r for r in ranked if r.item.id not in seen]
        self.last = RecallOutcome(mode, mode, candidates=len(shown))
        return self._rank(picked[:k])

    def _pool(self, user_id: str, ranked: list[RecallResult], filters: RecallFilters | None) -> list[RecallResult]:
        """BM25 candidates, padded with the user's most hit and most recent items that pass ``filters``."""
        shown = ranked[: self.candidates]
        if len(shown) >= self.candidates:
            return shown
        index, _ = self.recaller.index_for(user_id)
        have = {r.item.id for r in shown}
        pad = _passing(index.items, filters or RecallFilters())
        pad.sort(key=lambda i: (i.hit, (i.valid_from or i.created_at).timestamp()), reverse=True)
        for item in pad:
            if len(shown) >= self.candidates:
                break
            if item.id not in have:
                shown.append(RecallResult(item.copy(), 0.0, 0.0, 0, list(item.source)))
                have.add(item.id)
        return shown

    def _fallback(self, mode: str, ranked: list[RecallResult], k: int, counter: str | None, reason: str,
                  shown: int) -> list[RecallResult]:
        if counter:
            self.metrics.count(counter)
        self.metrics.count("recall.fallback")
        log.warning("llm recall (%s) fell back to the mechanical ranking: %s", mode, reason)
        self.last = RecallOutcome(mode, "mechanical", degraded=True, reason=reason, candidates=shown)
        return self._rank(ranked[:k])

    @staticmethod
    def _rank(results: list[RecallResult]) -> list[RecallResult]:
        for rank, result in enumerate(results, start=1):
            result.rank = rank
        return results

    def invalidate(self, user_id: str) -> None:
        """Drop the user's cached index."""
        self.recaller.invalidate(user_id)

    def set_hits(self, user_id: str, hits: Mapping[str, int]) -> int:
        """Pass new hit counts to the user's cached index; return items updated."""
        return self.recaller.set_hits(user_id, hits)

    def cache_stats(self) -> dict[str, Any]:
        """The wrapped index cache's state (``Recaller.cache_stats``)."""
        return self.recaller.cache_stats()

    def clear(self) -> None:
        """Drop every cached index."""
        self.recaller.clear()


def _passing(items: list[MemoryItem], filters: RecallFilters) -> list[MemoryItem]:
    statuses = None if filters.statuses is None else set(filters.statuses)
    themes = None if filters.themes is None else ({filters.themes} if isinstance(filters.themes, str)
                                                  else set(filters.themes))
    kinds = None if filters.kinds is None else ({filters.kinds} if isinstance(filters.kinds, str)
                                                else set(filters.kinds))
    out = []
    for item in items:
        when = item.valid_from or item.created_at
        if statuses is not None and item.status not in statuses:
            continue
        if themes is not None and item.theme not in themes:
            continue
        if kinds is not None and item.kind not in kinds:
            continue
        if filters.since is not None and when < filters.since:
            continue
        if filters.until is not None and when >= filters.until:
            continue
        out.append(item)
    return out


def _newest(items: list[MemoryItem]) -> datetime:
    """The newest item time (``valid_from`` else ``created_at``), as ``Recaller`` uses for recency."""
    times = [i.valid_from or i.created_at for i in items]
    return max(times) if times else utcnow()
