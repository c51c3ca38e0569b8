"""The recall request: its checks, its filters and its deadline."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from memory_core.errors import InvalidField
from memory_core.validation import check_id, check_text, check_timestamp, check_top_k

__all__ = [
    "MAX_BUDGET_TOKENS", "RECALL_FILTER_ALIASES", "RECALL_FILTER_NAMES", "check_recall_filters", "check_recall_request",
    "deadline_after", "past_deadline", "recall_filters",
]

def deadline_after(wait_ms: float) -> float:
    """The ``deadline`` a recall request carries: now + ``wait_ms``, in epoch seconds.

    The recall worker drops a request past its deadline unanswered (its
    caller has stopped waiting and fell back to the database). Celery's own
    ``expires`` did the same at ~0.3 ms of client CPU per call (timezone
    arithmetic and ISO-8601 formatting on send, parsing on receipt). Both
    compare wall clocks: the caller's and the worker's must agree to well
    within the wait.
    """
    return time.time() + wait_ms / 1000


def past_deadline(deadline: float | None) -> float:
    """How far past ``deadline`` (epoch seconds) now is, in seconds; 0.0 when not past or None."""
    if deadline is None:
        return 0.0
    return max(0.0, time.time() - deadline)


RECALL_FILTER_NAMES = ("themes", "kinds", "statuses", "since", "until")
#: The singular names of the recall filters (the Memory API's ``search`` takes both), and what they stand for.
RECALL_FILTER_ALIASES = {"theme": "themes", "kind": "kinds", "status": "statuses"}
MAX_BUDGET_TOKENS = 32_000


def check_recall_filters(filters: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """Check recall filters and return their JSON form (None when there are none).

    ``themes`` / ``kinds`` / ``statuses`` (or ``theme`` / ``kind`` / ``status``, the same filters, as
    the Memory API's ``search`` takes them): a string or a list, tuple or set of strings (sent as a
    list, under the plural name); ``since`` / ``until``: aware datetimes or
    ISO-8601 strings (sent as ISO-8601). Unknown kinds or statuses are
    refused by the recall itself.

    Raises:
        InvalidField: not a mapping, an unknown filter name, or a value of the wrong type.
    """
    if filters is None:
        return None
    if not isinstance(filters, Mapping):
        raise InvalidField(f"filters must be a mapping; got {type(filters).__name__}")
    out: dict[str, Any] = {}
    for given, value in filters.items():
        name = RECALL_FILTER_ALIASES.get(given, given)
        if name not in RECALL_FILTER_NAMES:
            raise InvalidField(f"unknown recall filter {given!r}; expected one of "
                               f"{', '.join(sorted([*RECALL_FILTER_NAMES, *RECALL_FILTER_ALIASES]))}")
        if name != given and name in filters:
            raise InvalidField(f"{given} and {name} are the same filter: give one")
        if value is None:
            continue
        if name in ("since", "until"):
            out[name] = check_timestamp(value, name).isoformat()
            continue
        values = [value] if isinstance(value, str) else \
            sorted(value) if isinstance(value, set | frozenset) else value
        if not isinstance(values, list | tuple) or not all(isinstance(v, str) for v in values):
            raise InvalidField(f"filter {name!r} must be a string or a list of strings; got {value!r}")
        out[name] = list(values)
    return out or None


def check_recall_request(user_id: str, query: str, k: int, filters: Mapping[str, Any] | None,
                         budget_tokens: int | None, timeout_ms: int | None) -> dict[str, Any]:
    """Check a recall's arguments; return the task's keyword arguments (without ``call_id``).

    k is 1..``MAX_TOP_K`` items, ``budget_tokens`` 0..``MAX_BUDGET_TOKENS`` tokens,
    ``timeout_ms`` 1..600,000 ms (None: the caller's default); filters as
    ``check_recall_filters``. The client and the shim's event-loop recall both use it.

    Raises:
        InvalidInput: a bad user id, empty or oversized query, k, filters, budget or timeout.
    """
    user_id = check_id(user_id, "user id")
    query = check_text(query, "query", bytes_ok=False)
    k = check_top_k(k)
    if budget_tokens is not None and (isinstance(budget_tokens, bool) or not isinstance(budget_tokens, int)
                                      or not 0 <= budget_tokens <= MAX_BUDGET_TOKENS):
        raise InvalidField(f"budget_tokens must be an integer from 0 to {MAX_BUDGET_TOKENS}; got {budget_tokens!r}")
    if timeout_ms is not None and (isinstance(timeout_ms, bool) or not isinstance(timeout_ms, int)
                                   or not 1 <= timeout_ms <= 600_000):
        raise InvalidField(f"timeout_ms must be an integer from 1 to 600000; got {timeout_ms!r}")
    return {"user_id": user_id, "query": query, "k": k, "filters": check_recall_filters(filters),
            "budget_tokens": budget_tokens}


def recall_filters(data: Mapping[str, Any] | None) -> Any:
    """``memory_core.retrieval.recall.RecallFilters`` from filters as ``check_recall_filters`` takes them.

    Raises:
        InvalidField: as ``check_recall_filters``.
    """
    from memory_core.retrieval.recall import RecallFilters

    checked = check_recall_filters(data)
    if not checked:
        return None
    fields: dict[str, Any] = {name: check_timestamp(v, name) if name in ("since", "until") else v
                              for name, v in checked.items()}
    return RecallFilters(**fields)
