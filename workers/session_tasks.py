"""A session's short-term window and working memory: request/reply tasks on the ``edits`` queue.

``session_context`` reads the window from Redis (``workers.session_window``,
SQL behind it) and folds the rolling summary there; the working-memory
tasks read and write the session's task state in SQL (``session_state``,
with its TTL) through ``Memory``'s session calls; ``prompt_context`` packs
the tiered block (``memory_core.session.tiers``) from that window, working
memory and this worker's recall, in one round trip. Each takes the caller's
``call_id`` and answers through ``workers.recall_worker.reply``.
Concurrent updates of one session's working memory are last-writer-wins
per call (each call reads, changes and writes the whole document).
"""

from __future__ import annotations

import logging
from typing import Any

from memory_core import wire
from memory_core.session.short_term import ShortTermMemory
from memory_core.session.sources import SqlWindow
from memory_core.session.working import changes_from_json
from memory_core.validation import check_id
from memory_core.wire import to_jsonable
from workers.app import app, context
from workers.bootstrap import Context
from workers.recall_worker import reply
from workers.session_window import RedisWindow

__all__ = ["clear_working_memory", "prompt_context", "session_context", "short_term", "update_working_memory",
           "working_memory"]

log = logging.getLogger(__name__)


def short_term(ctx: Context) -> ShortTermMemory:
    """The worker's short-term memory: Redis windows with SQL behind them."""
    source = RedisWindow(ctx.redis, SqlWindow(ctx.store), ctx.settings.session_window_ttl_s)
    return ShortTermMemory(source, ctx.memory.settings.session_window_tokens)


@app.task(name=wire.SESSION_CONTEXT, ignore_result=True, acks_late=False)
def session_context(call_id: str | None, user_id: str, session_id: str, budget_tokens: int | None = None) -> None:
    """Reply with the session's window and rolling summary (``SessionWindow.to_json``)."""
    ctx = context()

    def work() -> dict[str, Any]:
        uid, sid = check_id(user_id, "user id"), check_id(session_id, "session id")
        return short_term(ctx).context(uid, sid, budget_tokens, ctx.memory.clock.now()).to_json()

    reply(ctx, call_id, work)


@app.task(name=wire.WORKING_GET, ignore_result=True, acks_late=False)
def working_memory(call_id: str | None, user_id: str, session_id: str) -> None:
    """Reply with the session's working memory (``WorkingMemory.to_json``), None when none or expired."""
    ctx = context()

    def work() -> dict[str, Any] | None:
        wm = ctx.memory.working_memory(user_id, session_id)
        return None if wm is None else wm.to_json()

    reply(ctx, call_id, work)


@app.task(name=wire.WORKING_UPDATE, ignore_result=True, acks_late=False)
def update_working_memory(call_id: str | None, user_id: str, session_id: str, changes: Any = None) -> None:
    """Apply ``changes`` (``working.changes_from_json``) to the session's working memory; reply with it."""
    ctx = context()
    reply(ctx, call_id, lambda: ctx.memory.update_working_memory(
        user_id, session_id, **changes_from_json(changes or {})).to_json())


@app.task(name=wire.WORKING_CLEAR, ignore_result=True, acks_late=False)
def clear_working_memory(call_id: str | None, user_id: str, session_id: str) -> None:
    """Remove the session's working memory; reply True if there was one."""
    ctx = context()
    reply(ctx, call_id, lambda: ctx.memory.clear_working_memory(user_id, session_id))


@app.task(name=wire.PROMPT_CONTEXT, ignore_result=True, acks_late=False)
def prompt_context(call_id: str | None, user_id: str, session_id: str, query: str,
                   budget_tokens: int | None = None, k: int | None = None) -> None:
    """Reply with the tiered context block (``Memory.prompt_context``, the window read from Redis):
    ``{"text", "tokens", "truncated", "lines", "item_ids"}``."""
    ctx = context()
    reply(ctx, call_id, lambda: to_jsonable(ctx.memory.prompt_context(
        user_id, session_id, query, budget_tokens, k, short_term=short_term(ctx))))
