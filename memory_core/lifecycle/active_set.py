"""A user's active items kept between maintenance runs, brought current from an item watermark.

Every maintenance run works on the user's active items. Reading them whole
at the start of each run made every slice of a catch-up (a user never
maintained: an import, a first deploy; ``maintain``, "Slices") read the
whole history again: thousands of rows read by the database at its own
priority, beside the user's curator, once per slice. ``ActiveSets`` keeps
each user's set after a run with the memory version it was read at (the
item watermark) and brings it current with the rows changed after it
(``MemoryStore.changes_since``): a slice reads what changed since the last
one (mostly its own writes and the new turns' items), not the history.

Two changes do not move the memory version: hits and last uses
(``HitOp``), which may also add a source turn to an item (a restatement).
Decay reads all three, so the hit counts and last uses of used items are
read each time (``item_usage``, a narrow read) and an item whose count moved
is read again; more than ``REREAD_AT_MOST`` such items, or a store without
``item_usage``, and the whole set is read again (a store whose
``changes_since`` always answers with the whole set needs neither).

At most ``users`` sets are kept (the least recently used go), so a worker
that maintains many users holds a bounded number of them.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime
from typing import Any

from memory_core.errors import UnknownItem
from memory_core.model import MemoryItem, Status
from memory_core.store.base import MemoryStore

__all__ = ["REREAD_AT_MOST", "ActiveSets"]

#: Items whose hit count moved that are read one by one; more than this and the whole set is read.
REREAD_AT_MOST = 32


def _order(item: MemoryItem) -> tuple[datetime, str]:
    return item.created_at, item.id


class ActiveSets:
    """Per-user active items between runs (module docstring).

    Args:
        store: the memory store.
        users: most users whose sets are kept (least recently used dropped first; >= 1).

    Attributes:
        full_reads / change_reads: how many reads of each sort were done (for tests and benches).
    """

    def __init__(self, store: MemoryStore, users: int = 8) -> None:
        self.store = store
        self.users = max(1, users)
        self._held: OrderedDict[str, tuple[str, dict[str, MemoryItem]]] = OrderedDict()
        self._lock = threading.Lock()
        self.full_reads = 0
        self.change_reads = 0

    def read(self, user_id: str) -> list[MemoryItem]:
        """Return the user's active items now (oldest first, without histories), keeping them for the next read.

        Raises:
            StoreError: the store failed (the kept set is dropped; the next read is whole).
        """
        with self._lock:
            held = self._held.pop(user_id, None)
        version, items = held if held is not None else ("", {})
        changes = self.store.changes_since(user_id, version)
        if changes.complete or held is None:
            items = {}
            self.full_reads += 1
        else:
            self.change_reads += 1
        for item in changes.items:
            if item.status == Status.ACTIVE:
                items[item.id] = item
            else:
                items.pop(item.id, None)
        if not changes.complete and not self._usage(user_id, items):
            changes = self.store.changes_since(user_id, "")
            items = {i.id: i for i in changes.items if i.status == Status.ACTIVE}
            self.full_reads += 1
        with self._lock:
            self._held[user_id] = (changes.version, items)
            while len(self._held) > self.users:
                self._held.popitem(last=False)
        return sorted(items.values(), key=_order)

    def forget(self, user_id: str | None = None) -> None:
        """Drop the kept set of ``user_id`` (None: of every user); the next read is whole."""
        with self._lock:
            if user_id is None:
                self._held.clear()
            else:
                self._held.pop(user_id, None)

    def _usage(self, user_id: str, items: dict[str, MemoryItem]) -> bool:
        """Bring hit counts and last uses current (rereading items whose count moved); False: read whole."""
        usage_of: Callable[[str], dict[str, tuple[int, Any]]] | None = getattr(self.store, "item_usage", None)
        if usage_of is None:
            return False
        stale = []
        for item_id, (hit, last_used) in usage_of(user_id).items():
            item = items.get(item_id)
            if item is None:
                continue
            if item.hit != hit:
                stale.append(item_id)
            item.last_used_at = last_used
        if len(stale) > REREAD_AT_MOST:
            return False
        for item_id in stale:
            try:
                fresh = self.store.get(user_id, item_id)
            except UnknownItem:
                items.pop(item_id, None)
                continue
            fresh.history = []
            if fresh.status == Status.ACTIVE:
                items[item_id] = fresh
            else:
                items.pop(item_id, None)
        return True
