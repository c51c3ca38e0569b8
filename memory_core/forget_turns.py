"""Forget a user's applied turns: the second half of ``delete_all`` on every transport.

A turn id is the idempotency key: a turn stored once is never stored
again. After a ``delete_all`` wipes a user's items, a message said again
(with the same derived turn id, ``api_messages.derived_turn_id``) must be a
new turn, not a retry of one whose memory is gone. So ``delete_all`` also
removes the user's applied turns (and their vectors) from the turn log;
turns still waiting for the curator stay and are applied as usual.

The embedded transport calls ``forget_applied_turns`` under the user's
lock; the distributed one through the ``gulfstream.forget_turns`` edit task
(which holds the same lock and also clears the user's Redis session
windows); the HTTP shim through ``DELETE /v1/users/{user_id}/turns``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from memory_core.service import Memory

__all__ = ["forget_applied_turns"]


def forget_applied_turns(memory: Memory, user_id: str) -> int:
    """Remove the user's applied turns and their vectors; return how many turns (0 without a turn log).

    The caller holds the user's lock (``turn_log().user_lock``), so no curate
    run applies a turn meanwhile. The user's cached recall index and embed
    cursor are dropped (their turn texts are gone).
    """
    turns = memory.store.turn_log()
    if turns is None:
        return 0
    removed = turns.erase_turns(user_id, through_seq=turns.last_applied_seq(user_id))
    memory.recaller.invalidate(user_id)
    memory.embed_cursors.pop(user_id, None)
    return removed
