"""An item's turn window: its source turns and their same-session neighbours, without other people's turns.

The turn-window signal (``hybrid``) finds a statement by the words of the
turns around it: "In Boston" answers the turn before it, "Where do you live
now?". A neighbour turn about someone else ("我妹妹住在上海", keyed
``fact:sister/lives_in@…``) says nothing about the user's statement beside it
("我最喜欢吃火锅"), yet its words lifted that statement for every question
holding them ("我住在哪里？" ranked the user's home third, below the statement
next to the sister's). So a neighbour joins the window only when whom it is
about (the subjects of its curated items' slot keys, ``rerank.key_subject``;
an own-words statement, ``gist:``, is the speaker's own) meets whom the item
is about, or when either is unknown (a turn that made no slot item: most of a
conversation's give and take). The item's own source turns are always in it.

Because a neighbour's subjects come from its curated items, a change set
that changes whom a turn is about re-indexes the items whose windows reach
that turn (``subjects_before``, ``recut_turns``), so an index updated step by
step still ranks as one built fresh.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from memory_core.model import Kind, MemoryItem
from memory_core.retrieval.rerank import key_subject

__all__ = ["item_subjects", "recut_turns", "subjects_before", "turn_subjects", "window_positions"]

Items = Sequence[MemoryItem | None]


def _subject(key: str | None) -> str | None:
    """Whom a curated item's key says it is about: ``key_subject``'s, and "" (the speaker) for an own-words gist."""
    return "" if key and key.startswith("gist:") else key_subject(key)


def turn_subjects(turn_id: str, slots_by_turn: Mapping[str, set[int]], items: Items) -> frozenset[str] | None:
    """Whom the slot items made from ``turn_id`` are about ("" the speaker, "sister", "表哥"); None when none."""
    found = {s for c in slots_by_turn.get(turn_id, ()) if (item := items[c]) is not None
             and item.kind != Kind.EVENT and (s := _subject(item.key)) is not None}
    return frozenset(found) or None


def item_subjects(item: MemoryItem, slots_by_turn: Mapping[str, set[int]], items: Items) -> frozenset[str] | None:
    """Whom ``item`` is about: a slot item by its key, a raw turn by its turns' slot items; None when unknown."""
    if item.kind != Kind.EVENT:
        own = _subject(item.key)
        return None if own is None else frozenset((own,))
    found: set[str] = set()
    for turn_id in item.source:
        found |= turn_subjects(turn_id, slots_by_turn, items) or set()
    return frozenset(found) or None


def window_positions(item: MemoryItem, window: int, turn_pos: Mapping[str, int], turn_ids: Sequence[str],
                     turn_session: Sequence[str], slots_by_turn: Mapping[str, set[int]], items: Items) -> list[int]:
    """Turn positions of ``item``'s window in turn order: its source turns and the same-session turns within
    ``window`` of them whose subjects meet the item's (either unknown: in)."""
    own = item_subjects(item, slots_by_turn, items)
    picked: set[int] = set()
    n = len(turn_ids)
    for turn_id in item.source:
        j = turn_pos.get(turn_id)
        if j is None:
            continue
        session = turn_session[j]
        for jj in range(max(0, j - window), min(n, j + window + 1)):
            if turn_session[jj] != session or jj in picked:
                continue
            if jj != j and own is not None:
                theirs = turn_subjects(turn_ids[jj], slots_by_turn, items)
                if theirs is not None and own.isdisjoint(theirs):
                    continue
            picked.add(jj)
    return sorted(picked)


def subjects_before(touched: Mapping[int, MemoryItem | None], items: Items,
                    slots_by_turn: Mapping[str, set[int]]) -> dict[str, frozenset[str] | None]:
    """{turn id: its subjects} for the source turns of the slot items a change set touches (old or new),
    read before the change is applied."""
    turns = {t for slot, new in touched.items() for item in (new, items[slot] if slot < len(items) else None)
             if item is not None and item.kind != Kind.EVENT and _subject(item.key) is not None for t in item.source}
    return {t: turn_subjects(t, slots_by_turn, items) for t in turns}


def recut_turns(before: Mapping[str, frozenset[str] | None], slots_by_turn: Mapping[str, set[int]], items: Items,
                window: int, turn_pos: Mapping[str, int], turn_ids: Sequence[str]) -> set[str]:
    """Turn ids within ``window`` of the turns of ``before`` whose subjects the change set changed (their
    neighbours' windows may now take them in or leave them out)."""
    out: set[str] = set()
    n = len(turn_ids)
    for turn_id, was in before.items():
        j = turn_pos.get(turn_id)
        if j is not None and turn_subjects(turn_id, slots_by_turn, items) != was:
            out.update(turn_ids[max(0, j - window):min(n, j + window + 1)])
    return out
