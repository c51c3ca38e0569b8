"""Which items an ``add`` changed in the store, without reading the user's items twice.

Mem0's add answer lists only what the add did (ADD / UPDATE / DELETE), while
the native ``add`` lists every item its turns produced, also on a re-send
(the turn id is the idempotency key, so nothing is applied again). Telling
the two apart used to take a stamp of every item of the user before the add:
one more read of the whole set per add (100k items: a second O(N) read
beside the native add's own). The store's change record does it instead:
``change_mark`` takes the user's memory version before the add (one counter
read on SQL), and ``changed_ids`` asks the store for the rows written after
it (``MemoryStore.changes_since``: on SQL only those rows), so an add costs
what a native add costs.

A store that cannot tell what changed (``changes_since`` answers the whole set,
``complete``: the YAML store, whose file is read whole anyway, or a user the
store has never seen, who has nothing) falls back to the items' ``updated_at``
stamps, taken before the add, as before.

Example::

    mark = change_mark(store, "ann")
    out = api.add("I moved to Lisbon", user_id="ann")
    changed = changed_ids(store, "ann", mark, out["results"])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from memory_core.api_records import item_record
from memory_core.model import MemoryItem
from memory_core.store.store_reports import ItemChanges

__all__ = ["ChangeMark", "ChangeReads", "change_mark", "changed_ids"]


class ChangeReads(Protocol):
    """The store reads ``change_mark`` and ``changed_ids`` use (any ``MemoryStore``)."""

    def memory_version(self, user_id: str) -> str:
        """The user's content version (``MemoryStore.memory_version``)."""

    def changes_since(self, user_id: str, version: str) -> ItemChanges:
        """The user's items written after ``version`` (``MemoryStore.changes_since``)."""

    def list_items(self, user_id: str, *, statuses: Any = ...) -> list[MemoryItem]:
        """The user's items in ``statuses`` (None: every status)."""


@dataclass(frozen=True)
class ChangeMark:
    """The store as it was before an add, as far as ``changed_ids`` needs it.

    Attributes:
        version: the user's memory version before the add.
        stamps: ``{item id: updated_at as its record shows it}`` of every item of the user, any status, when
            the store cannot answer the rows written after ``version`` (else None).
    """

    version: str
    stamps: Mapping[str, str] | None


def _stamp(item: MemoryItem) -> str:
    return str(item_record(item)["updated_at"])


def change_mark(store: ChangeReads, user_id: str) -> ChangeMark:
    """Mark the user's items before an add: the memory version, and the items' stamps only when the store's
    ``changes_since`` cannot say what changed after it (see the module docstring).

    Raises:
        InvalidField: a malformed user id. StoreError: the store failed.
    """
    version = store.memory_version(user_id)
    if not store.changes_since(user_id, version).complete:  # nothing written after it: no rows read
        return ChangeMark(version, None)
    return ChangeMark(version, {i.id: _stamp(i) for i in store.list_items(user_id, statuses=None)})


def changed_ids(store: ChangeReads, user_id: str, mark: ChangeMark,
                records: Iterable[Mapping[str, Any]]) -> set[str]:
    """The ids among ``records`` (item records an add answered, with ``id`` and ``updated_at``) that the store
    wrote after ``mark``: made, changed or ended since. A concurrent writer's change to one of them counts
    too, as a changed stamp did.

    Raises:
        StoreError: the store failed.
    """
    listed = {str(r["id"]): str(r["updated_at"]) for r in records}
    if mark.stamps is not None:
        return {i for i, stamp in listed.items() if mark.stamps.get(i) != stamp}
    changes = store.changes_since(user_id, mark.version)
    if changes.complete:  # the user was erased and made again meanwhile: nothing listed was there before
        return set(listed)
    return {i.id for i in changes.items}.intersection(listed)
