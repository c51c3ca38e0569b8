"""An item that replaces another carries the change in its own history (issue 13; DESIGN: ``update`` never loses the
old text).

A change of a single-valued attribute ("User works at Deloitte" -> "User works at Shopify", "用户住在成都" ->
"用户住在杭州") is planned as the new value's item added and the old one superseded by it (``EndOp.by_id``), so
that each value keeps its own key, sources, valid times and hits. Read from the current item alone, though, the
change was lost: its history began at its creation. Here the item a turn adds records, after its create revision,
the change it made: a ``replace`` revision from the old item's text to its own (the old item's id as ``other_id``,
the end's reason, turn and time), after the text changes the old item carried itself. Its own op, not ``update``:
the item's text never changed in place (what rewrote an item, ``ingest_summary``, and Mem0's version line, which
tells the supersede of each version already, ``mem0_lineage``, read it apart). A chain of changes keeps
every value: A -> B -> C gives C the revisions A -> B and B -> C, whatever key shape each value was written with
(a ``fact:`` slot, a ``gist:`` statement in own words, a ``pref:``): the successor the turn's stages named is the
one notion of "the same attribute".

A stop names the stopped thing, so the turn's statement of it is the successor the stages name ("辣条已经戒了",
"I don't watch the Lakers anymore"); the thing taken up in its place is said beside it ("现在抽屉里换成了每日坚果",
"I support Chelsea now"). When the named successor is such a stop and the turn adds exactly one other statement
that says it stands in the place of what was before (``data/replacement_words.yaml``: now, instead, switched,
现在, 换成, 改喝 …), that statement records the change too: it is what the attribute holds now.

The old item itself is unchanged (superseded, naming its successor); recall never reads revision texts.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence

from memory_core.model import Kind, MemoryItem, Revision, Status
from memory_core.pipeline.agreement import description_polarity
from memory_core.shipped_yaml import load_shipped
from memory_core.store.write_ops import AddOp, EndOp, Op
from memory_core.text.script import has_han

__all__ = ["REPLACE", "TEXT_CHANGES", "with_change_history"]

#: The revision op of a change an item records from the item it took the place of (``model.Revision``).
REPLACE = "replace"
#: Revision ops that change an item's text and are carried on to its successor.
TEXT_CHANGES = ("update", "merge", REPLACE)


def with_change_history(ops: Sequence[Op], ended: Mapping[str, MemoryItem]) -> list[Op]:
    """``ops`` with each item they add that supersedes another given the revisions of that change.

    Args:
        ops: one turn's planned ops, in apply order.
        ended: the items the ops may end, by id (the user's items read for the turn); an item the same ops add
            and end ("held before" a change the turn tells) is found among the ops.

    Returns:
        ``ops`` (the same list object's items; added items are changed in place before they are applied): for
        each ``EndOp`` superseding an item by an item an ``AddOp`` of ``ops`` adds, that added item's history
        gets the old item's own text changes (``TEXT_CHANGES`` revisions, chain included) and one ``REPLACE``
        revision from the old text to the added item's (``other_id`` the old item, reason, actor, turn and time of
        the end). When that added item is a stop, the one other statement the ops add saying it stands in the
        stopped thing's place gets the same. Ends of unknown items, ends naming no added item and an item replacing
        itself are left alone.
    """
    added = {op.item.id: op.item for op in ops if isinstance(op, AddOp)}
    if not added:
        return list(ops)
    known = {**ended, **added}
    ended_ids = {op.item_id for op in ops if isinstance(op, EndOp)}
    for op in ops:
        if not (isinstance(op, EndOp) and op.status == Status.SUPERSEDED and op.by_id in added) \
                or op.item_id == op.by_id or (old := known.get(op.item_id)) is None:
            continue
        _record(old, added[op.by_id], op)
        if description_polarity(added[op.by_id].description) < 0:  # a stop: what was taken up in its place
            taken = [i for i in added.values() if i.id not in ended_ids and i.id not in (op.by_id, old.id)
                     and i.kind != Kind.EVENT and description_polarity(i.description) > 0 and _in_place(i.description)]
            if len(taken) == 1:
                _record(old, taken[0], op)
    return list(ops)


def _record(old: MemoryItem, new: MemoryItem, op: EndOp) -> None:
    """Give ``new`` the text changes ``old`` carried and the change ``op`` makes from ``old``, once."""
    if any(r.op == REPLACE and r.other_id == old.id for r in new.history):
        return
    new.history.extend(_carried(old.history, new.history))
    new.history.append(Revision(REPLACE, op.reason, op.actor, op.at or new.history[0].at,
                                old_description=old.description, new_description=new.description,
                                old_theme=old.theme, new_theme=new.theme, turn_id=op.turn_id, other_id=old.id))


@functools.lru_cache(maxsize=1)
def _replacement_words() -> dict[str, re.Pattern[str]]:
    data = load_shipped("data", "replacement_words.yaml")
    return {lang: re.compile(data[lang], re.IGNORECASE) for lang in ("en", "zh")}


def _in_place(description: str) -> bool:
    """True when ``description`` says it stands in the place of what held before (``replacement_words.yaml``)."""
    return _replacement_words()["zh" if has_han(description) else "en"].search(description) is not None


def _carried(revisions: Iterable[Revision], have: Sequence[Revision]) -> list[Revision]:
    """Copies of the text changes among ``revisions`` that ``have`` holds no copy of."""
    seen = {(r.op, r.at, r.old_description, r.new_description) for r in have}
    return [Revision(r.op, r.reason, r.actor, r.at, r.old_description, r.new_description, r.old_theme, r.new_theme,
                     r.turn_id, r.other_id)
            for r in revisions if r.op in TEXT_CHANGES and r.old_description
            and (r.op, r.at, r.old_description, r.new_description) not in seen]
