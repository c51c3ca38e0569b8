"""What an ingest did to a user's memory, in the words ``gulfstream ingest`` prints.

The write path reports turns (``service.IngestReport``: recorded, already
present, applied); a user reading "applied 30 pending turn(s)" learns nothing
about their memory. The summary counts what a person would name: memories
created, updated (same memory, new text), confirmed (said again: its hit count
rose), superseded (replaced by a newer value) and ended (deleted or archived by
what was said); the raw-turn items kept beside them are counted apart.
``summary_line`` words it; what the maintenance pass after ingest archived is said on a line of its own
(``maintenance_line``).

Two ways to count, one meaning: ``ingest_outcome`` compares a user's items
before and after (``item_states`` of each, every status), right when nothing
else writes the user; ``OwnChanges`` counts what one process did: from the ops it applied
(``IngestReport.applied_ops``), or, as ``gulfstream ingest`` does, read back from the items' history by the
turns it applied (``changes_of_turns``, split by ``run_outcome`` into the turns it recorded and those another
run recorded). Two ingests of one user at once on one store each count the work they applied and name the
turns the other applied for them, so every change is counted once, by the process that made it (new-user
trials 34, 35 and 38).

Example::

    own = OwnChanges()
    report = memory.ingest(turns)
    own.record(report.applied_ops.get("ann", []))
    outcome = own.outcome(raw_ids(store.list_items("ann", statuses=None)))
    summary_line(report.stored, report.duplicates, outcome, bad=0)
    # 'recorded 4 turn(s), 0 already seen; memories: 7 created, 0 updated, 1 confirmed, 1 superseded, 0 ended
    #  (4 raw turn(s) kept beside them); 0 bad line(s)'
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from memory_core.model import MemoryItem, Status
from memory_core.store.forget_source import is_raw_turn_item
from memory_core.store.write_ops import AddOp, EndOp, HitOp, MergeOp, Op, UpdateOp

if TYPE_CHECKING:
    from memory_core.lifecycle.maintain import MaintenanceReport

__all__ = ["IngestOutcome", "ItemState", "OwnChanges", "RunOutcome", "changes_of_turns", "ingest_outcome",
           "item_states", "maintenance_line", "memories_phrase", "raw_ids", "run_lines", "run_outcome",
           "summary_line"]


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


def raw_ids(items: Iterable[MemoryItem]) -> set[str]:
    """The ids of the raw-turn items among ``items`` (``forget_source.is_raw_turn_item``)."""
    return {i.id for i in items if is_raw_turn_item(i)}


@dataclass
class OwnChanges:
    """The item ids the ops of one process's applied turns touched, by what each op did to them.

    ``record`` takes the ops of each committed apply (``IngestReport.applied_ops``); ``outcome`` counts them
    as ``ingest_outcome`` counts a before/after comparison: an added item is created (or a raw turn kept),
    and counts for nothing else; an item given new text is updated, else one hit and not ended is confirmed;
    one ended as superseded is superseded (created ones too), as deleted or archived (a merge's other side
    too) ended. Only ``AddOp`` says whether an item is a raw turn: the others' ids are told by ``raw``.

    Attributes:
        added: ``{item id: is a raw-turn item}`` of the items added.
        rewritten, hit, superseded, ended: ids of the items given new text, hit, superseded, deleted or archived.
    """

    added: dict[str, bool] = field(default_factory=dict)
    rewritten: set[str] = field(default_factory=set)
    hit: set[str] = field(default_factory=set)
    superseded: set[str] = field(default_factory=set)
    ended: set[str] = field(default_factory=set)

    def record(self, ops: Sequence[Op]) -> None:
        """Note what ``ops`` (committed, in order) did; restores and expiries change nothing counted."""
        for op in ops:
            if isinstance(op, AddOp):
                self.added[op.item.id] = is_raw_turn_item(op.item)
            elif isinstance(op, UpdateOp) and op.new_description is not None:
                self.rewritten.add(op.item_id)
            elif isinstance(op, MergeOp):
                self.rewritten.add(op.keep_id)
                self.ended.add(op.other_id)
            elif isinstance(op, HitOp):
                self.hit.add(op.item_id)
            elif isinstance(op, EndOp):
                (self.superseded if op.status == Status.SUPERSEDED else self.ended).add(op.item_id)

    def touched(self) -> set[str]:
        """Every item id an op named."""
        return set(self.added) | self.rewritten | self.hit | self.superseded | self.ended

    def outcome(self, raw: Collection[str] = ()) -> IngestOutcome:
        """The counts (see the class); ``raw``: ids of raw-turn items among the touched ones not added."""
        out = IngestOutcome()
        for item_id in self.touched():
            is_raw = self.added.get(item_id, item_id in raw)
            if item_id in self.added:
                if is_raw:
                    out.raw_kept += 1
                    continue
                out.created += 1
            elif is_raw:
                continue
            elif item_id in self.rewritten:
                out.updated += 1
            elif item_id in self.hit and item_id not in self.superseded | self.ended:
                out.confirmed += 1
            if item_id in self.superseded:
                out.superseded += 1
            elif item_id in self.ended and item_id not in self.added:
                out.ended += 1
        return out


def summary_line(recorded: int, seen: int, outcome: IngestOutcome, bad: int) -> str:
    """The line ``gulfstream ingest`` prints: turns recorded and already seen (a re-sent turn id: nothing done
    again), what happened to the memories, the raw turns kept beside them, and the bad lines."""
    return f"recorded {recorded} turn(s), {seen} already seen; {memories_phrase(outcome)}; {bad} bad line(s)"


def memories_phrase(outcome: IngestOutcome) -> str:
    """What happened to the memories, as ``summary_line`` says it: "memories: 2 created, 0 updated, …"."""
    raw = f" ({outcome.raw_kept} raw turn(s) kept beside them)" if outcome.raw_kept else ""
    return (f"memories: {outcome.created} created, {outcome.updated} updated, {outcome.confirmed} confirmed, "
            f"{outcome.superseded} superseded, {outcome.ended} ended{raw}")


def maintenance_line(reports: Iterable[MaintenanceReport], active_now: int | None = None) -> str | None:
    """The line ``gulfstream ingest`` prints when the cheap maintenance pass ran after its turns
    (``IngestReport.maintenance``, summed over users and batches), or None when it ran for none.

    The pass archives items past their end and items faded by disuse, raw turns most of them; the summary's
    "ended" counts what the turns said, so without this line an ingest that archived 48 items said "0 ended"
    (new-user trial 37, finding 6). The pass runs every ``maintain_every_turns`` turns of a user. E.g.
    "maintenance after ingest: 48 item(s) archived (45 faded by disuse, 3 past their end), 233 active; archived
    items keep their history: `gulfstream memories --all` lists them, `gulfstream restore` brings one back".

    ``active_now``: the users' active items read after the run; said instead of what the passes left. Two ingests
    of one user at once each print their own pass, and a pass's count is of its moment: one said "0 archived, 232
    active" while the other's pass left 184 (new-user trial 40, F6).
    """
    ran = [r for r in reports if not r.busy]
    if not ran:
        return None
    faded, expired = sum(r.archived for r in ran), sum(r.expired for r in ran)
    active = sum({r.user_id: r.active for r in ran}.values())  # a user's last pass says what it left
    failed = sum(1 for r in ran if r.errors)
    left = f"{active} active" if active_now is None else f"{active_now} active now"
    line = (f"maintenance after ingest: {faded + expired} item(s) archived by this run's pass ({faded} faded by "
            f"disuse, {expired} past their end), {left}")
    if faded + expired:
        line += ("; archived items keep their history: `gulfstream memories --all` lists them, `gulfstream restore`"
                 " brings one back")
    if failed:
        line += f"; {failed} pass(es) failed (logged) and run again after the next ingest"
    return line


def changes_of_turns(items: Iterable[MemoryItem], turn_ids: Collection[str]) -> OwnChanges:
    """What the turns ``turn_ids`` did to ``items`` (a user's items, every status, with history).

    Read from each revision's ``turn_id`` and each item's sources: a "create" is an added item, a text-changing
    "update" or a "merge" kept a rewritten one (a merge's ended side ended), "supersede" superseded, "delete" and
    "archive" ended; an item whose sources hold one of the turns and no revision of theirs was hit. Given the
    turns one process applied (``run_outcome``), two ingests of one user at once each say what they made, and the
    two add up to the store (new-user trial 35: "28 created" and "26 created" for 17 and 11).
    """
    own = OwnChanges()
    for item in items:
        mine = [r for r in item.history if r.turn_id in turn_ids]
        ops = {r.op for r in mine}
        if "create" in ops:
            own.added[item.id] = is_raw_turn_item(item)
        if any(r.op == "update" and r.new_description and r.new_description != r.old_description for r in mine):
            own.rewritten.add(item.id)
        if "merge" in ops:
            (own.ended if item.status in (Status.DELETED, Status.ARCHIVED) else own.rewritten).add(item.id)
        if "supersede" in ops:
            own.superseded.add(item.id)
        if ops & {"delete", "archive"}:
            own.ended.add(item.id)
        if not mine and any(source in turn_ids for source in item.source):
            own.hit.add(item.id)
    return own


@dataclass
class RunOutcome:
    """What one ingest run applied, split by who recorded the turns (``run_outcome``).

    Attributes:
        own: what the turns this run recorded and applied itself made (the summary line's memories).
        taken: what the turns another run recorded and this one applied made (an earlier run killed between
            recording and applying, or one running at once).
        taken_turns: how many turns ``taken`` counts.
        lent_turns: turns this run recorded that another run applied at once: that run counts what they made.
    """

    own: IngestOutcome = field(default_factory=IngestOutcome)
    taken: IngestOutcome = field(default_factory=IngestOutcome)
    taken_turns: int = 0
    lent_turns: int = 0


def run_outcome(items: Mapping[str, Sequence[MemoryItem]], recorded: Mapping[str, Collection[str]],
                applied: Mapping[str, Collection[str]]) -> RunOutcome:
    """Count one ingest run's work by the turns it applied itself, whoever recorded them.

    Args:
        items: ``{user id: that user's items}``, every status, with history, read after the run.
        recorded: ``{user id: turn ids}`` this run recorded (``IngestReport.recorded_ids``).
        applied: ``{user id: turn ids}`` this run applied (``IngestReport.applied_ids``).

    Returns:
        A ``RunOutcome``. Two runs of one file at once record and apply each other's turns (one records a batch,
        the other takes the user's lock first and applies it): counting by the turns recorded, the one that applied
        them said their work too, and "24 created" was printed for 12 (new-user trial 38, finding 9).
    """
    out = RunOutcome()
    for user_id, user_items in items.items():
        mine, done = set(recorded.get(user_id, ())), set(applied.get(user_id, ()))
        raw = raw_ids(user_items)
        if mine & done:
            out.own.add(changes_of_turns(user_items, mine & done).outcome(raw))
        if done - mine:
            out.taken.add(changes_of_turns(user_items, done - mine).outcome(raw))
        out.taken_turns += len(done - mine)
        out.lent_turns += len(mine - done)
    return out


def run_lines(run: RunOutcome, recorded: int) -> list[str]:
    """The lines ``gulfstream ingest`` prints before its summary for the turns another run had a hand in:
    the turns it applied for another run, with what they made, and the turns of its ``recorded`` ones another
    run applied, which that run's own summary counts; none when no other run took part."""
    lines = []
    if run.taken_turns:
        lines.append(f"applied {run.taken_turns} turn(s) another run recorded and had not applied (stopped, or still "
                     f"running): {memories_phrase(run.taken)}")
    if run.lent_turns:
        lines.append(f"another run at once applied {run.lent_turns} of the {recorded} turn(s) recorded here: what "
                     "they made is counted in that run's summary, not in this one")
    return lines
