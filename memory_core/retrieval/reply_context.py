"""Which item a turn replies to, for the dense ranking: what a short reply is about is often in the turn before.

"Every Sunday morning; it's our ritual." answers "How often do you swim
with your brother?"; "She was thrilled and a bit shy." answers "How did
your niece take the award?". Their own vectors say little about what
a question will ask; the turn they answer says it. So the dense index
(``dense.DenseIndex``) scores an event item by the normalised sum of its
own vector and ``HybridSettings.reply_context`` times the vector of the
previous turn's event item — the idea of contextual passage encoding
(e.g. Anthropic's "contextual retrieval", 2024; Gao et al. "Precise
zero-shot dense retrieval", 2022, for passages enriched before encoding),
done here on stored vectors so no passage is embedded twice.

A turn is linked to the one before it in the same session only when
another speaker said that one, at most ``REPLY_WITHIN`` before it: a reply
in a dialogue. One speaker's run of statements ("I'm allergic to cats."
then "I work at a battery company.") are separate things, and a user's
monologue of facts stays unlinked; so does a statement made months after
the other speaker's last remark in a long-lived session ("We moved to
Chengdu last month." after "Living by the West Lake sounds lovely."): it
answers nothing, and the remark would pull it toward what it replaced.

Measured on LoCoMo's dev half before it shipped (ops/bench/RESULTS.md,
issue 14, "Pass of 2026-12-02 (afternoon, second)").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import timedelta

from memory_core.model import Kind, MemoryItem

__all__ = ["REPLY_WITHIN", "reply_links"]

Items = Sequence[MemoryItem | None]

#: the longest a reply follows the turn it answers (a chat's turns come seconds to minutes apart)
REPLY_WITHIN = timedelta(minutes=30)


def _replies_to(reply: MemoryItem, said: MemoryItem) -> bool:
    """True when ``reply`` is another speaker's turn made within REPLY_WITHIN after ``said`` (times known)."""
    if said.speaker == reply.speaker:
        return False
    t_reply, t_said = reply.valid_from or reply.created_at, said.valid_from or said.created_at
    return t_reply is None or t_said is None or abs(t_reply - t_said) <= REPLY_WITHIN


def _event_slot(turn_id: str, slots_by_turn: Mapping[str, set[int]], items: Items) -> int | None:
    """The slot of the live event item that stands for ``turn_id`` (its first source), or None."""
    for slot in sorted(slots_by_turn.get(turn_id, ())):
        item = items[slot] if slot < len(items) else None
        if item is not None and item.kind == Kind.EVENT and item.source and item.source[0] == turn_id:
            return slot
    return None


def reply_links(slots: Iterable[int], items: Items, turn_pos: Mapping[str, int], turn_ids: Sequence[str],
                turn_session: Sequence[str], slots_by_turn: Mapping[str, set[int]]) -> list[tuple[int, int]]:
    """``(reply slot, replied-to slot or -1)`` for the event items among ``slots`` and the replies to them.

    Args:
        slots: slots whose vectors were just set (their own link and the link of the
            next turn's event, which replies to them, both depend on them).
        items: the index's items by slot (None: dead slot).
        turn_pos / turn_ids / turn_session: the index's turns in order (turn id → position,
            position → id, position → session id).
        slots_by_turn: turn id → slots of the items it is a source of.

    Returns:
        One pair per event item touched: the slot of the previous turn's event in the same
        session when another speaker said it within REPLY_WITHIN, else -1 (unlinked).
    """
    n = len(turn_ids)
    touched: dict[int, int] = {}
    for slot in slots:
        item = items[slot] if 0 <= slot < len(items) else None
        if item is None or item.kind != Kind.EVENT or not item.source:
            continue
        pos = turn_pos.get(item.source[0])
        if pos is None:
            continue
        touched[slot] = pos
        nxt = pos + 1
        if nxt < n and turn_session[nxt] == turn_session[pos]:
            after = _event_slot(turn_ids[nxt], slots_by_turn, items)
            if after is not None:
                touched[after] = nxt
    out = []
    for slot, pos in touched.items():
        prev = -1
        if pos > 0 and turn_session[pos - 1] == turn_session[pos]:
            before = _event_slot(turn_ids[pos - 1], slots_by_turn, items)
            reply, said = items[slot], items[before] if before is not None else None
            if said is not None and reply is not None and _replies_to(reply, said):
                prev = before  # type: ignore[assignment]
        out.append((slot, prev))
    return out
