"""A raw turn that revises an earlier one comes before it at recall (issue 14 with issue 13).

"现在800一小时" and then "no wait, 我说错了，是750一小时": when no curated item stands for the correction (or
the question finds only the turns), both raw turns match "what's her rate?" and the older one often matches
more words, so the figure the user took back was read first. The same holds for a plan and its decision
("thinking of moving to Cupertino… 还在考虑" → "决定了，不搬了"): the wavering turn outranked the decision.

``revised_first`` moves each raw turn of the user that holds a revising cue (``data/revising_turns.yaml``:
a correction or a decision, either language) right before the first earlier raw turn of the user in the
list, for a question about the present only; a question about the past keeps the fused order. Curated
items keep their places: only turns are reordered among the turns.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from functools import lru_cache

import numpy as np

from memory_core.model import Kind, MemoryItem, Trust
from memory_core.shipped_yaml import load_shipped

__all__ = ["revised_first", "revises"]

_SPEAKER = re.compile(r"^[^:：\n]{1,40}[:：]\s*")


@lru_cache(maxsize=1)
def _cues() -> re.Pattern[str]:
    data = load_shipped("data", "revising_turns.yaml")
    return re.compile("|".join(f"(?:{p})" for lang in ("en", "zh") for p in data.get(lang) or []), re.IGNORECASE)


def revises(text: str) -> bool:
    """True when ``text`` (a turn, with or without its "user: " label) holds a revising cue: a correction
    ("不对，是750", "no wait, I meant…") or a decision ("决定了，不搬了", "nah, staying freelance")."""
    return bool(_cues().search(_SPEAKER.sub("", text, count=1)))


def _user_turn(item: MemoryItem | None) -> bool:
    return item is not None and item.kind == Kind.EVENT and item.trust == Trust.USER


def _when(item: MemoryItem) -> datetime:
    return item.valid_from or item.created_at


def revised_first(
    items: Sequence[MemoryItem | None], order: np.ndarray, scores: np.ndarray, reach: int
) -> tuple[np.ndarray, np.ndarray]:
    """``order`` (slots into ``items``, best first) and ``scores`` with each revising user turn (``revises``)
    moved right before the first user turn ranked above it that was said earlier (``valid_from``, else
    ``created_at``; a correction of a correction moves too); unchanged when there is none.
    A moved turn takes the score of the one it now precedes, so scores stay in rank order.

    Only a turn among the first ``reach`` is moved: one found far down the short list matched the question too
    weakly to stand first.

    Raises nothing; shapes: ``order`` and ``scores`` of the same length, returned so.
    """
    slots = order.tolist()
    turn = [_user_turn(items[j]) for j in slots]
    if sum(turn) < 2:
        return order, scores
    positions = list(range(len(slots)))
    values = scores.tolist()
    for n in range(min(reach, len(slots))):
        item = items[slots[n]]
        if not turn[n] or item is None or not revises(item.description):
            continue
        at = positions.index(n)
        for m, p in enumerate(positions[:at]):
            other = items[slots[p]]
            if turn[p] and other is not None and _when(other) < _when(item):
                positions.remove(n)
                positions.insert(m, n)
                break
    if positions == list(range(len(slots))):
        return order, scores
    ranked = sorted((values[p] for p in positions), reverse=True)
    return order[np.array(positions, dtype=np.int64)], np.array(ranked)
