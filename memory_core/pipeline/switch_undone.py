"""A thing taken up again ends what replaced it when it stopped: "back on coffee" ends "drinks green tea instead"
(issue 13 §2).

A stop is often said with what replaced it ("I quit coffee and switched to green tea", "咖啡戒了，改喝绿茶"): the
replacement supersedes the old item under another key, and the old item's history names it (the ``supersede``
revision's ``other_id``). When the user later takes the old thing up again ("I'm back on coffee", "又开始喝咖啡了",
read as a restart by ``cessation.resumption_scope`` and ``restart_words``), the restart's new item holds the key
again, but the replacement stayed current beside it: two answers to "what do I drink?".

The stop may also end the old item by a statement of its own ("咖啡戒了，改喝绿茶了": the stop "用户咖啡戒了" is the
successor, and "用户现在改喝绿茶了" was said beside it): what the stopping turn began of the same kind (a like beside a
like, a pastime beside a pastime) replaced the old thing as well.

``switch_undone`` reads, for each restart of the turn, the user's superseded items under its key: the items
their supersede named as successor, and the items of the same kind of key that the stopping turn made. An active
one under another key of a like, a pastime, a routine, a diet or a statement in the user's own words, said by the
stopping turn alone, is ended, superseded by the restart's item. Nothing is ended when the turn itself states it
again ("back on coffee, still love green tea too"), when a turn since said it again ("我每天喝茶": a habit of its
own), when it is a negation (the stop itself, which the restart's own change ends), when it is under the same key
(the resolver's own supersede), or when the restart makes no item.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from memory_core.model import MemoryItem, Status, Turn
from memory_core.pipeline.cessation import cessation_scope
from memory_core.pipeline.own_words import polarity_of
from memory_core.pipeline.types import Candidate
from memory_core.store.write_ops import AddOp, EndOp, Op
from memory_core.text.script import lang_of

__all__ = ["REPLACED_PREFIXES", "switch_undone"]

#: Keys of what may replace a thing stopped: a like, a pastime, a routine, a diet, the user's own words.
REPLACED_PREFIXES = ("pref:", "fact:hobby:", "fact:routine:", "fact:diet", "gist:")
#: Kinds of key whose items one stop may replace by another of the same kind (a drink by a drink, a pastime by one).
_SAME_KIND = ("pref:", "fact:hobby:", "fact:routine:")


def _successors(items: Iterable[MemoryItem]) -> list[str]:
    """Ids of the items that superseded ``items`` (their ``supersede`` revisions' ``other_id``), oldest first."""
    return list(dict.fromkeys(r.other_id for i in items for r in i.history if r.op == "supersede" and r.other_id))


def _stop_turns(items: Iterable[MemoryItem]) -> set[str]:
    """Ids of the turns that superseded ``items``."""
    return {r.turn_id for i in items for r in i.history if r.op == "supersede" and r.turn_id}


def switch_undone(turn: Turn, ops: list[Op], cands: list[Candidate], active: list[tuple[str, str, str]],
                  superseded: Callable[[str], list[MemoryItem]],
                  find: Callable[[list[str]], Mapping[str, list[MemoryItem]]]) -> list[Op]:
    """``ops`` with an ``EndOp`` for each replacement a restart of the turn undoes (module docstring).

    Args:
        turn: the turn being planned (its id and time date the ends).
        ops: the ops planned so far; an item they already end is not ended twice.
        cands: the turn's candidates; a restart is a statement (not an event) of positive polarity whose change
            is positive (``reverse_polarity > 0``: "again", 又开始).
        active: ``(id, key, description)`` of the user's active statements (``KeyLookup.active_by_prefix``).
        superseded: ``key -> [items]``, the user's superseded items under a key (read only for a restart's key).
        find: ``keys -> {key: [items]}``, the user's active items under keys (``KeyLookup.find_by_keys``; read only
            for the keys of what a restart may end).

    Returns:
        ``ops`` followed by the ends, each superseded by the restart's new item.

    Raises:
        StoreError: the store failed while reading.
    """
    restarts = [c for c in cands if c.key and not c.is_event and c.polarity > 0 and c.reverse_polarity > 0]
    if not restarts or turn.role != "user":
        return ops
    added = {op.item.key: op.item.id for op in ops if isinstance(op, AddOp) and op.item.key}
    ended = {op.item_id for op in ops if isinstance(op, EndOp)}
    stated = {c.key for c in cands if c.key and not c.is_event and c.polarity > 0}
    current = {item_id: key for item_id, key, _ in active}
    negated = {item_id for item_id, _, description in active if _negation(description)}
    out = list(ops)
    for cand in restarts:
        by_id = added.get(cand.key)
        if by_id is None:
            continue
        before = superseded(cand.key)
        stops = _stop_turns(before) | _ending_turns(by_id, ops, current, find)
        replaced = [i for i in dict.fromkeys(_successors(before) + _begun_with_stop(cand.key, current))
                    if i in current and current[i] != cand.key and current[i] not in stated and i not in ended
                    and current[i].startswith(REPLACED_PREFIXES) and i not in negated]
        if not replaced:
            continue
        found = find(sorted({current[i] for i in replaced}))
        for item in (i for items in found.values() for i in items if i.id in replaced):
            if not item.source or not set(item.source) <= stops:
                continue  # said again since the stop ("我每天喝茶"): a habit of its own, not the stop's stand-in
            ended.add(item.id)
            reason = f"又开始了：{turn.text}" if cand.lang == "zh" else f"taken up again: {turn.text}"
            out.append(EndOp(item.id, Status.SUPERSEDED, reason, turn_id=turn.turn_id, by_id=by_id,
                             valid_until=turn.timestamp, at=turn.timestamp))
    return out


def _negation(description: str) -> bool:
    """True when an item's text says a negation or a stop ("User no longer drinks coffee", "用户咖啡戒了", "User quit
    coffee"): the restart's own change ends those, never this stage. A switch in ("用户现在改喝绿茶了") is none."""
    lang = lang_of(description)
    return polarity_of(description) < 0 or bool(cessation_scope(description, lang))


def _ending_turns(by_id: str, ops: list[Op], current: Mapping[str, str],
                  find: Callable[[list[str]], Mapping[str, list[MemoryItem]]]) -> set[str]:
    """Ids of the turns that said the stops the restart's item ``by_id`` ends in this turn (their items' sources)."""
    stopped = {op.item_id for op in ops if isinstance(op, EndOp) and op.by_id == by_id and op.item_id in current}
    if not stopped:
        return set()
    found = find(sorted({current[i] for i in stopped}))
    return {t for items in found.values() for i in items if i.id in stopped for t in i.source}


def _begun_with_stop(key: str, current: Mapping[str, str]) -> list[str]:
    """Ids of the active items of ``key``'s kind (``_SAME_KIND``) under another key: what a stop may have begun.
    A restart kept in the user's own words (``gist:``, "User is back on espresso") is of a thing taken, as most
    restarts no slot reads are: a like stands in for it."""
    kind = "pref:" if key.startswith("gist:") else next((p for p in _SAME_KIND if key.startswith(p)), "")
    return [i for i, k in current.items() if kind and k.startswith(kind) and k != key]
