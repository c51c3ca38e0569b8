"""Raw turns of a replaced value, kept while the value that replaced it is active (``fading``).

Recall finds the current value of a slot through the turn that said the old
one: a question worded like the old statement ("周末约他喝一杯？" after
"我周末经常和朋友喝啤酒", then "医生说我不能再喝酒了") matches the old raw turn,
and recall puts the slot's current item first, right before it
(``retrieval.rerank``: a superseded turn's successor). The current item
alone shares no word with the question. Archiving that old raw turn (an
event fades in days) leaves recall nothing that leads to the current value:
the maintained store answers worse than the store that never ran the job,
where the turn is still there. Its history keeps the old value either way;
the raw turn is kept for the way it leads to the new one.

So decay keeps, for every slot key whose current value is an active memory
item, the raw turns of its superseded values: the latest ``EVIDENCE_TURNS``
of them per key (bounded: the active set grows with the slots the user
changed, not with the changes).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from memory_core.lifecycle.topic_turns import EVIDENCE_TURNS
from memory_core.model import Kind, MemoryItem, Status

__all__ = ["old_value_turns"]

_MEMORY = (Kind.FACT, Kind.PREFERENCE)


def old_value_turns(active: Sequence[MemoryItem], replaced: Iterable[MemoryItem]) -> set[str]:
    """Ids of the raw turns (events among ``active``) that said a superseded value of a slot still held.

    Args:
        active: the user's active items.
        replaced: the user's superseded items (their ``key`` and ``source`` are read).

    Returns:
        per slot key with an active fact or preference, the events of the latest ``EVIDENCE_TURNS`` source turns
        of its superseded items (module docstring).
    """
    held = {i.key for i in active if i.kind in _MEMORY and i.status == Status.ACTIVE and i.key}
    events = {i.source[0]: i for i in active if i.kind == Kind.EVENT and len(i.source) == 1}
    by_key: dict[str, dict[str, MemoryItem]] = {}
    for old in replaced:
        if old.status == Status.SUPERSEDED and old.kind in _MEMORY and old.key in held:
            for turn_id in old.source:
                if turn_id in events:
                    by_key.setdefault(old.key, {})[turn_id] = events[turn_id]  # type: ignore[index]
    kept: set[str] = set()
    for turns in by_key.values():
        latest = sorted(turns.values(), key=lambda e: (e.valid_from or e.created_at, e.id))[-EVIDENCE_TURNS:]
        kept.update(e.id for e in latest)
    return kept
