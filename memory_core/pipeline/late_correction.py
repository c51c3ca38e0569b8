"""A statement whose correction was said after it but arrived first: the correction applies when it lands.

"Actually it's Leeds, not York." (said at t=2) names no slot of its own: ingested before "I live in York."
(said at t=1) it finds nothing to correct and stays an event (``correction``). When the older statement then
arrives, it must not become current: read in time order, the correction would have replaced its value.
``corrected_late`` looks among the user's stored turns (their events) for a correction said after the
statement whose wrong value the statement names ("York", 杭州 in 不对，是苏州不是杭州), and plays it: the
statement is stored superseded at the correction's time by the same fact with the right value, which is
current. Whatever the arrival order, the memory reads as if the turns had come in time order.
"""

from __future__ import annotations

import re
from datetime import datetime

from memory_core.model import Actor, Kind, MemoryItem, Status, Turn
from memory_core.pipeline.correction import read_correction
from memory_core.pipeline.correction_text import replaced
from memory_core.store.lookup import KeyLookup
from memory_core.store.write_ops import AddOp, EndOp, Op
from memory_core.text.script import has_han

__all__ = ["corrected_late"]

#: An event's text can hold a correction only when it says "not" (不是) somewhere: the cheap filter first.
_NOT = re.compile(r"\bnot\b|不是", re.IGNORECASE)


def _names(description: str, value: str) -> bool:
    """True when ``description`` names ``value`` as a whole word (Latin) or a run of characters (Chinese)."""
    if has_han(value):
        return value in description
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(value)}(?![A-Za-z0-9])", description, re.IGNORECASE) is not None


def _later_corrections(turn: Turn, store: KeyLookup) -> list[tuple[datetime, str, str, str]]:
    """The user's stored corrections said after ``turn``: ``(said at, new, old, source turn id)``, oldest first.

    One ``active_by_prefix`` read of the user's events, and one ``find_by_keys`` read for those whose text
    reads as a correction (``read_correction``); an assistant's turn never corrects the user.
    """
    rows = [(key, pair) for _, key, description in store.active_by_prefix(turn.user_id, ("event:",))
            if _NOT.search(text := description.partition(": ")[2])
            and (pair := read_correction(text)) is not None]
    if not rows:
        return []
    found = store.find_by_keys(turn.user_id, [key for key, _ in rows])
    out = []
    for key, (new, old) in rows:
        for event in found.get(key, ()):
            said = event.valid_from or event.created_at
            if said > turn.timestamp and event.speaker.casefold() != "assistant" and event.source:
                out.append((said, new, old, event.source[0]))
    return sorted(out)


def corrected_late(turn: Turn, ops: list[Op], store: KeyLookup) -> list[Op]:
    """Return ``ops`` with each new current fact that a later-said correction puts right played through it.

    A fact the ops add and leave current (no ``EndOp`` for it) whose text names the wrong value of a
    correction said after ``turn`` is added, then superseded at the correction's time by the same item with
    the right value (same key, kind and theme; dated and sourced at the correction's turn). Only the first
    value of a slot is looked at (a fact that supersedes none): a correction with no slot verb found nothing
    to correct only when its slot was empty. Nothing is read when the ops add no such fact, so the events
    are read at most once per slot a user fills, not on every change.

    Raises:
        StoreError: the store failed while reading.
    """
    ended = {op.item_id for op in ops if isinstance(op, EndOp)}
    successors = {op.by_id for op in ops if isinstance(op, EndOp) and op.by_id}
    fresh = [op.item for op in ops if isinstance(op, AddOp) and op.item.kind == Kind.FACT and op.item.key
             and str(op.item.key).startswith("fact:") and op.item.id not in ended | successors]
    if not fresh or turn.role != "user":
        return ops
    corrections = _later_corrections(turn, store)
    if not corrections:
        return ops
    out = list(ops)
    for item in fresh:
        match = next(((at, new, old, source) for at, new, old, source in corrections
                      if _names(item.description, old) and not _names(item.description, new)), None)
        if match is None:
            continue
        at, new, old, source = match
        zh = has_han(item.description)
        right = MemoryItem.create(
            item.user_id, replaced(item.description, old, new), item.theme, actor=Actor.PIPELINE,
            reason=f"{item.kind} extracted from turn; correction: {new}, not {old}", turn_id=source,
            kind=item.kind, valid_from=at, confidence=item.confidence, trust=item.trust,
            importance=item.importance, key=item.key)
        right.history[0].at = at
        right.meta.update(item.meta)
        reason = (f"此后已更正：{new}，不是{old}" if zh else f"corrected later: {new}, not {old}")
        out += [AddOp(right), EndOp(item.id, Status.SUPERSEDED, reason, Actor.PIPELINE, turn.turn_id,
                                    by_id=right.id, valid_until=at, at=at, corrected=True)]
    return out
