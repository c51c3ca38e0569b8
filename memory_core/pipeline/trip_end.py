"""A temporary state the user says has ended: "trip's over", "back home", 出差回来了 (issue 13 §2).

A trip, a hotel stay or a visit is stored as an event valid for a window
(``extract.TEMPORARY_DAYS``) that never replaces a lasting fact. When a later
user turn says the stay is over (the lexicon's ``trip_over`` marker), the
stay ends then: each of the user's active events that states a temporary
state (the ``temporary`` marker) and is still valid at the turn's time gets
``valid_until`` = the turn's time (``ExpiryOp``), so "where am I now?" no
longer finds the user on the trip. Nothing else is touched: the stay stays
in the episodic record, with the dates it held.
"""

from __future__ import annotations

from memory_core.model import Actor, Kind, Turn
from memory_core.pipeline.clauses import APOSTROPHES, detect_lang
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.store.lookup import KeyLookup
from memory_core.store.write_ops import ExpiryOp, Op

__all__ = ["says_trip_over", "trip_end_ops"]


def says_trip_over(text: str) -> bool:
    """True when ``text`` says a trip or stay has ended ("back home, trip's over", "出差回来了")."""
    folded = text.translate(APOSTROPHES).casefold()
    return bool(lexicon().markers[detect_lang(text)]["trip_over"].search(folded))


def trip_end_ops(turn: Turn, store: KeyLookup) -> list[Op]:
    """``ExpiryOp``s ending, at ``turn``'s time, the user's stays still valid then, when ``turn`` says one ended.

    Args:
        turn: a stored user turn.
        store: read for the user's active events (one light read, only when the turn says a stay ended).

    Returns:
        One op per temporary event that began before the turn and was valid after it; [] otherwise.

    Raises:
        StoreError: the store failed while reading.
    """
    if turn.role != "user" or not says_trip_over(turn.text):
        return []
    marks = lexicon().markers
    keys = [key for _, key, text in store.active_by_prefix(turn.user_id, ("event:",))
            if marks[detect_lang(text)]["temporary"].search(text.translate(APOSTROPHES).casefold())]
    if not keys:
        return []
    reason = "旅程已结束：" + turn.text if detect_lang(turn.text) == "zh" else "the stay ended: " + turn.text
    ops: list[Op] = []
    for items in store.find_by_keys(turn.user_id, keys).values():
        for item in items:
            began = item.valid_from or item.created_at
            if item.kind == Kind.EVENT and item.active and item.valid_until is not None \
                    and began < turn.timestamp < item.valid_until:
                ops.append(ExpiryOp(item.id, turn.timestamp, reason[:200], actor=Actor.PIPELINE, at=turn.timestamp))
    return ops
