"""A late, older statement of a value already stored as history is a hit on it (issue 13, W11).

"I live in Columbus and I work at Lincoln Middle" said in February, ingested after the July turns, finds
the slot's current value (Westerville) said after it: it is history, stored superseded (``resolve``,
``late_order``). When the slot already holds that very value as history ("User works at Lincoln Middle",
said in March, superseded in April), the late turn says it again: it becomes a hit on that item and one of
its sources, not a second superseded item with the same text beside it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from memory_core.model import MemoryItem, Status, Turn
from memory_core.pipeline.late_order import slot_keys
from memory_core.store.lookup import KeyLookup
from memory_core.store.write_ops import AddOp, EndOp, HitOp, Op

__all__ = ["restated_late"]

_NON_WORD = re.compile(r"[\W_]+")


def _said(item: MemoryItem) -> datetime:
    return item.valid_from or item.created_at


def _same_text(a: str, b: str) -> bool:
    return " ".join(_NON_WORD.sub(" ", a.casefold()).split()) == " ".join(_NON_WORD.sub(" ", b.casefold()).split())


def restated_late(turn: Turn, ops: Sequence[Op], store: KeyLookup) -> list[Op]:
    """Return ``ops`` with each late statement that repeats a superseded value of its slot made a hit on it.

    A late statement is an item the ops add and end at once as superseded (its ``valid_until`` after its own
    time). It repeats a superseded item of one of its slot's keys (``late_order.slot_keys``) with the same text
    (case, spacing and punctuation aside) that held at the late statement's time or was the slot's next value
    after it. Then the add and its end are replaced by a ``HitOp`` on that item with the turn as a source. A late
    item another op refers to (by id) is left alone. One ``superseded_by_key`` read per key, only when the ops
    hold a late statement.

    Raises:
        StoreError: the store failed while reading.
    """
    added = {op.item.id: op.item for op in ops if isinstance(op, AddOp)}
    late = {
        op.item_id: op
        for op in ops
        if isinstance(op, EndOp)
        and op.status == Status.SUPERSEDED
        and (item := added.get(op.item_id)) is not None
        and item.key
        and op.valid_until is not None
        and op.valid_until > _said(item)
    }
    if not late:
        return list(ops)
    cited = {i for op in ops for i in (getattr(op, "by_id", None), getattr(op, "other_id", None)) if i}
    hits: dict[str, str] = {}  # late item id -> the stored item it says again
    for item_id, end in late.items():
        item = added[item_id]
        if item_id in cited:
            continue
        said, until = _said(item), end.valid_until
        assert until is not None
        values: dict[str, MemoryItem] = {}
        for key in slot_keys(str(item.key)):
            values.update((o.id, o) for o in store.superseded_by_key(turn.user_id, key))
        same = [
            o
            for o in values.values()
            if o.user_id == turn.user_id
            and _same_text(o.description, item.description)
            and (_said(o) <= said < (o.valid_until or until) or said < _said(o) <= until)
        ]
        if same:
            hits[item_id] = min(same, key=lambda o: abs((_said(o) - said).total_seconds())).id
    if not hits:
        return list(ops)
    out: list[Op] = []
    for op in ops:
        if isinstance(op, AddOp) and op.item.id in hits:
            out.append(HitOp(hits[op.item.id], turn_id=turn.turn_id))
        elif not (isinstance(op, EndOp) and op.item_id in hits):
            out.append(op)
    return out
