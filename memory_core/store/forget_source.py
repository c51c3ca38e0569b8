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
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memory_core.model import Kind, MemoryItem, Status
from memory_core.store.write_ops import EndOp

if TYPE_CHECKING:
    from memory_core.store.base import MemoryStore

__all__ = ["is_raw_turn_item", "source_turn_ends"]

#: The reason written in a raw-turn item's history when it is forgotten with its memory.
FORGOTTEN_WITH = "forgotten with memory {item_id} made from this turn"


def is_raw_turn_item(item: MemoryItem) -> bool:
    """True for a raw-turn item: kind ``event`` with an ``event:`` key (``pipeline.extract.event_key``)."""
    return item.kind == Kind.EVENT and (item.key or "").startswith("event:")


def source_turn_ends(store: MemoryStore, user_id: str, item_id: str, actor: str) -> list[EndOp]:
    """The ``EndOp``s (status deleted) of the raw-turn items citing one of ``item_id``'s source turns.

    Nothing for a raw-turn item itself or an item without sources. Raises UnknownItem (no such item).
    """
    item = store.get(user_id, item_id)
    turns = set(item.source)
    if not turns or is_raw_turn_item(item):
        return []
    return [EndOp(i.id, Status.DELETED, FORGOTTEN_WITH.format(item_id=item_id), actor)
            for i in store.list_items(user_id) if i.id != item_id and is_raw_turn_item(i) and turns & set(i.source)]
