"""What an ingest did to a user's memory, in the words ``gulfstream ingest`` prints.

The write path reports turns (``service.IngestReport``: recorded, already
present, applied); a user reading "applied 30 pending turn(s)" learns nothing
about their memory. ``ingest_outcome`` compares the items before and after
(``item_states`` of each, every status) and counts what a person would name:
memories created, updated (same memory, new text), confirmed (said again: its
hit count rose), superseded (replaced by a newer value) and ended (deleted or
archived by what was said); the raw-turn items kept beside them are counted
apart. ``summary_line`` words it.

Example::

    before = item_states(store.list_items("ann", statuses=None))
    report = memory.ingest(turns)
    outcome = ingest_outcome(before, item_states(store.list_items("ann", statuses=None)))
    summary_line(report.stored, report.duplicates, outcome, bad=0)
    # 'recorded 4 turn(s), 0 already seen; memories: 7 created, 0 updated, 1 confirmed, 1 superseded, 0 ended
    #  (4 raw turn(s) kept beside them); 0 bad line(s)'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from memory_core.model import MemoryItem, Status
from memory_core.store.forget_source import is_raw_turn_item

__all__ = ["IngestOutcome", "ItemState", "ingest_outcome", "item_states", "summary_line"]


@dataclass(frozen=True)
class ItemState:
    """What ``ingest_outcome`` compares of one item: its status, text, hit count and whether it is a raw turn."""

    status: str
    description: str
    hit: int
    raw: bool


@dataclass
class IngestOutcome:
    """Counts of memory items an ingest changed (raw-turn items only in ``raw_kept``).

    Attributes:
        created: curated items that did not exist before (also when a later turn of the same ingest replaced them).
        updated: items that were there and now read otherwise (same id, new text).
        confirmed: items said again: same text, hit count raised.
        superseded: items active before or created now, superseded now.
        ended: items active before, now deleted or archived.
        raw_kept: raw-turn items created (one per turn kept as said).
    """

    created: int = 0
    updated: int = 0
    confirmed: int = 0
    superseded: int = 0
    ended: int = 0
    raw_kept: int = 0

    def add(self, other: IngestOutcome) -> None:
        """Add ``other``'s counts to these (several users of one file)."""
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


def item_states(items: Iterable[MemoryItem]) -> dict[str, ItemState]:
    """``{item id: ItemState}`` of ``items`` (a user's items of every status)."""
    return {i.id: ItemState(str(i.status), i.description, i.hit, is_raw_turn_item(i)) for i in items}


def ingest_outcome(before: Mapping[str, ItemState], after: Mapping[str, ItemState]) -> IngestOutcome:
    """Count what changed from ``before`` to ``after`` (one user's ``item_states``); see ``IngestOutcome``.

    An item counts once per change it went through: created and superseded in the same ingest is both;
    a raw-turn item is counted only as kept (created) — its confirmation or ending follows its memory's.
    """
    out = IngestOutcome()
    for item_id, now in after.items():
        was = before.get(item_id)
        if was is None:
            if now.raw:
                out.raw_kept += 1
                continue
            out.created += 1
        elif now.raw:
            continue
        elif now.description != was.description:
            out.updated += 1
        elif now.hit > was.hit and now.status == was.status:
            out.confirmed += 1
        if now.status == Status.SUPERSEDED and (was is None or was.status != Status.SUPERSEDED):
            out.superseded += 1
        elif now.status in (Status.DELETED, Status.ARCHIVED) and was is not None and was.status == Status.ACTIVE:
            out.ended += 1
    return out


def summary_line(recorded: int, seen: int, outcome: IngestOutcome, bad: int) -> str:
    """The line ``gulfstream ingest`` prints: turns recorded and already seen (a re-sent turn id: nothing done
    again), what happened to the memories, the raw turns kept beside them, and the bad lines."""
    raw = f" ({outcome.raw_kept} raw turn(s) kept beside them)" if outcome.raw_kept else ""
    return (f"recorded {recorded} turn(s), {seen} already seen; memories: {outcome.created} created, "
            f"{outcome.updated} updated, {outcome.confirmed} confirmed, {outcome.superseded} superseded, "
            f"{outcome.ended} ended{raw}; {bad} bad line(s)")
