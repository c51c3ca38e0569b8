"""A change carried to a reader instead of read by it: the items and turns a writer read once after its batch.

The recall layer applies it (``Recaller.catch_up``); the wire encodes it
(``memory_core.wire.changes``, where the curate worker's announcement is
described). It lives beside ``ItemChanges`` so both layers can name it.
"""

from __future__ import annotations

from dataclasses import dataclass

from memory_core.model import Turn
from memory_core.store.store_reports import ItemChanges

__all__ = ["ChangeNote"]


@dataclass(frozen=True, slots=True)
class ChangeNote:
    """One announcement of a user's change, decoded.

    Attributes:
        user_id: whose memory changed.
        changes: the items changed after ``since`` (``changes.version``: the version they bring a reader
            to; never ``complete``), or None for a bare announcement (read the store).
        since: the memory version the changes start after.
        after_seq: the turns carried are every stored turn of the user after this seq (at the read).
        turns: those turns, in seq order.
    """

    user_id: str
    changes: ItemChanges | None = None
    since: str = ""
    after_seq: int = 0
    turns: tuple[Turn, ...] = ()

    def fits(self, version: str, last_seq: int) -> bool:
        """Whether an index at ``version`` holding turns up to ``last_seq`` can apply this note as it is."""
        return self.changes is not None and version == self.since and last_seq >= self.after_seq

    def older_than(self, version: str) -> bool:
        """Whether an index at ``version`` already holds everything this note brings (counter versions only)."""
        if self.changes is None or not (version.isdigit() and self.changes.version.isdigit()):
            return False
        return int(self.changes.version) <= int(version)
