"""A recall answered: the search, then what the answer may show (seed 001 §8.24.1), then the context block.

``Memory.recall`` answers with ``answer_recall``: the recaller's top k for the query (with summaries for a
recap, superseded values for a question about the past), a sensitive value withheld unless the query asks
for its kind (its place taken by its turn or its fact, so k stay k), health and restrictions the search
missed added, the scores shown in the final order, and the packed context block in the language of the
query. A database that stops answering mid-recall leaves the warm index to answer, flagged as degraded.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from memory_core.context import build_context, query_lang
from memory_core.errors import StoreError
from memory_core.lifecycle.broad import is_broad, recall_with_summaries
from memory_core.model import Kind
from memory_core.pipeline.sensitive_policy import SENSITIVE_THEME
from memory_core.pipeline.sensitive_query import asked_categories
from memory_core.recall_shown import (
    context_view,
    filters_on_sensitive,
    finds_free_clauses,
    gated_extras,
    masked_notes,
    shown_in_recall,
)
from memory_core.responses import RecallResponse
from memory_core.retrieval.index import RecallResult
from memory_core.retrieval.past_question import past_filters, past_first
from memory_core.retrieval.ranked_scores import ranked_scores
from memory_core.retrieval.recall import PRESETS, RecallFilters, RecallWeights
from memory_core.retrieval.withheld import fill_shown, made_item_stand_in, raw_turn_stand_in, stand_in_either
from memory_core.seams import MemoryRecaller
from memory_core.settings import Settings
from memory_core.store.base import MemoryStore
from memory_core.validation import check_id, check_text, check_top_k

__all__ = ["answer_recall"]

log = logging.getLogger(__name__)


def answer_recall(recaller: MemoryRecaller, store: MemoryStore, settings: Settings, user_id: str, query: str,
                  k: int | None = None, filters: RecallFilters | None = None, weights: RecallWeights | None = None,
                  budget_tokens: int | None = None) -> RecallResponse:
    """``Memory.recall``: the top-k items for ``query`` and the packed context block (see the module docstring).

    Args:
        recaller: the memory's recaller (its index cache).
        store: the memory's store (sensitive items the index says the user holds are read from it).
        settings: ``recall_k``, ``context_budget_tokens`` and ``recall_strength_weight`` by default.
        user_id, query, k, filters, weights, budget_tokens: as ``Memory.recall`` takes them.

    Raises:
        InvalidInput: empty or oversized query, bad k or user id.
        StoreError: the database failed and no warm index could answer.
    """
    user_id = check_id(user_id, "user id")
    query = check_text(query, "query")
    started = time.perf_counter()
    past = not is_broad(query)  # a recap ("what did we talk about in May?") asks about no former value
    filters = past_filters(query, filters) if past else filters  # "where did I use to work?": superseded too
    if weights is None and settings.recall_strength_weight != PRESETS["balanced"].strength:
        weights = replace(PRESETS["balanced"], strength=settings.recall_strength_weight)
    k = settings.recall_k if k is None else check_top_k(k)
    guarded = not filters_on_sensitive(filters)  # seed 001 §8.24.1: only the kind of value asked for
    asked = asked_categories(query)
    said = {"degraded": "", "reason": ""}

    def search(n: int) -> list[RecallResult]:
        try:
            found, said["reason"] = recall_with_summaries(recaller, user_id, query, n, filters, weights)
            return found
        except StoreError as exc:  # the database is down: a warm index still answers, flagged
            cached = recaller.recall_cached(user_id, query, n, filters, weights)
            if cached is None:
                raise
            log.warning("recall for %s answered from the cached index: %s", user_id, exc)
            said["degraded"] = (f"database unreachable ({type(exc).__name__}); answered from the recall worker's "
                                "index as last updated, which may miss the latest changes")
            return cached

    def up(read: Callable[[], Any], empty: Any) -> Any:  # answered from the cached index: no more reads
        try:
            return read()
        except StoreError:
            if not said["degraded"]:
                raise
            return empty

    def sensitive(kind: str | None = None) -> Callable[[], list[Any]]:
        """The user's active sensitive items (of ``kind``); none read when the index, made current by the
        search, holds none (most users: a query per health or practical question saved)."""
        return lambda: [] if recaller.holds_none(user_id, SENSITIVE_THEME, kind) else up(
            lambda: store.list_items(user_id, theme=SENSITIVE_THEME, kind=kind), [])

    results = fill_shown(search, k, lambda r: not guarded or r.item.theme != SENSITIVE_THEME
                         or shown_in_recall(query, r.item.description, asked),  # withheld: k, not fewer
                         stand_in=stand_in_either(raw_turn_stand_in(sensitive(Kind.EVENT), lambda turn:
                             finds_free_clauses(query, turn.description)), made_item_stand_in(lambda only: up(
                                 lambda: recaller.recall(user_id, query, k, only, weights), []))) if guarded
                         and not filters else None)  # a withheld result's place: its turn, or its fact
    if guarded:  # health and restrictions the search missed, a bare PIN question's PINs first
        results = gated_extras(results, sensitive(), query, asked, filters, k)
    if past:  # "before <event>": the event dated by its best match
        results = past_first(query, results, lambda phrase: up(lambda: next(
            (r.item for r in recaller.recall(user_id, phrase, 1)), None), None))
    results = ranked_scores(results)  # the scores shown follow the order the reranks left
    degraded, reason = said["degraded"], said["reason"]
    searched = time.perf_counter()
    budget = settings.context_budget_tokens if budget_tokens is None else budget_tokens
    notes = recaller.context_notes(user_id, results)
    if guarded:  # a source turn's words or an old value holding a secret: masked the same way
        notes = masked_notes(notes, query, asked)
    # the block's own words (header, labels) in the language the user is writing in now
    block = build_context(context_view(results, query, asked) if guarded else results, budget_tokens=budget,
                          lang=query_lang(query), notes=notes)  # with each value's past
    done = time.perf_counter()
    return RecallResponse(results, block, {"recall": (searched - started) * 1e3,
                                           "context": (done - searched) * 1e3},
                          bool(degraded or reason), degraded or reason)
