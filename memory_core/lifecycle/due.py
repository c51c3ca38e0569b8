"""When the cheap maintenance pass after ingest is due: counted on the store, not in a process.

Embedded ingest runs the cheap pass (expiry and decay, ``maintain``) every
``maintain_every_turns`` turns of a user. Counted in the ingesting process, a
turn recorded or applied by another process never counted: an ingest killed
(``kill -9``) after recording its turns and re-run, or two ingests of one user
at once, each saw fewer than the threshold, and the pass never ran (new-user
trial 37 §10: 274 active items and none archived, where one clean run of the
same file leaves 226 and 48). The final state depended on the interruption.

So the count lives in the store: every maintenance run records in its
watermark document (``session_state``, slot "maintain", ``APPLIED_SEQ``) the
user's last applied turn ``seq`` it started from, and the pass is due when
the user's turns applied since (``TurnLog.last_applied_seq`` minus it) reach
the threshold, whichever processes recorded and applied them. A user never
maintained counts every applied turn. Turn ``seq`` is per user and never
reused (an erased turn's number stays taken), so the difference counts turns.

Two processes may both find the pass due at once and both run it: each step
is idempotent, and ops that race are skipped (``maintain``), so the state after
is that of one run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from memory_core.store.base import MemoryStore

__all__ = ["APPLIED_SEQ", "MARK_SLOT", "applied_seq", "turns_since_maintenance"]

#: The maintenance watermark document's slot (``state.SLOTS``), under the session id "*".
MARK_SLOT = "maintain"
#: Key of the watermark document: the user's last applied turn ``seq`` when the last maintenance run started.
APPLIED_SEQ = "applied_seq"


def applied_seq(store: MemoryStore, user_id: str) -> int | None:
    """The user's last applied turn ``seq`` (0: none applied), or None for a store without a turn log."""
    turns = store.turn_log()
    return None if turns is None else turns.last_applied_seq(user_id)


def turns_since_maintenance(store: MemoryStore, user_id: str) -> int | None:
    """How many of the user's turns were applied since the last maintenance run started (module docstring).

    Args:
        store: the memory store.
        user_id: a checked user id.

    Returns:
        The count (every applied turn for a user never maintained), or None when the store keeps no turn log or
        no session state (an items-only store): the caller counts in its process instead.

    Raises:
        StoreError: the store failed.
    """
    tables = store.sql_tables()
    last = applied_seq(store, user_id)
    if tables is None or last is None:
        return None
    from memory_core.lifecycle.state import SessionStateStore

    mark = SessionStateStore(tables).get(user_id, "*", MARK_SLOT) or {}
    try:
        done = int(mark.get(APPLIED_SEQ, 0))
    except (TypeError, ValueError):  # a watermark written by hand or damaged: counted as never maintained
        done = 0
    return max(0, last - done)
