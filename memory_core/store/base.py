"""The storage seam for memory items (seed 000's ``BaseMemoryManager``, multi-user).

A backend implements a few primitives and gets the whole CRUD for free:

- ``_load_all(user_id) -> dict[id, MemoryItem]``: every item of one user;
- ``_save_all(user_id, items)``: overwrite one user's items;
- ``_write_lock(user_id)``: context in which load → change → save is atomic;
- ``users()``, ``erase_user()``, ``self_check()``.

Every write goes through ``apply(user_id, ops)``, which runs a batch of
``memory_core.store.write_ops`` all-or-nothing. A backend that can do better than
load-all/save-all (SQL) overrides ``apply`` and the reads with targeted
queries, keeping the semantics: ``apply_ops`` below is the one place where
ops change items, whatever the backend.

The seam's parts live beside it, each on its own: the default reads
(``store.item_reads``), the list filters (``store.list_filters``) and what a
store reports (``store.store_reports``); their names are re-exported here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

from memory_core.errors import InvalidField, UnknownItem
from memory_core.model import Actor, MemoryItem, Status, utcnow
from memory_core.store.apply import apply_ops, content_changed
from memory_core.store.forget_source import forget_in_window, source_turn_ends
from memory_core.store.item_reads import ItemReads
from memory_core.store.list_filters import check_list_filters
from memory_core.store.lookup import KeyLookup
from memory_core.store.purge import PurgeReport, purge_items
from memory_core.store.store_reports import INDEXED_STATUSES, ItemChanges, SelfCheckReport
from memory_core.store.write_ops import AddOp, EndOp, ExpiryOp, HitOp, MergeOp, Op, UpdateOp
from memory_core.validation import check_id

if TYPE_CHECKING:
    from memory_core.store.sql import SqlStore
    from memory_core.store.turns import TurnLog

__all__ = ["INDEXED_STATUSES", "KEEP", "ItemChanges", "ItemReads", "KeyLookup", "MemoryStore", "SelfCheckReport",
           "apply_ops", "check_list_filters", "content_changed"]

#: ``MemoryStore.update``'s default ``expires_at``: leave the item's expiry as it is.
KEEP: Final = object()


class MemoryStore(ItemReads, ABC):
    """Abstract store of memory items for many users.

    Subclasses implement the primitives (``_load_all`` and ``users`` are
    declared on ``ItemReads``); CRUD comes from here, the reads (grouping,
    history, versions) from ``ItemReads``. Reads return copies: changing a
    returned item changes nothing stored.
    """

    # ── primitives ─────────────────────────────────────────────────────

    @abstractmethod
    def _save_all(self, user_id: str, items: dict[str, MemoryItem]) -> None:
        """Overwrite every item of ``user_id``. Caller holds ``_write_lock(user_id)``."""

    @abstractmethod
    def _write_lock(self, user_id: str) -> AbstractContextManager[None]:
        """Context in which a load → change → save sequence is atomic for ``user_id``.

        Raises:
            StoreLocked: the lock was not acquired within the backend's timeout.
        """

    @abstractmethod
    def erase_user(self, user_id: str) -> int:
        """Remove every item and revision of ``user_id``; return the number of items removed."""

    @abstractmethod
    def self_check(self, repair: bool = True) -> SelfCheckReport:
        """Check the backend is reachable and every item well-formed; repair what can be.

        Returns:
            A ``SelfCheckReport``; never raises for bad data, only reports it.
        """

    def turn_log(self) -> TurnLog | None:
        """This store's turn event log (``memory_core.store.turns.TurnLog``), or None when it keeps items only.

        The capability a store declares: the SQL store keeps turns beside its
        items and returns itself; an items-only store (YAML) keeps the default.
        """
        return None

    def sql_tables(self) -> SqlStore | None:
        """This store as the SQL database that also holds session state and vectors, or None (items only).

        The capability a store declares, like ``turn_log``: the side tables
        (``session_state``, ``item_vectors``, the session windows' turn reads)
        live in the SQL store's own database; the default says there are none.
        """
        return None

    def close(self) -> None:
        """Release connections or file handles (default: nothing)."""

    # ── writes ─────────────────────────────────────────────────────────

    def apply(self, user_id: str, ops: Sequence[Op]) -> list[Any]:
        """Apply a batch of ops all-or-nothing; return one result per op.

        Raises:
            UnknownItem, InvalidField: the batch is refused and nothing changes.
            StoreError: the backend failed; nothing changes.
        """
        user_id = check_id(user_id, "user id")
        with self._write_lock(user_id):
            items = self._load_all(user_id)
            results, _ = apply_ops(items, user_id, ops)
            self._save_all(user_id, items)
        return results

    def add(self, user_id: str, description: str, theme: str, *, actor: str = Actor.USER,
            reason: str = "", turn_id: str | None = None, expires_at: datetime | None = None,
            **fields: Any) -> str:
        """Add an item; return its id. Fields as in ``MemoryItem`` (kind, trust, ...).

        ``expires_at`` (as Mem0's ``expiration_date``) is when the item stops
        holding: its ``valid_until``; maintenance archives it after that.

        Raises:
            EmptyText, TextTooLong, InvalidField: for bad input (also both
                ``expires_at`` and ``valid_until``, or a naive ``expires_at``).
        """
        if expires_at is not None:
            if "valid_until" in fields:
                raise InvalidField("give expires_at or valid_until, not both")
            if not isinstance(expires_at, datetime) or expires_at.tzinfo is None:
                raise InvalidField(f"expires_at must be a timezone-aware datetime; got {expires_at!r}")
            fields["valid_until"] = expires_at
        item = MemoryItem.create(check_id(user_id, "user id"), description, theme, actor=actor,
                                 reason=reason, turn_id=turn_id, **fields)
        return str(self.apply(user_id, [AddOp(item)])[0])

    def update(self, user_id: str, item_id: str, reason: str, new_description: str | None = None,
               new_theme: str | None = None, *, actor: str = Actor.USER,
               expires_at: datetime | object | None = KEEP) -> None:
        """Change an item's text and/or theme, keeping the old ones in history.

        ``expires_at``: a new expiry (its ``valid_until``), None to clear it,
        or ``KEEP`` (the default) to leave it; with an expiry alone the text stays.

        Raises:
            UnknownItem, InvalidField, EmptyText, TextTooLong.
        """
        ops: list[Op] = []
        if new_description is not None or new_theme is not None or expires_at is KEEP:
            ops.append(UpdateOp(item_id, reason, new_description, new_theme, actor))
        if expires_at is not KEEP:
            if expires_at is not None and not isinstance(expires_at, datetime):
                raise InvalidField(f"expires_at must be a timezone-aware datetime or None; got {expires_at!r}")
            ops.append(ExpiryOp(item_id, expires_at, reason, actor))
        self.apply(user_id, ops)

    def merge(self, user_id: str, id1: str, id2: str, merged_description: str, merged_theme: str,
              reason: str, *, actor: str = Actor.USER) -> None:
        """Merge ``id2`` into ``id1`` keeping both histories; ``id2`` ends deleted.

        Raises:
            UnknownItem, InvalidField, EmptyText, TextTooLong.
        """
        self.apply(user_id, [MergeOp(id1, id2, merged_description, merged_theme, reason, actor)])

    def hit(self, user_id: str, item_id: str, count: int = 1) -> int:
        """Raise an item's hit count; return the new count. Raises UnknownItem."""
        return int(self.apply(user_id, [HitOp(item_id, count)])[0])

    def delete(self, user_id: str, item_id: str, reason: str, *, actor: str = Actor.USER) -> str:
        """Soft-delete an item (it stays in history); return its description.

        The raw-turn items of its source turns that no other live memory cites
        are ended with it (``forget_source``): a forgotten memory's words are
        not recalled through the turn they came from, nor shown by the session
        window of that turn (``forget_in_window``).

        Raises:
            UnknownItem: no such live item.
        """
        ends = source_turn_ends(self, user_id, item_id, actor)
        said = str(self.apply(user_id, [EndOp(item_id, Status.DELETED, reason, actor), *ends])[0])
        forget_in_window(self, user_id, item_id)
        return said

    def purge(self, user_id: str, item_id: str, reason: str, *, actor: str = Actor.USER) -> PurgeReport:
        """Hard-delete one item's words, keeping an audit record without them (``memory_core.store.purge``).

        The item (any status, a soft-deleted one too) and the raw-turn items of its source turns end
        ``deleted`` with the text ``[purged]`` in their rows and every revision, plus a ``purge``
        revision holding ``reason``; other items quoting those words have the quote replaced. This
        default (an items-only store) rewrites the user's items; the SQL store also purges the source
        turns, their vectors and their sessions' rolling summaries, in one transaction.

        Raises:
            UnknownItem: the user has no item with this id. StoreError: the store failed (nothing changed).
        """
        user_id = check_id(user_id, "user id")
        with self._write_lock(user_id):
            items = self._load_all(user_id)
            if item_id not in items:
                raise UnknownItem(f"no memory item {item_id!r} for user {user_id!r}")
            report = purge_items(items, item_id, (), reason, actor=actor, at=utcnow())
            self._save_all(user_id, items)
        return report

    def purge_many(self, user_id: str, item_ids: Sequence[str], reason: str, *,
                   actor: str = Actor.USER) -> list[PurgeReport]:
        """``purge`` each item of ``item_ids`` in order; one report per distinct id (empty lists for an id an
        earlier one already purged). This default purges one by one; the SQL store does it in one transaction
        and rewrites an SQLite file once. Raises UnknownItem (this default: the items before it stay purged),
        StoreError."""
        reports: list[PurgeReport] = []
        done: set[str] = set()
        for item_id in dict.fromkeys(item_ids):
            reports.append(PurgeReport(item_id) if item_id in done else
                           self.purge(user_id, item_id, reason, actor=actor))
            done.update(reports[-1].items)
        return reports
