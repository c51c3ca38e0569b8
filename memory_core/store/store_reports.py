"""What a store reports beside its items: its self-check, and the changes a recall index reads.

- ``SelfCheckReport``: the result of ``MemoryStore.self_check``;
- ``INDEXED_STATUSES``: the statuses a recall index holds;
- ``ItemChanges``: a user's items changed after a memory version (``MemoryStore.changes_since``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from memory_core.model import MemoryItem, Status

__all__ = ["INDEXED_STATUSES", "ItemChanges", "SelfCheckReport"]


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
