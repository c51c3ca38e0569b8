"""The reads every store gets for free from its ``_load_all`` primitive (the defaults of ``MemoryStore``).

``ItemReads`` answers each read of the store seam by loading the user's
items whole and filtering them in Python: right for an items-only store
(YAML); the SQL store overrides each with a targeted query of the same
meaning. Reads return copies: changing a returned item changes nothing stored.
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime

from memory_core.errors import UnknownItem, UnknownUser
from memory_core.model import MemoryItem, Revision, Status
from memory_core.store.list_filters import check_list_filters
from memory_core.store.store_reports import ItemChanges
from memory_core.validation import check_id

__all__ = ["ItemReads"]


class ItemReads(ABC):
    """Default reads of one user's items, built on ``_load_all`` and ``users`` (``MemoryStore``'s base)."""

    @abstractmethod
    def _load_all(self, user_id: str) -> dict[str, MemoryItem]:
        """Return every item of ``user_id`` (all statuses), by id. Caller may hold the lock."""

    @abstractmethod
    def users(self, prefix: str = "") -> list[str]:
        """Return the ids of users with at least one item, sorted; with ``prefix`` (plain text, not a pattern),
        those starting with it."""

    def get(self, user_id: str, item_id: str) -> MemoryItem:
        """Return one item (any status). Raises UnknownItem."""
        item = self._load_all(user_id).get(item_id)
        if item is None:
            raise UnknownItem(f"no memory item {item_id!r} for user {user_id!r}")
        return item.copy()

    def list_items(self, user_id: str, *, statuses: Iterable[str] | str | None = (Status.ACTIVE,),
                   theme: str | None = None, kind: str | None = None) -> list[MemoryItem]:
        """Return a user's items filtered by status (None: all), theme and kind, oldest first.

        Filters as ``check_list_filters`` (a single string is one status).

        Raises:
            InvalidInput: a filter of the wrong type, an unknown status or kind, a bad theme.
        """
        listed, theme, kind = check_list_filters(statuses, theme, kind)
        wanted = None if listed is None else set(listed)
        out = [
            i.copy() for i in self._load_all(user_id).values()
            if (wanted is None or i.status in wanted)
            and (theme is None or i.theme == theme) and (kind is None or i.kind == kind)
        ]
        return sorted(out, key=lambda i: (i.created_at, i.id))

    def list_items_for_index(self, user_id: str, statuses: Iterable[str]) -> list[MemoryItem]:
        """Return the user's items in ``statuses``, oldest first, for an index (``IndexReads``).

        The default lists them with their histories; an SQL store reads them without.

        Raises:
            InvalidInput: an unknown status.
        """
        return self.list_items(user_id, statuses=tuple(statuses))

    def find_by_key(self, user_id: str, key: str) -> list[MemoryItem]:
        """Return the user's active items with this canonical ``key``."""
        return [i.copy() for i in self._load_all(user_id).values() if i.key == key and i.active]

    def active_by_prefix(self, user_id: str, prefixes: Sequence[str]) -> list[tuple[str, str, str]]:
        """(id, key, description) of the user's active items whose key starts with one of ``prefixes``, oldest first.

        A light read (no history) for the write path's change-of-topic lookups; the items it picks are then
        read by key.
        """
        return [(i.id, str(i.key), i.description) for i in self.list_items(user_id)
                if i.key and str(i.key).startswith(tuple(prefixes))]

    def superseded_by_key(self, user_id: str, key: str) -> list[MemoryItem]:
        """Return the user's superseded items with this canonical ``key`` (a slot's earlier values)."""
        return [i.copy() for i in self._load_all(user_id).values() if i.key == key and i.status == Status.SUPERSEDED]

    def active_said_after(self, user_id: str, prefix: str, after: datetime) -> list[MemoryItem]:
        """The user's active items keyed ``prefix``… said (``valid_from``, else ``created_at``) after ``after``."""
        return [i.copy() for i in sorted(self._load_all(user_id).values(), key=lambda i: (i.created_at, i.id))
                if i.active and str(i.key or "").startswith(prefix) and (i.valid_from or i.created_at) > after]

    def find_by_keys(self, user_id: str, keys: Iterable[str]) -> dict[str, list[MemoryItem]]:
        """Return the user's active items for each key (keys without items map to [])."""
        wanted = set(keys)
        found: dict[str, list[MemoryItem]] = {key: [] for key in wanted}
        for item in self._load_all(user_id).values():
            if item.active and item.key in wanted:
                found[str(item.key)].append(item.copy())
        return found

    def items_of_turns(self, user_id: str, turn_ids: Iterable[str]) -> list[MemoryItem]:
        """Return the user's items (any status) whose ``source`` cites one of ``turn_ids`` or with a revision
        written by one of them (an item a turn made, changed, confirmed or ended), oldest first.

        What an ``add`` reports after applying its turns, without listing the user's other items. This
        default scans the user's items; the SQL store looks the ids up by index.

        Raises:
            InvalidField: a malformed user id.
            StoreError: the store failed.
        """
        user_id, wanted = check_id(user_id, "user id"), {str(t) for t in turn_ids}
        if not wanted:
            return []
        found = [i.copy() for i in self._load_all(user_id).values()
                 if wanted.intersection(i.source) or any(r.turn_id in wanted for r in i.history)]
        return sorted(found, key=lambda i: (i.created_at, i.id))

    def history(self, user_id: str, item_id: str) -> list[Revision]:
        """Return an item's revisions from newest to oldest. Raises UnknownItem."""
        return self.get(user_id, item_id).history_newest_first()

    def owners_of(self, item_id: str, *, prefix: str = "") -> list[str]:
        """The users holding an item with this id (ids are unique per user only: an import keeps a Mem0 export's
        ids, so two users may hold one), those starting with ``prefix``, sorted. Every user's items are read;
        the SQL store answers from its index."""
        return sorted(u for u in self.users() if u.startswith(prefix) and item_id in self._load_all(u))

    def locate(self, item_id: str) -> MemoryItem:
        """Find an item by id alone, whoever owns it. Raises UnknownItem."""
        for user in self.users():
            item = self._load_all(user).get(item_id)
            if item is not None:
                return item.copy()
        raise UnknownItem(f"no memory item {item_id!r}")

    def grouped(self, user_id: str) -> dict[str, list[MemoryItem]]:
        """Return active items grouped by theme (seed 000's waterfall view), themes sorted.

        Raises:
            UnknownUser: the user has no items at all.
        """
        items = self._load_all(user_id)
        if not items:
            raise UnknownUser(f"no memory for user {user_id!r}")
        groups: dict[str, list[MemoryItem]] = {}
        for item in sorted(items.values(), key=lambda i: (i.created_at, i.id)):
            if item.active:
                groups.setdefault(item.theme, []).append(item.copy())
        return dict(sorted(groups.items()))

    def memory_version(self, user_id: str) -> str:
        """Return a token that changes whenever recall-visible content of the user changes.

        Hits do not change it. The default hashes ids, statuses and texts;
        SQL backends keep a counter instead.
        """
        digest = hashlib.blake2b(digest_size=8)
        for item in sorted(self._load_all(user_id).values(), key=lambda i: i.id):
            digest.update(f"{item.id}\0{item.status}\0{item.theme}\0{item.description}\1".encode())
        return digest.hexdigest()

    def changes_since(self, user_id: str, version: str) -> ItemChanges:
        """Return the user's items changed after ``version`` (a value ``memory_version`` gave).

        A recall index applies them instead of rebuilding. This default (the
        YAML store's: its version is a content hash, its file is read whole)
        returns the whole set, every status, with ``complete``; the index then
        re-indexes only the items that differ. The SQL store reads only the
        rows written after ``version``.

        Raises:
            InvalidField: a malformed user id.
            StoreError: the store failed.
        """
        user_id = check_id(user_id, "user id")
        current = self.memory_version(user_id)
        items = sorted(self._load_all(user_id).values(), key=lambda i: (i.created_at, i.id))
        return ItemChanges(current, [i.copy() for i in items], complete=True)

    @property
    def version_read_overlaps(self) -> bool:
        """True when ``memory_version_later`` overlaps a round trip with the caller's work (default False)."""
        return False

    def memory_version_later(self, user_id: str) -> Callable[[], str]:
        """Ask for ``memory_version(user_id)`` now; the returned callable gives the answer.

        A caller with other work to do (searching a cached index) does it in
        between. The default reads at once; a store that talks to a server
        sends the question and reads the reply in the callable.

        Raises:
            StoreError: the store failed (from the callable, or from here).
        """
        version = self.memory_version(user_id)
        return lambda: version
