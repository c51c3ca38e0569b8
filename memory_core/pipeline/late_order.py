"""A statement that arrives after newer values of its slot: its interval chained between its neighbours.

Turns' own times decide what is newer (``resolve``): a late, older statement
is stored already superseded. Its end, and the day its history dates the change,
is the time of the *next newer* value of the slot, which may itself be superseded already — not the current one's:
six moves ingested newest-first must read Oslo until Bergen, Bergen until
Tromsø …, never five homes at once until the last move. And the value held
before it, if it was superseded by something newer than the late statement,
held only until the late statement's time (its end is moved earlier with an
``ExpiryOp``). Whatever the arrival order, a slot's values then chain: each
one's ``valid_until`` is the next one's ``valid_from``.

A late turn in the user's own words may name a past value without stating its slot ("I'm still at
Google, it's fine", 我还在阿里，挺稳定的: keyed by the thing named, ``gist:googl``, ``gist:阿里``).
Said while that value held, it is history of the slot, never current beside the value that replaced it
(``settle_late_words``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import datetime

from memory_core.model import Actor, MemoryItem, Status, Turn
from memory_core.pipeline.gist import topic
from memory_core.store.lookup import KeyLookup
from memory_core.store.write_ops import AddOp, EndOp, ExpiryOp, Op
from memory_core.text.script import has_han, lang_of

__all__ = ["chain_late", "settle_late_words", "slot_keys"]



def _said(item: MemoryItem) -> datetime:
    return item.valid_from or item.created_at


def slot_keys(key: str) -> tuple[str, ...]:
    """The keys one slot's values are stored under: ``key``, the slot's own (``fact:<attribute>``) and a
    statement of it in the user's own words (``gist:<attribute>``, ``pipeline.own_words``), with the same
    speaker qualifier ("@ann"). A value said as "I'm in Bergen now" (weak cue, ``gist:lives_in``) and
    one said as "I live in Oslo" (``fact:lives_in``) are values of one slot. Other keys stand alone.
    """
    head, at, qualifier = key.partition("@")
    kind, sep, attr = head.partition(":")
    if kind not in ("fact", "gist") or not sep or not attr or ":" in attr or "/" in attr:
        return (key,)
    return tuple(dict.fromkeys((key, f"fact:{attr}{at}{qualifier}", f"gist:{attr}{at}{qualifier}")))


def chain_late(turn: Turn, ops: Sequence[Op], store: KeyLookup) -> list[Op]:
    """Return ``ops`` with each late statement's end set to its slot's next newer value (module docstring).

    A late statement is an item the ops add and end at once as superseded, with a ``valid_until`` after
    its own time. One ``superseded_by_key`` read per key of its slot (``slot_keys``: the values said with
    another key of the same slot chain too); other ops pass unchanged.

    Raises:
        StoreError: the store failed while reading.
    """
    added = {op.item.id: op.item for op in ops if isinstance(op, AddOp)}
    late = [op for op in ops if isinstance(op, EndOp) and op.status == Status.SUPERSEDED
            and (item := added.get(op.item_id)) is not None and item.key
            and op.valid_until is not None and op.valid_until > _said(item)]
    if not late:
        return list(ops)
    out: list[Op] = []
    shortened: dict[str, ExpiryOp] = {}
    for op in ops:
        if not (isinstance(op, EndOp) and op in late):
            out.append(op)
            continue
        item = added[op.item_id]
        said, until = _said(item), op.valid_until
        assert until is not None
        zh = has_han(item.description)
        seen: dict[str, MemoryItem] = {}
        for key in slot_keys(str(item.key)):
            seen.update((o.id, o) for o in store.superseded_by_key(turn.user_id, key))
        earlier = [o for o in seen.values() if o.id != item.id and o.user_id == turn.user_id]
        between = [o for o in earlier if said < _said(o) < until]
        if between:
            nxt = min(between, key=_said)
            reason = (f"较新的说法已在先：{nxt.description}" if zh
                      else f"an earlier statement than the current one: {nxt.description}")
            op = dataclasses.replace(op, valid_until=_said(nxt), by_id=nxt.id, reason=reason)
        # the change happened when the next value was said, not when the late turn was: history dates it so
        out.append(dataclasses.replace(op, at=op.valid_until))
        for o in earlier:  # the value before it held until it was said
            if _said(o) < said and (o.valid_until is None or o.valid_until > said) and o.id not in shortened:
                why = (f"此后的说法晚到：{item.description}" if zh
                       else f"a later statement arrived late: {item.description}")
                shortened[o.id] = ExpiryOp(o.id, said, why, Actor.PIPELINE, at=turn.timestamp)
    return out + list(shortened.values())


def _held_then(turn: Turn, anchor: str, store: KeyLookup) -> tuple[MemoryItem, MemoryItem] | None:
    """A superseded value of one of the user's slots that names ``anchor`` and held at the turn's time, with the
    value that replaced it; None when none (or when no current value of a slot was said after the turn)."""
    rows = store.active_by_prefix(turn.user_id, ("fact:",))
    keys = list(dict.fromkeys(key for _, key, _ in rows if "/" not in key))
    found = store.find_by_keys(turn.user_id, keys) if keys else {}
    for key, items in found.items():
        if not any(o.active and _said(o) > turn.timestamp for o in items):
            continue  # the slot's current value was said before the turn: the turn is not late for it
        values = [*items, *store.superseded_by_key(turn.user_id, key)]
        for o in values:
            if o.status != Status.SUPERSEDED or o.valid_until is None \
                    or not _said(o) <= turn.timestamp < o.valid_until:
                continue
            if anchor in topic(o.description, lang_of(o.description)).terms:
                nxt = min((v for v in values if _said(v) >= o.valid_until), key=_said, default=None)
                if nxt is not None:
                    return o, nxt
    return None


def settle_late_words(turn: Turn, ops: Sequence[Op], store: KeyLookup) -> list[Op]:
    """Return ``ops`` with each own-words item they add that names a past value held at the turn's time ended
    at once, superseded by the value that replaced it (module docstring).

    Only an item keyed ``gist:<thing>`` that the ops leave current is looked at; the store is read (the
    user's active facts, then the earlier values of a slot whose current value was said after the turn)
    only when there is one.

    Raises:
        StoreError: the store failed while reading.
    """
    ended = {op.item_id for op in ops if isinstance(op, EndOp)}
    words = [op.item for op in ops if isinstance(op, AddOp) and str(op.item.key or "").startswith("gist:")
             and op.item.id not in ended and ":" not in str(op.item.key).split("@")[0][5:]]
    out = list(ops)
    for item in words:
        anchor = str(item.key).split("@")[0].removeprefix("gist:")
        held = _held_then(turn, anchor, store) if anchor and turn.role == "user" else None
        if held is None:
            continue
        old, nxt = held
        zh = has_han(item.description)
        reason = (f"较新的说法已在先：{nxt.description}" if zh
                  else f"an earlier statement than the current one: {nxt.description}")
        out.append(EndOp(item.id, Status.SUPERSEDED, reason, Actor.PIPELINE, turn.turn_id, by_id=nxt.id,
                         valid_until=old.valid_until, at=turn.timestamp))
    return out
