"""The one Memory API: the same calls, arguments, answers and errors embedded, distributed and over HTTP.

``MemoryAPI`` is the protocol every transport implements:

- ``memory_core.embedded.EmbeddedMemory`` runs the calls in this process
  on a ``memory_core.service.Memory``;
- ``api_shim.api_client.DistributedMemory`` sends them to the Celery workers
  (turns through ``MemoryClient.publish_turn``, edits and reads as
  request/reply tasks, recall through the recall worker);
- ``api_shim.api_client.HttpMemory`` calls the HTTP shim's ``/v1`` API.

The calls' meaning lives once, in ``memory_core.api_base.BaseMemoryAPI``
(argument checks, filters, paging, result shapes, read-your-writes); a
transport only moves a few primitive requests. Answers are plain JSON-able
dicts and lists, so the same script gives equal answers on every transport,
and the same bad call raises the same ``memory_core.errors`` class.

Every call that reads items back shows sensitive values (passwords, PINs,
card, account and ID numbers, API keys, health details) masked ("my PIN is
[code]"; ``memory_core.shown``); ``get``, ``get_all`` and ``history`` take
``reveal=True`` for the owner's own tools. A ``search`` / ``recall`` hit shows
the values of the kinds its query asks for, as the context block does.

``AsyncMemory(api)`` is the asyncio twin of any implementation, built from
its sync methods (each call runs in an executor), so there is one
implementation of each call.

Shapes (every time is ISO-8601 in UTC):

- item record: ``{"id", "user_id", "description", "theme", "kind", "status",
  "hit", "created_at", "updated_at", "valid_from", "valid_until", "source",
  "confidence", "trust", "importance", "key", "speaker"}``;
- search hit: an item record plus ``"score"`` (higher is better), ``"rank"`` (1 = best) and
  ``"outdated"`` (True: what it says no longer holds — a superseded item, or a raw turn every fact of
  which was superseded since; ``retrieval.index.RecallResult.outdated``);
- revision: ``{"op", "reason", "actor", "at", "old_description",
  "new_description", "old_theme", "new_theme", "turn_id", "other_id"}``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from memory_core.model import Turn
from memory_core.twin import OffLoop

__all__ = ["AddResult", "AsyncMemory", "ItemRecord", "MemoryAPI", "Messages", "RecallAnswer", "SessionAPI",
           "TimeLike"]


ItemRecord = dict[str, Any]
"""One memory item as JSON (see the module docstring); a search hit adds ``score`` and ``rank``."""

AddResult = dict[str, Any]
"""``{"results": [item record + "event"], "turn_ids": [...]}``; event is ADD, UPDATE or DELETE."""

RecallAnswer = dict[str, Any]
"""``{"results": [search hits], "context": str, "degraded": bool, "reason": str}``."""

Messages = str | Mapping[str, Any] | Sequence[Mapping[str, Any]]
"""A text (one user message), one chat message, or a list of them: ``{"role", "content", [timestamp, name,
id]}`` (role "user" when absent). One message on its own is one message of a list, as in Mem0's ``add``."""

TimeLike = datetime | str | float | None


@runtime_checkable
class MemoryAPI(Protocol):
    """The calls every transport offers; each is scoped by ``user_id`` (inside the caller's tenant over HTTP).

    Errors, the same on every transport: ``InvalidInput`` (``EmptyText``,
    ``TextTooLong``, ``InvalidField``) for a bad argument or filter, before
    anything is stored; ``UnknownItem`` for an item id the user does not
    have (another user's item included); ``NotApplied`` when ``wait`` ran
    out of time. See ``BaseMemoryAPI`` for each call's details.
    """

    def add(self, messages: Messages, *, user_id: str, infer: bool = True,
            metadata: Mapping[str, str] | None = None, timestamp: TimeLike = None,
            session_id: str | None = None, theme: str | None = None, kind: str | None = None,
            wait: bool = True) -> AddResult:
        """Remember messages: curated by the write pipeline (``infer``) or stored as given."""
        ...

    def search(self, query: str, *, user_id: str, k: int = 10, filters: Mapping[str, Any] | None = None,
               threshold: float | None = None) -> list[ItemRecord]:
        """The user's items that best answer ``query``, best first."""
        ...

    def get(self, item_id: str, *, user_id: str, reveal: bool = False) -> ItemRecord:
        """One item of the user, whatever its status (sensitive values masked unless ``reveal``)."""
        ...

    def get_all(self, *, user_id: str, filters: Mapping[str, Any] | None = None, limit: int = 100,
                offset: int = 0, reveal: bool = False) -> list[ItemRecord]:
        """The user's items, oldest first, one page: at most ``limit`` (default 100, at most 1,000) from
        ``offset``; a full page may have more after it (sensitive values masked unless ``reveal``)."""
        ...

    def update(self, item_id: str, text: str | None = None, *, user_id: str, theme: str | None = None,
               reason: str = "") -> ItemRecord:
        """Correct an item's text and/or theme (the old ones stay in its history)."""
        ...

    def delete(self, item_id: str, *, user_id: str, reason: str = "", purge: bool = False) -> ItemRecord:
        """Soft-delete an item (its text stays in its history); ``purge`` removes its words instead."""
        ...

    def delete_all(self, *, user_id: str, reason: str = "") -> dict[str, Any]:
        """Soft-delete every active item of the user and forget its applied turns (a replay is stored anew);
        return ``{"results": [item record + "event": "DELETE"], "deleted": n}``."""
        ...

    def history(self, item_id: str, *, user_id: str, reveal: bool = False) -> list[dict[str, Any]]:
        """An item's revisions, newest first (texts masked unless ``reveal``)."""
        ...

    def reset(self, *, user_id: str) -> int:
        """Erase the user: turns, items, revisions, caches; return items removed."""
        ...

    def ingest(self, turns: Iterable[Turn | Mapping[str, Any]], *, wait: bool = False) -> dict[str, Any]:
        """Hand finished turns to the write pipeline."""
        ...

    def recall(self, query: str, *, user_id: str, k: int = 10, filters: Mapping[str, Any] | None = None,
               budget_tokens: int | None = None) -> RecallAnswer:
        """Search plus the packed context block for a prompt."""
        ...

    def hit(self, item_id: str, *, user_id: str, count: int = 1) -> int:
        """Mark an item used or confirmed; return its hit count."""
        ...

    def users(self, *, limit: int = 1000, offset: int = 0) -> list[str]:
        """The ids of the users with items or turns, sorted, one page (``memory_core.api_users``)."""
        ...

    def close(self) -> None:
        """Release connections."""
        ...


@runtime_checkable
class SessionAPI(Protocol):
    """Per-session memory (seed 003 §2.1, §2.3): the short-term window and working memory of a session.

    Offered in process by ``memory_core.embedded.EmbeddedMemory`` (on the
    ``memory_core.session`` calls of ``Memory``) and by the distributed and
    HTTP transports (``api_shim.api_client``), whose window is kept in Redis
    by the workers. Answers are JSON-able dicts, as for ``MemoryAPI``.
    """

    def session_context(self, *, user_id: str, session_id: str,
                        budget_tokens: int | None = None) -> dict[str, Any]:
        """The session's recent turns within the budget and the rolling summary of the older ones."""
        ...

    def working_memory(self, *, user_id: str, session_id: str) -> dict[str, Any] | None:
        """The session's task state (goal, status, steps, scratch, checkpoints), None when none or expired."""
        ...

    def update_working_memory(self, *, user_id: str, session_id: str, **changes: Any) -> dict[str, Any]:
        """Change the task state (goal, status, add_steps, step_states, scratch, checkpoint, reset)."""
        ...

    def clear_working_memory(self, *, user_id: str, session_id: str) -> bool:
        """Remove the session's task state; True if there was one."""
        ...

    def prompt_context(self, query: str, *, user_id: str, session_id: str, budget_tokens: int | None = None,
                       k: int | None = None) -> dict[str, Any]:
        """Working memory → session window → recalled items → summaries, packed within one budget."""
        ...


class AsyncMemory:
    """The asyncio twin of any ``MemoryAPI``: ``await mem.add(...)``, ``await mem.search(...)``, ...

    Each call is the sync implementation's, run in ``executor`` (default: the
    loop's), so the event loop never blocks on a store, broker or socket and
    both flavours give the same answers and errors.

    Args:
        sync: the implementation (embedded, distributed or HTTP).
        executor: where the calls run (None: the loop's default executor).
    """

    add = OffLoop(MemoryAPI.add)
    search = OffLoop(MemoryAPI.search)
    get = OffLoop(MemoryAPI.get)
    get_all = OffLoop(MemoryAPI.get_all)
    update = OffLoop(MemoryAPI.update)
    delete = OffLoop(MemoryAPI.delete)
    delete_all = OffLoop(MemoryAPI.delete_all)
    history = OffLoop(MemoryAPI.history)
    reset = OffLoop(MemoryAPI.reset)
    ingest = OffLoop(MemoryAPI.ingest)
    recall = OffLoop(MemoryAPI.recall)
    hit = OffLoop(MemoryAPI.hit)
    users = OffLoop(MemoryAPI.users)
    close = OffLoop(MemoryAPI.close)
    # the session calls, where the implementation offers them (``SessionAPI``)
    session_context = OffLoop(SessionAPI.session_context)
    working_memory = OffLoop(SessionAPI.working_memory)
    update_working_memory = OffLoop(SessionAPI.update_working_memory)
    clear_working_memory = OffLoop(SessionAPI.clear_working_memory)
    prompt_context = OffLoop(SessionAPI.prompt_context)

    def __init__(self, sync: MemoryAPI, executor: Executor | None = None) -> None:
        self.sync = sync
        self.executor = executor
