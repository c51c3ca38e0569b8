"""One user's items as a group of turns sees them while it is planned and applied in one transaction.

``SqlStore.apply_turns`` plans several consecutive turns of a user and
writes all their effects in one transaction. Turn N+1 must be planned
against what turn N changed, yet nothing is written before the end: this
view is the store as the group sees it — the items read so far (by key or by
id, on the group's connection) with the group's own changes on top.

Added items are assumed new (their ids are fresh): if one exists already,
the final INSERT fails, the group rolls back, and the caller replays the
turns one by one, where ``apply`` reports it precisely.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Any

from memory_core.model import MemoryItem, Revision, Status
from memory_core.store.apply import apply_ops, content_changed
from memory_core.store.write_ops import AddOp, MergeOp, Op

__all__ = ["GroupView"]

# (keys) -> the user's active items with those keys; (ids) -> the user's items with those ids.
Loader = Callable[[Sequence[str]], dict[str, MemoryItem]]


class GroupView:
    """The user's items as loaded on the group's connection, with the group's ops applied on top.

    Satisfies the pipeline's ``KeyLookup`` (``find_by_key`` / ``find_by_keys``).

    Args:
        user_id: whose items.
        by_keys: loads the user's active items with any of the keys, with history.
        by_ids: loads the user's items with any of the ids, with history.
        by_prefix: (id, key, description) rows of the user's active items by key prefix.
        superseded: loads the user's superseded items with one key, with history.
        said_after: loads the user's active items by key prefix said after a time, with history.

    Attributes:
        items: every item read or added so far, by id (the group's current state).
        before: each item's history as read from the database (ids of items
            the group added are absent): what ``_write_items`` diffs against.
        touched: ids of items the group changed.
        changed: True once an op changed what recall sees (anything but a hit).
    """

    def __init__(self, user_id: str, by_keys: Loader, by_ids: Loader,
                 by_prefix: Callable[[Sequence[str]], list[tuple[str, str, str]]] | None = None,
                 superseded: Callable[[str], dict[str, MemoryItem]] | None = None,
                 said_after: Callable[[str, datetime], dict[str, MemoryItem]] | None = None) -> None:
        self.user_id = user_id
        self._by_keys = by_keys
        self._by_ids = by_ids
        self._by_prefix = by_prefix
        self._superseded = superseded
        self._said_after = said_after
        self._loaded_keys: set[str] = set()
        self._stored_rows: dict[tuple[str, ...], list[tuple[str, str, str]]] = {}
        self.items: dict[str, MemoryItem] = {}
        self.before: dict[str, list[Revision]] = {}
        self.touched: set[str] = set()
        self.changed = False

    def _absorb(self, found: Iterable[MemoryItem]) -> None:
        """Keep newly read items; an item the group has already read or changed keeps its group state."""
        for item in found:
            if item.id not in self.items:
                self.items[item.id] = item
                self.before[item.id] = list(item.history)

    def find_by_keys(self, user_id: str, keys: Iterable[str]) -> dict[str, list[MemoryItem]]:
        """Return the user's active items for each key as the group sees them (one read for new keys)."""
        wanted = list(dict.fromkeys(keys))
        missing = [key for key in wanted if key not in self._loaded_keys]
        if missing:
            self._absorb(self._by_keys(missing).values())
            self._loaded_keys.update(missing)
        found: dict[str, list[MemoryItem]] = {key: [] for key in wanted}
        for item in self.items.values():
            if item.key in found and item.status == Status.ACTIVE and item.user_id == user_id:
                found[str(item.key)].append(item)
        return found

    def active_by_prefix(self, user_id: str, prefixes: Sequence[str]) -> list[tuple[str, str, str]]:
        """(id, key, description) of the active items whose key starts with one of ``prefixes``, as the group
        sees them: the stored rows not yet read by the group, then the group's own items."""
        wanted = tuple(prefixes)
        if wanted not in self._stored_rows:  # what is stored does not change under the group: read once
            self._stored_rows[wanted] = self._by_prefix(wanted) if self._by_prefix else []
        rows = [r for r in self._stored_rows[wanted] if r[0] not in self.items]
        rows += [(i.id, str(i.key), i.description) for i in self.items.values()
                 if i.status == Status.ACTIVE and i.user_id == user_id and str(i.key or "").startswith(wanted)]
        return rows

    def active_said_after(self, user_id: str, prefix: str, after: datetime) -> list[MemoryItem]:
        """The active items keyed ``prefix``… said after ``after`` as the group sees them: the stored ones (read
        once per call, kept as the group's), then the group's own, oldest stored first."""
        if self._said_after is not None:
            self._absorb(self._said_after(prefix, after).values())
        found = [i for i in self.items.values() if i.status == Status.ACTIVE and i.user_id == user_id
                 and str(i.key or "").startswith(prefix) and (i.valid_from or i.created_at) > after]
        return sorted(found, key=lambda i: (i.created_at, i.id))

    def superseded_by_key(self, user_id: str, key: str) -> list[MemoryItem]:
        """Return the user's superseded items with ``key`` as the group sees them (stored, then the group's)."""
        if self._superseded is not None:
            self._absorb(self._superseded(key).values())
        return [i for i in self.items.values()
                if i.key == key and i.status == Status.SUPERSEDED and i.user_id == user_id]

    def find_by_key(self, user_id: str, key: str) -> list[MemoryItem]:
        """Return the user's active items with ``key`` as the group sees them."""
        return self.find_by_keys(user_id, [key])[key]

    def apply(self, ops: Sequence[Op]) -> list[Any]:
        """Apply one turn's ops to the group's items; return one result per op.

        Raises:
            UnknownItem, InvalidField: as ``apply_ops`` (the caller rolls the group back).
        """
        named: set[str] = set()
        for op in ops:
            if isinstance(op, MergeOp):
                named.update((op.keep_id, op.other_id))
            elif not isinstance(op, AddOp):
                named.add(op.item_id)
        missing = sorted(i for i in named if isinstance(i, str) and i not in self.items)
        if missing:
            self._absorb(self._by_ids(missing).values())
        results, touched = apply_ops(self.items, self.user_id, ops)
        self.touched |= touched
        self.changed = self.changed or content_changed(ops)
        return results
