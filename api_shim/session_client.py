"""The session calls (``memory_core.api.SessionAPI``) on the distributed and HTTP clients.

``SessionCalls`` checks the arguments here (ids, budget, the names of the
working-memory changes) so bad input fails in the caller, then hands one
primitive request to ``_session_request``: ``DistributedMemory`` sends it as
a request/reply task to the ``edits`` workers (``workers.session_tasks``:
the window from Redis, working memory in SQL, ``prompt_context`` packed
there from both and the worker's recall), ``HttpMemory`` as a call to
``/v1/users/{user}/sessions/{session}/…`` (``api_shim.http.api_sessions``).
Answers have the embedded API's shapes (``SessionWindow.to_json``,
``WorkingMemory.to_json``).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from memory_core import wire
from memory_core.errors import InvalidField
from memory_core.retrieval.index import check_query
from memory_core.session.working import changes_from_json
from memory_core.validation import check_id, check_text

__all__ = ["OPS", "SessionCalls"]

#: The primitive requests, by the wire task each travels as.
OPS = {"context": wire.SESSION_CONTEXT, "working": wire.WORKING_GET, "update": wire.WORKING_UPDATE,
       "clear": wire.WORKING_CLEAR, "prompt": wire.PROMPT_CONTEXT}


def check_budget(budget_tokens: object, least: int = 1) -> int | None:
    """Return ``budget_tokens`` when None or a whole number from ``least`` to ``wire.MAX_BUDGET_TOKENS``.

    Raises:
        InvalidField: anything else.
    """
    if budget_tokens is None:
        return None
    if isinstance(budget_tokens, bool) or not isinstance(budget_tokens, int) \
            or not least <= budget_tokens <= wire.MAX_BUDGET_TOKENS:
        raise InvalidField(f"budget_tokens must be a whole number from {least} to {wire.MAX_BUDGET_TOKENS}; "
                           f"got {budget_tokens!r}")
    return budget_tokens


class SessionCalls:
    """``session_context`` and the working-memory calls, over ``_session_request``."""

    @abstractmethod
    def _session_request(self, op: str, user_id: str, session_id: str, **kwargs: Any) -> Any:
        """Carry one request (``OPS``) and return its answer, or raise the core's error."""

    def session_context(self, *, user_id: str, session_id: str, budget_tokens: int | None = None) -> dict[str, Any]:
        """The session's recent turns within the budget and the rolling summary of the older ones.

        Raises:
            InvalidInput: malformed ids or budget (nothing sent). The transport's errors.
        """
        return dict(self._session_request("context", check_id(user_id, "user id"),
                                          check_id(session_id, "session id"),
                                          budget_tokens=check_budget(budget_tokens)))

    def working_memory(self, *, user_id: str, session_id: str) -> dict[str, Any] | None:
        """The session's task state, None when there is none or it expired. Raises InvalidInput."""
        body = self._session_request("working", check_id(user_id, "user id"), check_id(session_id, "session id"))
        return None if body is None else dict(body)

    def update_working_memory(self, *, user_id: str, session_id: str, **changes: Any) -> dict[str, Any]:
        """Change the task state (goal, status, add_steps, step_states, scratch, checkpoint, reset); return it.

        Raises:
            InvalidInput: malformed ids or an unknown change (nothing sent); bad values (nothing written).
        """
        changes_from_json(changes)  # unknown names fail here, before anything travels
        body = {k: ({str(i): s for i, s in v.items()} if k == "step_states" and isinstance(v, dict) else
                    list(v) if k == "add_steps" and isinstance(v, tuple) else v) for k, v in changes.items()}
        return dict(self._session_request("update", check_id(user_id, "user id"),
                                          check_id(session_id, "session id"), changes=body))

    def clear_working_memory(self, *, user_id: str, session_id: str) -> bool:
        """Remove the session's task state; True if there was one. Raises InvalidInput."""
        return bool(self._session_request("clear", check_id(user_id, "user id"),
                                          check_id(session_id, "session id")))

    def prompt_context(self, query: str, *, user_id: str, session_id: str, budget_tokens: int | None = None,
                       k: int | None = None) -> dict[str, Any]:
        """Working memory → session window → recalled items → summaries, packed within one budget.

        ``{"text", "tokens", "truncated", "lines" (per tier), "item_ids"}``, as the embedded call.

        Raises:
            InvalidInput: malformed ids, an empty or oversized query, a bad budget (0 gives an empty
                block, as embedded) or k (nothing sent).
        """
        query = check_text(query, "query")
        if k is not None:
            check_query(query, k)
        return dict(self._session_request("prompt", check_id(user_id, "user id"), check_id(session_id, "session id"),
                                          query=query, budget_tokens=check_budget(budget_tokens, 0), k=k))
