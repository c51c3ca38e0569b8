"""The session calls of the one Memory API (mixed into ``service.Memory``).

``session_context(user, session)`` is the session's short-term memory (a
token-budgeted window of recent turns and a rolling summary of the older
ones); ``working_memory`` / ``update_working_memory`` /
``clear_working_memory`` read and change its task state;
``prompt_context(user, session, query)`` packs all tiers — working memory,
the short-term window, recalled long-term items and summaries — into one
block within one budget (``tiers``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from memory_core.context import query_lang
from memory_core.errors import InvalidInput
from memory_core.lifecycle.clock import Clock
from memory_core.lifecycle.state import SessionStateStore
from memory_core.model import Kind
from memory_core.pipeline.sensitive_query import asked_categories
from memory_core.recall_shown import masked_notes
from memory_core.retrieval.recall import RecallFilters, RecallResult, RecallWeights
from memory_core.session.sources import SqlWindow
from memory_core.session.working import WorkingMemory, WorkingMemoryStore
from memory_core.shown import shown_text
from memory_core.store.sql import SqlStore
from memory_core.validation import check_id, check_text

if TYPE_CHECKING:
    from memory_core.responses import RecallResponse
    from memory_core.seams import MemoryRecaller
    from memory_core.session.short_term import SessionWindow, ShortTermMemory
    from memory_core.session.tiers import TieredContext
    from memory_core.settings import Settings
    from memory_core.store.base import MemoryStore

__all__ = ["SessionCalls"]

#: Summary items shown in the lowest tier of ``prompt_context``.
SUMMARIES_SHOWN = 3


class SessionCalls:
    """Short-term and working memory on a ``Memory`` (which provides store, settings, clock, recall)."""

    store: SqlStore | MemoryStore
    settings: Settings
    clock: Clock
    _short_term: ShortTermMemory | None = None
    _working: WorkingMemoryStore | None = None

    if TYPE_CHECKING:
        recaller: MemoryRecaller

        def recall(self, user_id: str, query: str, k: int | None = None, filters: RecallFilters | None = None,
                   weights: RecallWeights | None = None, budget_tokens: int | None = None) -> RecallResponse: ...

    def _sql(self) -> SqlStore:
        tables = self.store.sql_tables()
        if tables is None:
            raise InvalidInput(f"{type(self.store).__name__} keeps no turns; sessions need an SQL store")
        return tables

    @property
    def short_term(self) -> ShortTermMemory:
        """The short-term memory over this store (built on first use)."""
        if self._short_term is None:
            # its echo and trust rules (the write path's) load with the first session read, not with a recall
            from memory_core.session.short_term import ShortTermMemory

            self._short_term = ShortTermMemory(SqlWindow(self._sql()), self.settings.session_window_tokens)
        return self._short_term

    @property
    def working(self) -> WorkingMemoryStore:
        """The working-memory store over this store (built on first use)."""
        if self._working is None:
            self._working = WorkingMemoryStore(SessionStateStore(self._sql()), self.settings.working_memory_ttl_s)
        return self._working

    def session_context(self, user_id: str, session_id: str, budget_tokens: int | None = None) -> SessionWindow:
        """Return the session's recent turns within ``budget_tokens`` (default ``session_window_tokens``)
        and the rolling summary of its older turns.

        Raises:
            InvalidInput: malformed ids, a bad budget, or a store without turns. StoreError.
        """
        return self.short_term.context(user_id, session_id, budget_tokens, self.clock.now())

    def working_memory(self, user_id: str, session_id: str) -> WorkingMemory | None:
        """Return the session's working memory, None when there is none or it expired.

        Raises:
            InvalidInput: malformed ids or a store without sessions. StoreError.
        """
        return self.working.get(check_id(user_id, "user id"), session_id, self.clock.now())

    def update_working_memory(self, user_id: str, session_id: str, *, goal: str | None = None,
                              status: str | None = None, add_steps: Sequence[str] = (),
                              step_states: Mapping[int, str] | None = None,
                              scratch: Mapping[str, str | None] | None = None, checkpoint: str | None = None,
                              reset: bool = False) -> WorkingMemory:
        """Change the session's working memory (see ``WorkingMemoryStore.update``); its TTL restarts.

        Raises:
            InvalidInput: bad values or a limit passed (nothing written). StoreError.
        """
        return self.working.update(check_id(user_id, "user id"), session_id, self.clock.now(), goal=goal,
                                   status=status, add_steps=add_steps, step_states=step_states, scratch=scratch,
                                   checkpoint=checkpoint, reset=reset)

    def clear_working_memory(self, user_id: str, session_id: str) -> bool:
        """Remove the session's working memory (the task ended); return True if there was one."""
        return self.working.clear(check_id(user_id, "user id"), session_id)

    def prompt_context(self, user_id: str, session_id: str, query: str, budget_tokens: int | None = None,
                       k: int | None = None, short_term: ShortTermMemory | None = None) -> TieredContext:
        """Pack working memory → the session window → recalled items → summaries into one block.

        The window gets at most ``session_window_tokens`` of the budget; the
        recall is this memory's own (summaries first for a broad ``query``),
        plus the best ``SUMMARIES_SHOWN`` summary items for the last tier.
        ``short_term`` is where the window is read (default: this store's
        turns; the workers pass their Redis windows).

        Raises:
            InvalidInput: malformed ids, an empty or oversized query, a bad budget. StoreError.
        """
        from memory_core.session.tiers import build_tiered_context  # a session read: its turns' trust rules

        user_id = check_id(user_id, "user id")
        query = check_text(query, "query")
        budget = self.settings.context_budget_tokens if budget_tokens is None else budget_tokens
        window_budget = max(1, min(self.settings.session_window_tokens, budget // 2))
        if short_term is None:
            window = self.session_context(user_id, session_id, window_budget)
        else:
            window = short_term.context(user_id, session_id, window_budget, self.clock.now())
        working = self.working_memory(user_id, session_id)
        response = self.recall(user_id, query, k=k, budget_tokens=budget)
        summaries: list[RecallResult] = self.recall(
            user_id, query, k=SUMMARIES_SHOWN, filters=RecallFilters(kinds=[Kind.SUMMARY]),
            budget_tokens=budget).results
        shown = _shown(response.results, query)
        # each item with what recall's own block says beside it ("was …", "outdated"), masked as recall masks it
        notes = masked_notes(self.recaller.context_notes(user_id, shown), query, asked_categories(query))
        return build_tiered_context(working=working, window=window, results=shown,
                                    summaries=_shown(summaries, query), budget_tokens=budget, lang=query_lang(query),
                                    notes=notes, session_tokens=window_budget)


def _shown(results: list[RecallResult], query: str) -> list[RecallResult]:
    """``results`` as a read surface shows them for ``query`` (``memory_core.shown``: withheld kinds masked)."""
    out = []
    for r in results:
        seen = shown_text(r.item.description, query=query)
        out.append(r if seen == r.item.description else replace(r, item=replace(r.item, description=seen)))
    return out
