"""``EmbeddedMemory``: the ``MemoryAPI`` in this process, on a ``memory_core.service.Memory``.

No Redis, no workers: ``add`` and ``ingest`` apply their turns before they
return (so ``wait`` is always met), edits go straight to the store as the
person's (actor ``user``), recall runs on the process's index cache.

Example::

    from memory_core.embedded import EmbeddedMemory

    mem = EmbeddedMemory.open()            # GULFSTREAM_DATABASE_URL, else the per-user data folder
    mem.add("I moved to Lisbon last spring", user_id="ana")
    mem.search("where does Ana live?", user_id="ana", k=3)[0]["description"]
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from memory_core.api import ItemRecord, RecallAnswer
from memory_core.api_base import BaseMemoryAPI, item_record, revision_record
from memory_core.forget_turns import forget_applied_turns
from memory_core.model import Actor, Trust, Turn
from memory_core.retrieval.recall import RecallFilters
from memory_core.service import Memory, open_memory
from memory_core.session.working import changes_from_json
from memory_core.user_scopes import erase_user_scopes
from memory_core.validation import check_timestamp
from memory_core.wire import to_jsonable

__all__ = ["EmbeddedMemory"]


class EmbeddedMemory(BaseMemoryAPI):
    """The ``MemoryAPI`` on an in-process ``Memory`` (SQLite or PostgreSQL store).

    Args:
        memory: the service to drive (its store, pipeline and recaller).
    """

    def __init__(self, memory: Memory) -> None:
        self.memory = memory

    @classmethod
    def open(cls, **overrides: object) -> EmbeddedMemory:
        """Open from settings (``GULFSTREAM_*``, or ``overrides`` such as ``database_url=...``).

        Raises:
            StoreError: the database cannot be opened or migrated.
        """
        return cls(open_memory(None, **overrides))

    def close(self) -> None:
        """Release the store's connections."""
        self.memory.close()

    def _publish(self, turns: list[Turn]) -> None:
        self.memory.ingest(turns)

    def _stored_before(self, user_id: str, turns: list[Turn]) -> set[str]:
        """The ids of ``turns`` stored already with the same text (one query; a store without turns: none)."""
        tables = self.memory.store.sql_tables()
        if tables is None:
            return set()
        stored = tables.stored_texts(user_id, [t.turn_id for t in turns])
        return {t.turn_id for t in turns if stored.get(t.turn_id) == t.text}

    def _wait(self, user_id: str, turn_ids: list[str], timeout_s: float,
              texts: Mapping[str, str] | None = None) -> None:
        """Nothing to wait for: ``_publish`` applied the turns."""

    def _list(self, user_id: str, statuses: tuple[str, ...] | None, reveal: bool = False) -> list[ItemRecord]:
        return [item_record(i) for i in self.memory.store.list_items(user_id, statuses=statuses)]

    def _of_turns(self, user_id: str, turn_ids: list[str]) -> list[ItemRecord]:
        return [item_record(i) for i in self.memory.store.items_of_turns(user_id, turn_ids)]

    def _get(self, user_id: str, item_id: str, reveal: bool = False) -> ItemRecord:
        return item_record(self.memory.store.get(user_id, item_id))

    def _create(self, user_id: str, item_id: str | None, description: str, theme: str, kind: str,
                valid_from: datetime | None, speaker: str, reason: str, meta: dict[str, str]) -> str:
        # the write path's extractor reads the slot: it loads with the first add, never with a read
        from memory_core.given_slot import add_given

        fields: dict[str, Any] = {"meta": meta} if item_id is None else {"id": item_id, "meta": meta}
        new_id = add_given(self.memory.store, user_id, description, theme, reason=reason, kind=kind,
                           valid_from=valid_from, speaker=speaker, trust=Trust.USER, **fields)  # keyed by its slot
        self.memory.embed_pending(user_id)  # found by meaning (and across languages) as a curated item is
        return new_id

    def _update(self, user_id: str, item_id: str, reason: str, description: str | None,
                theme: str | None) -> None:
        self.memory.store.update(user_id, item_id, reason, description, theme, actor=Actor.USER)
        if description is not None:
            self.memory.embed_pending(user_id)  # the new text's vector, not the old one's

    def _delete(self, user_id: str, item_id: str, reason: str) -> None:
        self.memory.store.delete(user_id, item_id, reason, actor=Actor.USER)

    def _purge(self, user_id: str, item_id: str, reason: str) -> None:
        self.memory.purge_item(user_id, item_id, reason, actor=Actor.USER)

    def _forget_turns(self, user_id: str) -> int:
        turns = self.memory.store.turn_log()
        if turns is None:
            return 0
        with turns.user_lock(user_id, timeout_s=self.memory.settings.user_lock_timeout_s):  # pending turns stay
            return forget_applied_turns(self.memory, user_id)

    def _history(self, user_id: str, item_id: str, reveal: bool = False) -> list[dict[str, Any]]:
        return [revision_record(r) for r in self.memory.store.history(user_id, item_id)]

    def _users(self) -> list[str]:
        store = self.memory.store
        turns = store.turn_log()
        return [*store.users(), *(turns.turn_users() if turns is not None else ())]

    def _erase(self, user_id: str) -> int:
        return sum(erase_user_scopes(self.memory, user_id).values())  # the user's agent scopes too

    def _recall(self, user_id: str, query: str, k: int, filters: dict[str, Any],
                budget_tokens: int | None) -> RecallAnswer:
        fields: dict[str, Any] = {name: check_timestamp(v, name) if name in ("since", "until") else v
                                  for name, v in filters.items()}
        if "statuses" not in fields:
            fields["statuses"] = None
        response = self.memory.recall(user_id, query, k, filters=RecallFilters(**fields),
                                      budget_tokens=budget_tokens)
        hits = [{**item_record(r.item), "score": float(r.score), "rank": r.rank, "outdated": r.outdated}
                for r in response.results]
        return {"results": hits, "context": response.context.text, "degraded": response.degraded,
                "reason": response.reason}

    def _hit(self, user_id: str, item_id: str, count: int) -> int:
        return self.memory.hit(user_id, item_id, count)

    # ── SessionAPI: short-term and working memory of a session ─────────

    def session_context(self, *, user_id: str, session_id: str,
                        budget_tokens: int | None = None) -> dict[str, Any]:
        """``{"user_id", "session_id", "turns": [{"turn_id", "role", "speaker", "text", "timestamp", "seq"}],
        "summary", "summarized_through", "older_turns", "tokens"}``. Raises InvalidInput."""
        return self.memory.session_context(user_id, session_id, budget_tokens).to_json()

    def working_memory(self, *, user_id: str, session_id: str) -> dict[str, Any] | None:
        """The task state as ``WorkingMemory.to_json``, or None. Raises InvalidInput."""
        wm = self.memory.working_memory(user_id, session_id)
        return None if wm is None else wm.to_json()

    def update_working_memory(self, *, user_id: str, session_id: str, **changes: Any) -> dict[str, Any]:
        """Change the task state (``Memory.update_working_memory``'s keywords); return it. Raises InvalidInput."""
        return self.memory.update_working_memory(user_id, session_id, **changes_from_json(changes)).to_json()

    def clear_working_memory(self, *, user_id: str, session_id: str) -> bool:
        """Remove the task state; True if there was one."""
        return self.memory.clear_working_memory(user_id, session_id)

    def prompt_context(self, query: str, *, user_id: str, session_id: str, budget_tokens: int | None = None,
                       k: int | None = None) -> dict[str, Any]:
        """``{"text", "tokens", "truncated", "lines" (per tier), "item_ids"}``. Raises InvalidInput."""
        return dict(to_jsonable(self.memory.prompt_context(user_id, session_id, query, budget_tokens, k)))
