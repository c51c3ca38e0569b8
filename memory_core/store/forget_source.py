"""Forgetting a memory forgets the raw turn it came from; the other memories made from that turn stay.

A turn is kept twice: as the curated items made from it and as its raw-turn
item (kind ``event``, key ``event:…``, the user's words; ``pipeline.extract``),
which recall searches as evidence. When the user deletes the one memory a turn
produced ("forget that I owe 20k"), leaving the raw turn active would keep the
forgotten words recallable by any question near them, and a Mem0-style app
never lists that raw item (``mem0_shape.mem0_listed``), so it has no id to
delete it with. ``source_turn_ends`` therefore ends, with the same delete, each
raw-turn item of the deleted item's source turns, even when another curated item
was made from the same turn ("I live in Oslo, and I owe 20k to a casino": the
home stays as its own item, the words about the debt are found by no question).
Recall then no longer quotes that turn beside the other items either
(``retrieval.provenance``: a turn is quoted only while its raw-turn item is
live). Ending is a soft delete: the raw item and its history stay for audit,
the turn log keeps the turn (``delete_all`` / ``erase`` remove those).

The session window forgets it too (``forget_in_window``): the deleted item's source turns are marked
in the turn log (``FORGOTTEN_META`` in the turn's ``meta``; text and idempotency key unchanged), the
window's turn reads leave a marked turn out (``session.sources.SqlWindow``), and the rolling summaries
of their sessions are dropped, to be folded again from the turns that remain. Deleting the raw-turn
item itself forgets its turn the same way. A summary item cites every turn of its episode: deleting
it forgets no turn. A turn that only revised or restated the deleted item and is a source of another live
memory stays (``own_turns``): that memory came from it too. The workers drop the Redis copies of those sessions' windows
(``workers.session_window.forget_windows``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from memory_core.model import Kind, MemoryItem, Status, Turn
from memory_core.store.write_ops import EndOp

if TYPE_CHECKING:
    from memory_core.store.base import MemoryStore

__all__ = ["FORGOTTEN_META", "forget_in_window", "forgotten_turns", "is_forgotten", "is_raw_turn_item",
           "own_turns", "source_turn_ends"]

#: ``Turn.meta`` key of a turn whose words were forgotten with a memory (value: that memory's id).
FORGOTTEN_META = "forgotten_with"

#: The reason written in a raw-turn item's history when it is forgotten with its memory.
FORGOTTEN_WITH = "forgotten with memory {item_id} made from this turn"


def is_raw_turn_item(item: MemoryItem) -> bool:
    """True for a raw-turn item: kind ``event`` with an ``event:`` key (``pipeline.extract.event_key``)."""
    return item.kind == Kind.EVENT and (item.key or "").startswith("event:")


def _made_by(item: MemoryItem) -> set[str]:
    """The turns an item's own words came from: the turns of its create and import revisions."""
    return {r.turn_id for r in item.history if r.op in ("create", "import") and r.turn_id}


def own_turns(item: MemoryItem, items: Iterable[MemoryItem]) -> set[str]:
    """The source turns of ``item`` that forgetting it forgets (trial 15, finding 1).

    A turn that made the item (its create) is its words, whatever else the turn made ("I live in Oslo, and I
    owe 20k": forgetting the debt forgets the turn). A turn that only revised or restated the item (an added
    detail, a hit) and is a source of another live memory of ``items`` is that memory's too: it stays, so
    deleting one item that wrongly collected a job or a move as its "detail" does not forget those.
    """
    made = _made_by(item)
    cited = {t for i in items if i.id != item.id and i.status == Status.ACTIVE and not is_raw_turn_item(i)
             for t in i.source}
    return {t for t in item.source if t in made or t not in cited}


def source_turn_ends(store: MemoryStore, user_id: str, item_id: str, actor: str) -> list[EndOp]:
    """The ``EndOp``s (status deleted) of the raw-turn items citing one of ``item_id``'s own turns (``own_turns``).

    Nothing for a raw-turn item itself or an item without sources. Raises UnknownItem (no such item).
    """
    item = store.get(user_id, item_id)
    if not item.source or is_raw_turn_item(item):
        return []
    items = store.list_items(user_id)
    turns = own_turns(item, items)
    return [EndOp(i.id, Status.DELETED, FORGOTTEN_WITH.format(item_id=item_id), actor)
            for i in items if i.id != item_id and is_raw_turn_item(i) and turns & set(i.source)]


def is_forgotten(turn: Turn) -> bool:
    """True for a turn forgotten with a memory (``forget_in_window``): no session window shows it."""
    return isinstance(turn.meta, dict) and FORGOTTEN_META in turn.meta


def forgotten_turns(store: MemoryStore, user_id: str, item: MemoryItem) -> list[Turn]:
    """The stored turns a deleted ``item`` takes out of the session windows: its source turns ([] for a summary
    item, or a store without turns). Raises StoreError."""
    tables = store.sql_tables()
    if tables is None or item.kind == Kind.SUMMARY:
        return []
    own = own_turns(item, store.list_items(user_id)) if not is_raw_turn_item(item) else set(item.source)
    found = tables.turns_by_ids(user_id, [t for t in dict.fromkeys(item.source) if t in own])
    return [found[t] for t in item.source if t in found]


def forget_in_window(store: MemoryStore, user_id: str, item_id: str) -> set[str]:
    """Mark the turns ``item_id`` was made from forgotten and drop their sessions' rolling summaries; return
    those sessions' ids (for the caller's caches of their windows). Idempotent.

    Raises:
        UnknownItem: no such item. StoreError: the store failed (the item stays deleted; a retry finishes).
    """
    tables = store.sql_tables()
    turns = forgotten_turns(store, user_id, store.get(user_id, item_id))
    if tables is None or not turns:
        return set()
    sessions = {t.session_id for t in turns}
    tables.forget_in_sessions(user_id, {t.turn_id: {**t.meta, FORGOTTEN_META: item_id} for t in turns
                                        if not is_forgotten(t)}, sessions)
    return sessions
