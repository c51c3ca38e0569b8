"""A late, older turn never revises away a detail said after it: it is kept as history instead.

Turns' own times decide what is newer (README, ``resolve``). Single-valued
slots already hold to it: a late statement is stored superseded
(``KeyConflictResolver._late_statement``, ``late_order.chain_late``). The
"added detail" revisions (``UpdateOp`` from ``resolve`` and ``restate``: "我的猫今年10岁了",
"Max is 10 years old now") compared a turn only with the item's first
statement, so turns shuffled in arrival ("10岁" on 03-10 applied, then "6岁" of
03-06 arriving after it) left the item on whichever came last.

Here an item's text is dated by the newest revision that set it
(``last_said``). A revision from a turn older than that which *drops* a word
of the current text (a number, a name: the later value) is not applied: the
item keeps its newer text and the late value is stored as a statement
superseded at once by the item, ``valid_from`` at its own time and
``valid_until`` at the next newer statement's (``late_record``). A late turn
that only adds words (a name never said before the age) still revises the item.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime

from memory_core.model import Actor, MemoryItem, Status, Turn
from memory_core.store.write_ops import AddOp, EndOp, HitOp, Op, UpdateOp
from memory_core.text.script import has_han

__all__ = ["last_said", "late_record", "settle_late_details", "words"]

#: A text's words for comparing two versions of one item: numbers, Latin words, single Han characters.
_WORD = re.compile(r"\d+(?:[.,]\d+)?|[^\W\d_\u3400-\u9fff]+|[\u3400-\u9fff]")
#: Revisions that set an item's text.
_TEXT_OPS = ("create", "update", "merge", "import")


def words(text: str) -> set[str]:
    """The words of ``text`` (casefolded): each number, each Latin-script word, each Han character."""
    return {w.casefold() for w in _WORD.findall(text)}


def _said(item: MemoryItem) -> datetime:
    return item.valid_from or item.created_at


def last_said(item: MemoryItem) -> datetime:
    """When the item's current text was said: the newest time among its statement (``valid_from``, else
    ``created_at``) and the revisions that set its text (UTC, as the revisions carry it)."""
    times = [_said(item), *(r.at for r in item.history if r.op in _TEXT_OPS and r.new_description)]
    return max(times)


def _next_after(item: MemoryItem, when: datetime) -> datetime:
    """The time of the first statement of the item after ``when`` (its text, or a revision of it)."""
    times = [_said(item), *(r.at for r in item.history if r.op in _TEXT_OPS and r.new_description)]
    return min((t for t in times if t > when), default=last_said(item))


def late_record(turn: Turn, item: MemoryItem, text: str, reason: str, actor: str = Actor.PIPELINE) -> list[Op]:
    """Ops storing ``text`` (what a late turn said of ``item``) as a statement already superseded by ``item``.

    The record is a copy of the item's kind, theme, key, trust and scores with ``text``, valid from the turn's
    own time until the item's next newer statement; ``item`` is hit (it was spoken of).

    Raises:
        EmptyText, TextTooLong, InvalidField: ``text`` cannot be an item's description.
    """
    old = MemoryItem.create(
        item.user_id, text, item.theme, actor=actor, reason=reason, turn_id=turn.turn_id, kind=item.kind,
        valid_from=turn.timestamp, confidence=item.confidence, trust=item.trust, importance=item.importance,
        key=item.key,
    )
    old.history[0].at = turn.timestamp
    old.meta.update(turn.meta)
    zh = has_han(text)
    why = (f"较新的说法已在先：{item.description}" if zh
           else f"an earlier statement than the current one: {item.description}")
    return [AddOp(old), EndOp(old.id, Status.SUPERSEDED, why, actor, turn.turn_id, by_id=item.id,
                              valid_until=_next_after(item, turn.timestamp), at=turn.timestamp)]


def settle_late_details(turn: Turn, ops: Sequence[Op], existing: Mapping[str, Iterable[MemoryItem]],
                        actor: str = Actor.PIPELINE) -> list[Op]:
    """Return ``ops`` with each revision a late turn makes of a newer text replaced by a record of it
    (module docstring).

    Args:
        turn: the turn the ops come from.
        ops: the turn's planned ops.
        existing: the items read for the turn by key (the revised items among them; others pass unchanged).
        actor: recorded on the ops added.

    Returns:
        The ops, a dropped revision's place taken by ``late_record``'s ops (a hit of the item only once).

    Raises:
        EmptyText, TextTooLong, InvalidField: a late text that cannot be an item's description.
    """
    items = {i.id: i for found in existing.values() for i in found}
    hit = {op.item_id for op in ops if isinstance(op, HitOp)}
    out: list[Op] = []
    for op in ops:
        item = items.get(op.item_id) if isinstance(op, UpdateOp) and op.new_description else None
        if item is None or not isinstance(op, UpdateOp) or op.new_description is None \
                or not turn.timestamp < last_said(item) \
                or words(item.description) <= words(op.new_description):
            out.append(op)
            continue
        if item.id not in hit:
            out.append(HitOp(item.id, turn_id=turn.turn_id))
            hit.add(item.id)
        out.extend(late_record(turn, item, op.new_description, op.reason, actor))
    return out
