"""Whether a superseded fact or preference was replaced by a current value, or only ended beside a raw turn.

The write path supersedes a fact by another item (``EndOp.by_id``, kept as
the supersede revision's ``other_id``), or by what a later turn said (the
revision's ``turn_id``: the items derived from that turn). Mostly a fact or
preference stands in its place: the same slot ("User lives in Porto" after
"User lives in Lisbon") or the old state ended ("User no longer drinks
coffee", "用户已从腾讯离职"). The old value is over, and a summary point
copied from it says so (``summaries.REPLACED_MARK``).

When the turn that superseded it left no fact or preference at all, only its
own raw turn ("moving plan cancelled, landlord backed out. staying in 静安"
ending "用户咖啡戒了；coffee is back, one small latte a day"), nothing current
says the old value is over: it may be the current state, so a summary must
not call it "no longer current" (``stands_replaced``).
"""

from __future__ import annotations

from collections.abc import Sequence

from memory_core.model import Kind, MemoryItem, Status
from memory_core.store.base import MemoryStore

__all__ = ["stands_replaced", "successors", "unreplaced_ids"]

_VALUES = (Kind.FACT, Kind.PREFERENCE)


def successors(item: MemoryItem, items: Sequence[MemoryItem]) -> list[MemoryItem]:
    """The items that superseded ``item``: the one its latest supersede revision names (``other_id``), else
    the other ``items`` derived from that revision's turn; [] when it was never superseded or they are gone."""
    for rev in item.history_newest_first():
        if rev.op != "supersede":
            continue
        if rev.other_id:
            return [i for i in items if i.id == rev.other_id]
        return [i for i in items if i.id != item.id and rev.turn_id and rev.turn_id in i.source]
    return []


def stands_replaced(item: MemoryItem, items: Sequence[MemoryItem]) -> bool:
    """True for a superseded ``item`` whose value is over (module docstring); False for any other status.

    Args:
        item: a memory item with its history (the supersede revision names its successor or the turn).
        items: the user's other items (active and superseded), where its successors are looked up.

    Returns:
        False only for a superseded fact or preference whose known successors are all raw turns (events);
        True for any other superseded item (an unknown successor counts as replacing).
    """
    if item.status != Status.SUPERSEDED:
        return False
    after = successors(item, items)
    return item.kind not in _VALUES or not after or any(i.kind != Kind.EVENT for i in after)


def unreplaced_ids(store: MemoryStore, user_id: str, items: Sequence[MemoryItem]) -> set[str]:
    """Ids of the superseded facts and preferences among ``items`` (read without history) that nothing current
    replaced (``stands_replaced``). A history is read only for those whose slot key no active item holds.

    Raises:
        StoreError: the store failed.
    """
    held = {i.key for i in items if i.status == Status.ACTIVE and i.key}
    return {i.id for i in items if i.status == Status.SUPERSEDED and i.kind in _VALUES and i.key not in held
            and not stands_replaced(store.get(user_id, i.id), items)}
