"""A plan the user says is off ends the plan (issue 13 §2: "the Japan trip got cancelled", "云南之行取消了").

A plan ("we're going to Japan in May", "我们五一打算去云南玩一周") is kept as
the turn's event: it fills no lasting slot (``plans.is_plan``). When a later
user turn says a plan is off (the lexicon's ``plan_off`` marker: cancelled,
called off, fell through, 取消了, 泡汤了, 去不成了), each of the user's active
events that states a plan (the ``planned`` marker) and shares a topic term
with the turn (``gist.topic``: "Japan", "云南") is superseded then, so the
plan no longer reads as what will happen; the turn itself stays the event
that says it is off. Events of other topics are not touched.
"""

from __future__ import annotations

from memory_core.model import Actor, Kind, Status, Turn
from memory_core.pipeline.clauses import APOSTROPHES, detect_lang
from memory_core.pipeline.gist import topic
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.store.lookup import KeyLookup
from memory_core.store.write_ops import EndOp, Op

__all__ = ["plan_end_ops", "says_plan_off"]


def says_plan_off(text: str) -> bool:
    """True when ``text`` says a plan is off ("the trip got cancelled", "日本之行取消了")."""
    folded = text.translate(APOSTROPHES).casefold()
    marks = lexicon().markers[detect_lang(text)]
    return "plan_off" in marks and bool(marks["plan_off"].search(folded))


def plan_end_ops(turn: Turn, store: KeyLookup) -> list[Op]:
    """``EndOp``s superseding, at ``turn``'s time, the user's planned events of the topic ``turn`` says is off.

    Args:
        turn: a stored user turn.
        store: read for the user's active events (one light read, only when the turn says a plan is off).

    Returns:
        One op per active event said before the turn that states a plan sharing a topic term with the
        turn (the speaker's name is no term); [] otherwise.

    Raises:
        StoreError: the store failed while reading.
    """
    if turn.role != "user" or not says_plan_off(turn.text):
        return []
    lang = detect_lang(turn.text)
    speaker = turn.speaker.strip()
    marks = lexicon().markers
    off = marks[lang]["plan_off"].sub(" ", turn.text.translate(APOSTROPHES).casefold())
    said = topic(off, lang, speaker).terms
    if not said:
        return []
    keys = []
    for _, key, text in store.active_by_prefix(turn.user_id, ("event:",)):
        theirs = marks[detect_lang(text)]
        if "planned" in theirs and theirs["planned"].search(text.translate(APOSTROPHES).casefold()) \
                and not theirs["plan_off"].search(text.translate(APOSTROPHES).casefold()) \
                and said & topic(text, detect_lang(text), speaker).terms:
            keys.append(key)
    if not keys:
        return []
    reason = ("计划取消：" if lang == "zh" else "the plan is off: ") + turn.text
    return [EndOp(item.id, Status.SUPERSEDED, reason[:200], Actor.PIPELINE, turn.turn_id,
                  valid_until=turn.timestamp, at=turn.timestamp)
            for items in store.find_by_keys(turn.user_id, keys).values() for item in items
            if item.kind == Kind.EVENT and item.active and (item.valid_from or item.created_at) < turn.timestamp]
