"""What ``gulfstream ingest`` says when it gave up behind another process's write lock on the store.

SQLite lets one process write at a time; a write that waits out the busy
timeout gives up (``StoreLocked``), and the CLI's error said "nothing was
changed". For an ingest that was not true (new-user trial 37, finding 10): it
may have recorded and applied earlier batches of its file, and when another
ingest of the same file ran at once, the other process had recorded this
one's turns. The message now says what is so, read from the store after the
stop: what this run recorded and applied (it stays), how many of the file's
turns are recorded and applied in all (and how many of those another process
recorded meanwhile), and what running the ingest again would do.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from memory_core.model import Turn
from memory_core.store.base import MemoryStore

__all__ = ["FileTurns", "stopped_outcome", "stored_turn_ids"]


@dataclass(frozen=True)
class FileTurns:
    """Counts of one file's turns around a stopped ingest (turns, not items).

    Attributes:
        total: the file's valid turns.
        before: of them, stored before this run started.
        recorded_here: recorded by this run.
        applied_here: applied by this run (its own or another run's).
        recorded_now: recorded in all, read after the stop.
        applied_now: applied in all, read after the stop.
    """

    total: int
    before: int
    recorded_here: int
    applied_here: int
    recorded_now: int
    applied_now: int


def stored_turn_ids(store: MemoryStore, turns: Iterable[Turn]) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """The ``(user id, turn id)`` of ``turns`` the store has recorded, and of those it has applied (the user's
    ``last_applied_seq`` fence); two empty sets for a store without a turn log.

    Raises:
        StoreError: the store failed.
    """
    log = store.turn_log()
    wanted: dict[str, set[str]] = {}
    for turn in turns:
        wanted.setdefault(turn.user_id, set()).add(turn.turn_id)
    recorded: set[tuple[str, str]] = set()
    applied: set[tuple[str, str]] = set()
    if log is None:
        return recorded, applied
    for user_id, ids in wanted.items():
        fence = log.last_applied_seq(user_id)
        for turn in log.list_turns(user_id):
            if turn.turn_id in ids:
                recorded.add((user_id, turn.turn_id))
                if turn.seq <= fence:
                    applied.add((user_id, turn.turn_id))
    return recorded, applied


def stopped_outcome(name: str, turns: FileTurns) -> str:
    """The part of the locked-store error that says what an ingest of the file ``name`` left stored (module
    docstring), e.g. "this run recorded 25 turn(s) and applied 25 before it stopped; that stays (the summary
    above); of the 212 turn(s) in t.jsonl, 212 are recorded (187 by another process meanwhile) and 25 applied;
    the 187 recorded and not applied are applied by the next ingest of their user (the other process's, if it
    is still running, or this file's again)"."""
    if turns.recorded_here or turns.applied_here:
        said = (f"this run recorded {turns.recorded_here} turn(s) and applied {turns.applied_here} before it "
                "stopped; that stays (the summary above)")
    else:
        said = "this run changed nothing"
    by_other = max(0, turns.recorded_now - turns.before - turns.recorded_here)
    other = f" ({by_other} by another process meanwhile)" if by_other else ""
    said += (f"; of the {turns.total} turn(s) in {name}, {turns.recorded_now} are recorded{other} and "
             f"{turns.applied_now} applied")
    if waiting := turns.recorded_now - turns.applied_now:
        said += (f"; the {waiting} recorded and not applied are applied by the next ingest of their user (the "
                 "other process's, if it is still running, or this file's again)")
    if missing := turns.total - turns.recorded_now:
        said += f"; {missing} are not recorded: ingest {name} again to record them (no turn is stored twice)"
    return said
