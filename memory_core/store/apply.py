"""Applying a batch of write ops to one user's items: the one place where ops change items.

Every backend runs its ``MemoryStore.apply`` through ``apply_ops`` (the
YAML store on its whole file, the SQL store on the rows a batch names), so
the semantics of each op are written once, whatever the storage.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from memory_core.correction_mark import mark_corrected
from memory_core.errors import InvalidField, UnknownItem
from memory_core.model import MAX_HIT, MemoryItem, Status
from memory_core.store.write_ops import AddOp, EndOp, ExpiryOp, HitOp, MergeOp, Op, RestoreOp, UpdateOp

__all__ = ["apply_ops", "content_changed"]


def _narrows(item: MemoryItem, expires_at: datetime | None) -> bool:
    """True when ``expires_at`` moves a superseded item's end earlier: a value said between it and its
    successor arrived late (``pipeline.late_order``), so it held only until then."""
    return (item.status == Status.SUPERSEDED and expires_at is not None
            and (item.valid_until is None or expires_at < item.valid_until))


def content_changed(ops: Sequence[Op]) -> bool:
    """True when a batch changes what recall sees (anything but hits)."""
    return any(not isinstance(op, HitOp) for op in ops)


def apply_ops(items: dict[str, MemoryItem], user_id: str, ops: Sequence[Op]) -> tuple[list[Any], set[str]]:
    """Apply ``ops`` to ``items`` in place.

    Args:
        items: the user's items by id (must hold every id the ops name).
        user_id: owner; an added item for another user is refused.
        ops: the batch.

    Returns:
        (results, touched ids): one result per op (see each op's docstring).

    Raises:
        UnknownItem: an op names an id not in ``items``, or a deleted item (the message says so).
        InvalidField: an op that cannot apply (merge with itself, add of an
            existing id, an item of another user, an ended item changed).
    """
    results: list[Any] = []
    touched: set[str] = set()

    def live(item_id: str) -> MemoryItem:
        item = items.get(item_id)
        if item is None:
            raise UnknownItem(f"no memory item {item_id!r} for user {user_id!r}")
        if item.status == Status.DELETED:  # a second delete: say so, not that the item never was
            raise UnknownItem(f"memory item {item_id!r} of user {user_id!r} is already deleted "
                              "(its history keeps it)")
        return item

    for op in ops:
        if isinstance(op, AddOp):
            if op.item.user_id != user_id:
                raise InvalidField(f"item belongs to {op.item.user_id!r}, not {user_id!r}")
            if op.item.id in items:
                raise InvalidField(f"memory item {op.item.id!r} already exists")
            op.item.validate()
            items[op.item.id] = op.item
            touched.add(op.item.id)
            results.append(op.item.id)
        elif isinstance(op, UpdateOp):
            item = live(op.item_id)
            item.update(op.reason, op.new_description, op.new_theme, actor=op.actor, turn_id=op.turn_id)
            if op.at is not None:  # the revision reads when it happened (the turn's time); updated_at stays now
                item.history[-1].at = op.at
            touched.add(item.id)
            results.append(item.id)
        elif isinstance(op, MergeOp):
            keep, other = live(op.keep_id), live(op.other_id)
            keep.merge(other, op.reason, op.merged_description, op.merged_theme,
                       actor=op.actor, turn_id=op.turn_id)
            other.end(Status.DELETED, f"merged into {keep.id}: {op.reason}", actor=op.actor,
                      turn_id=op.turn_id, other_id=keep.id)
            touched.update((keep.id, other.id))
            results.append(keep.id)
        elif isinstance(op, HitOp):
            if isinstance(op.count, bool) or not isinstance(op.count, int) or not 1 <= op.count <= MAX_HIT:
                raise InvalidField(f"hit count must be an integer from 1 to {MAX_HIT}; got {op.count!r}")
            item = live(op.item_id)
            results.append(item.hit_once(op.count, op.at))
            item.add_source(op.turn_id)
            touched.add(item.id)
        elif isinstance(op, EndOp):
            item = live(op.item_id)
            if item.status != Status.ACTIVE and op.status != Status.DELETED:
                raise InvalidField(f"memory item {item.id!r} is already {item.status}")
            item.end(op.status, op.reason, actor=op.actor, turn_id=op.turn_id, other_id=op.by_id,
                     valid_until=op.valid_until)
            if op.at is not None:
                item.history[-1].at = op.at
            if op.corrected:
                mark_corrected(item)
            touched.add(item.id)
            results.append(item.description)
        elif isinstance(op, RestoreOp):
            item = live(op.item_id)
            item.restore(op.reason, actor=op.actor, at=op.at)
            touched.add(item.id)
            results.append(item.id)
        elif isinstance(op, ExpiryOp):
            item = live(op.item_id)
            if item.status != Status.ACTIVE and not _narrows(item, op.expires_at):
                raise InvalidField(f"memory item {item.id!r} is {item.status}; only an active item takes an expiry "
                                   "(a superseded one only an earlier end)")
            item.set_expiry(op.expires_at, op.reason, actor=op.actor, at=op.at)
            touched.add(item.id)
            results.append(item.id)
        else:  # pragma: no cover - the Op union is closed
            raise InvalidField(f"unknown op {op!r}")
    return results, touched
