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

import re

from memory_core.model import Actor, Kind, Status, Turn
from memory_core.pipeline.clauses import APOSTROPHES, detect_lang
from memory_core.pipeline.gist import topic
from memory_core.pipeline.plans import life_plan
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.store.lookup import KeyLookup
from memory_core.store.write_ops import EndOp, Op

__all__ = ["plan_end_ops", "says_plan_off", "todo_done_ops"]


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
        turn (the speaker's name is no term), and per active life plan (``todo:move``, ``todo:wedding`` …)
        sharing one; [] otherwise.

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
    for _, key, text in store.active_by_prefix(turn.user_id, ("event:", "todo:")):
        theirs = marks[detect_lang(text)]
        if life_plan(key) \
                and said & topic(text, detect_lang(text), speaker).terms:
            keys.append(key)  # the plan's own item ("用户计划明年五一办婚礼"), a plan by its key
        elif "planned" in theirs and theirs["planned"].search(text.translate(APOSTROPHES).casefold()) \
                and not theirs["plan_off"].search(text.translate(APOSTROPHES).casefold()) \
                and said & topic(text, detect_lang(text), speaker).terms:
            keys.append(key)
    if not keys:
        return []
    return _ended(turn, store, keys, (Kind.EVENT, Kind.TODO), ("计划取消：" if lang == "zh" else "the plan is off: "))


# a to-do said in the user's own words ("用户得在周五前续签护照", "User has to file the taxes by May")
_OBLIGED = re.compile(r"(?i:\b(?:needs?\s+to|ha(?:ve|s)\s+to|must|got\s+to)\b)|(?:得|需要|必须|要)在?[^，。]{0,6}?前")


# a booking said done ("GMAT is booked for May", "finally booked the flights"): it completes a to-do of booking
# ("book the dentist"), and is only a step of any other ("studying for the GMAT" goes on until the exam is taken)
_BOOKED = re.compile(r"(?:(?:is|are|got|was|been)\s+|finally\s+)booked")
_BOOKING = re.compile(r"(?i:\bbook|\breserv|\bappointment|\bschedul)|预约|预订|订(?:票|酒店|机票|位)|挂号")


def todo_done_ops(turn: Turn, store: KeyLookup) -> list[Op]:
    """``EndOp``s ending, at ``turn``'s time, the user's to-dos ``turn`` says are done ("Done! Passport renewed
    today." ends "User's goal: renew their passport by Friday"; "护照续好了" ends the 护照 to-do).

    A to-do is ended when the turn carries the lexicon's ``todo_done`` marker and shares a topic term
    (``gist.topic``, the marker's words left out) with it; other to-dos stay. A turn whose only done word is a
    booking ("GMAT is booked for May") ends only a to-do of booking ("book the dentist"), not the preparation
    for what was booked.

    Raises:
        StoreError: the store failed while reading.
    """
    if turn.role != "user":
        return []
    lang = detect_lang(turn.text)
    folded = turn.text.translate(APOSTROPHES).casefold()
    done = lexicon().markers[lang].get("todo_done")
    if done is None or not done.search(folded):
        return []
    speaker = turn.speaker.strip()
    said = topic(turn.text, lang, speaker).terms
    booked_only = all(_BOOKED.fullmatch(m.group()) for m in done.finditer(folded))
    keys = [key for _, key, text in store.active_by_prefix(turn.user_id, ("todo:", "gist:"))
            if (key.startswith("todo:") or _OBLIGED.search(text))
            and said & topic(text, detect_lang(text), speaker).terms
            and not (booked_only and not _BOOKING.search(text))]
    if not keys:
        return []
    return _ended(turn, store, keys, (Kind.TODO, Kind.FACT), ("已完成：" if lang == "zh" else "done: "))


def _ended(turn: Turn, store: KeyLookup, keys: list[str], kinds: tuple[Kind, ...], why: str) -> list[Op]:
    """One ``EndOp`` at ``turn``'s time per active item of ``kinds`` under ``keys`` said before ``turn``, its
    reason ``why`` and the turn's text (at most 200 characters)."""
    reason = (why + turn.text)[:200]
    return [EndOp(item.id, Status.SUPERSEDED, reason, Actor.PIPELINE, turn.turn_id,
                  valid_until=turn.timestamp, at=turn.timestamp)
            for items in store.find_by_keys(turn.user_id, keys).values() for item in items
            if item.kind in kinds and item.active and (item.valid_from or item.created_at) < turn.timestamp]
