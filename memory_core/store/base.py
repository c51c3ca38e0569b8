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
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

from memory_core.errors import InvalidField, UnknownItem, UnknownUser
from memory_core.model import Actor, Kind, MemoryItem, Revision, Status, utcnow
from memory_core.store.apply import apply_ops, content_changed
from memory_core.store.forget_source import forget_in_window, source_turn_ends
from memory_core.store.lookup import KeyLookup
from memory_core.store.purge import PurgeReport, purge_items
from memory_core.store.write_ops import AddOp, EndOp, ExpiryOp, HitOp, MergeOp, Op, UpdateOp
from memory_core.validation import MAX_THEME_CHARS, check_id, check_text

if TYPE_CHECKING:
    from memory_core.store.sql import SqlStore
    from memory_core.store.turns import TurnLog

__all__ = ["INDEXED_STATUSES", "KEEP", "ItemChanges", "KeyLookup", "MemoryStore", "SelfCheckReport", "apply_ops",
           "check_list_filters", "content_changed"]

#: ``MemoryStore.update``'s default ``expires_at``: leave the item's expiry as it is.
KEEP: Final = object()


def check_list_filters(statuses: Iterable[str] | str | None, theme: object = None,
                       kind: object = None) -> tuple[tuple[str, ...] | None, str | None, str | None]:
    """Check the filters of ``MemoryStore.list_items``; return ``(statuses, theme, kind)`` as it uses them.

    Args:
        statuses: None (any status), one ``Status`` value as a string, or an
            iterable of them (an empty one matches nothing).
        theme: None, or a theme (stripped, 1..64 characters).
        kind: None, or a ``Kind`` value.

    Raises:
        InvalidField: a value of the wrong type, or an unknown status or kind.
        EmptyText, TextTooLong: an empty or oversized theme.
    """
    wanted: tuple[str, ...] | None = None
    if statuses is not None:
        if isinstance(statuses, str):
            values: list[object] = [statuses]
        elif isinstance(statuses, bytes | bytearray | Mapping) or not isinstance(statuses, Iterable):
            raise InvalidField(f"statuses must be a status or a list of statuses; got {type(statuses).__name__}")
        else:
            values = list(statuses)
        for value in values:
            if not isinstance(value, str) or value not in Status._value2member_map_:
                raise InvalidField(f"unknown status {value!r}; expected one of {', '.join(Status)}")
        wanted = tuple(str(v) for v in values)
    if theme is not None:
        if not isinstance(theme, str):
            raise InvalidField(f"theme must be a string; got {type(theme).__name__}")
        theme = check_text(theme, "theme", max_chars=MAX_THEME_CHARS)
    if kind is not None and (not isinstance(kind, str) or kind not in Kind._value2member_map_):
        raise InvalidField(f"unknown kind {kind!r}; expected one of {', '.join(Kind)}")
    return wanted, theme, None if kind is None else str(kind)


@dataclass(slots=True)
class SelfCheckReport:
    """Result of ``MemoryStore.self_check`` (seed 000).

    Attributes:
        status: "OK" (nothing wrong), "WARN" (repaired or minor issues) or "FAIL".
        issues: problems that were not repaired.
        repaired: problems found and fixed.
        item_count: valid items in the store (all users, all statuses).
    """

    status: str = "OK"
    issues: list[str] = field(default_factory=list)
    repaired: list[str] = field(default_factory=list)
    item_count: int = 0

    def finish(self) -> SelfCheckReport:
        """Set ``status`` from the issues and repairs found; return self."""
        self.status = "FAIL" if self.issues else "WARN" if self.repaired else "OK"
        return self


INDEXED_STATUSES: tuple[str, ...] = (Status.ACTIVE, Status.SUPERSEDED, Status.ARCHIVED)  # what recall indexes


@dataclass(slots=True)
class ItemChanges:
    """What changed in a user's items after a memory version (``MemoryStore.changes_since``).

    Attributes:
        version: the memory version the changes bring a reader to.
        items: the changed items, any status (deleted ones included), without histories;
            with ``complete``, the user's whole set instead.
        complete: True when ``items`` is the whole set (the store could not tell what
            changed): an item the reader holds that is not in it is gone.
        last_seq: the seq of the user's last stored turn, when the store keeps turns (None
            otherwise): a reader holding turns up to it need not ask for more.
        new_vectors: whether any embedding was stored after the version asked about (None: the
            store cannot tell): a reader keeping vectors need not ask for them when False.
    """

    version: str
    items: list[MemoryItem]
    complete: bool
    last_seq: int | None = None
    new_vectors: bool | None = None


class MemoryStore(ABC):
    """Abstract store of memory items for many users.

    Subclasses implement the primitives; CRUD, grouping and history come from
    here. Reads return copies: changing a returned item changes nothing stored.
    """

    # ── primitives ─────────────────────────────────────────────────────

    @abstractmethod
    def _load_all(self, user_id: str) -> dict[str, MemoryItem]:
        """Return every item of ``user_id`` (all statuses), by id. Caller may hold the lock."""

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
    def users(self, prefix: str = "") -> list[str]:
        """Return the ids of users with at least one item, sorted; with ``prefix`` (plain text, not a pattern),
        those starting with it."""

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

    def close(self) -> None:  # noqa: B027 - optional hook
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

    # ── reads ──────────────────────────────────────────────────────────

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

    def history(self, user_id: str, item_id: str) -> list[Revision]:
        """Return an item's revisions from newest to oldest. Raises UnknownItem."""
        return self.get(user_id, item_id).history_newest_first()

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
