"""Where a published turn is: one answer for the workers' ``turn_status`` task and the HTTP shim.

Both sides hand in their own Redis client; this module only names keys (``keys``).

States: "queued" (published, in the user's inbox, not stored yet), "stored"
(waiting for the curator), "applied", "dead_lettered" (the curator gave up
on it), or "refused" (ingest refused the last publish of a turn id it never
stored; ``error`` says why).

Where the answering side embeds (``embeds``), an applied turn's answer also
says whether its vectors are stored yet (``embedded``): the embed runs after
curation, and until then a new item is missing from recall's dense ranking,
so near-identical older items outrank it. Read-your-writes waits for both
(``read_your_writes``). A reader without an embedder of its own (the HTTP shim)
learns that the workers embed from ``EMBEDS_KEY``, which their curators set.

The turn id is the idempotency key and its first text wins: a turn stored
once keeps its own status when the id is published again with other text
(that publish is refused, and ``error_type`` ``TurnConflict`` with ``error``
tell the stored turn's status readers so). A caller that names the text it
published (``text``) learns whether the stored turn is its own: "refused",
``TurnConflict``, when the id holds other text.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from memory_core.errors import NotFound
from memory_core.store.turn_text import same_turn_text
from memory_core.wire.keys import EMBEDS_KEY, embedded_key, inbox_key, refused_key

if TYPE_CHECKING:
    from memory_core.store.sql import SqlStore

__all__ = ["turn_status"]


def _answer(status: str, seq: int | None = None, error_type: str | None = None,
            attempts: int | None = None, error: str | None = None) -> dict[str, Any]:
    return {"status": status, "seq": seq, "error_type": error_type, "attempts": attempts, "error": error}


def turn_status(store: SqlStore, redis: Any, user_id: str, turn_id: str, text: str | None = None,
                embeds: bool | None = False) -> dict[str, Any]:
    """Return ``{"status", "seq", "error_type", "attempts", "error"}`` of one published turn (and
    ``"embedded"``: True/False for an applied turn when ``embeds``).

    Args:
        store: the turn store (turns, applied marks and dead letters).
        redis: a redis-py client on the broker (inbox and refusals).
        text: the text the caller published under ``turn_id`` (None: whichever is stored).
        embeds: the workers store vectors (an embedder is configured): say whether this turn's are stored;
            None: as the workers announce it (``EMBEDS_KEY``; the HTTP shim, which embeds nothing itself).

    Raises:
        NotFound: the turn was neither stored, nor is waiting, nor was refused.
    """
    refused = redis.hget(refused_key(user_id), turn_id)
    try:
        turn = store.get_turn(user_id, turn_id)
    except NotFound:
        turn = None
    if turn is not None and text is not None and not same_turn_text(turn, text):  # masked, purged: its hash
        return _answer("refused", turn.seq, "TurnConflict",
                       error=f"turn {turn_id!r} of user {user_id!r} was stored before with other text; "
                             "the first text is kept")
    if refused is not None and turn is None:
        body = json.loads(refused)
        return _answer("refused", None, body.get("error_type"), error=body.get("error"))
    if turn is None:
        if _in_inbox(redis, user_id, turn_id):
            return _answer("queued")
        turn = store.get_turn(user_id, turn_id)  # ingest stores a turn before it leaves the inbox
    letter = store.dead_letter(user_id, turn_id)
    if letter is not None:
        return _answer("dead_lettered", turn.seq, letter[0], letter[1])
    state = "applied" if store.last_applied_seq(user_id) >= turn.seq else "stored"
    if refused is not None:  # a later publish of the id with other text was refused: the stored turn stands
        body = json.loads(refused)
        return _answer(state, turn.seq, "TurnConflict",
                       error=f"a later publish of this turn id was refused ({body.get('error')}); "
                             "the first text is kept")
    answer = _answer(state, turn.seq)
    if state == "applied" and (embeds or (embeds is None and redis.exists(EMBEDS_KEY))):
        raw = redis.get(embedded_key(user_id))
        answer["embedded"] = raw is not None and int(raw) >= turn.seq
    return answer


def _in_inbox(redis: Any, user_id: str, turn_id: str) -> bool:
    """True when the turn was published and is still in the user's inbox (not stored yet)."""
    for raw in redis.hvals(inbox_key(user_id)):
        try:
            if json.loads(raw).get("turn_id") == turn_id:
                return True
        except (ValueError, AttributeError):  # not a turn: not this one
            continue
    return False
