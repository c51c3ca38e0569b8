"""Which active items end in a maintenance run: the expired and the faded (steps 3 and 4 of ``maintain``).

- **expiry**: an item whose ``valid_until`` has passed ends ``archived``
  ("expired"), unless it was already over when it was said (a record of the
  past, ``valid_until`` not after ``valid_from``);
- **decay**: an item whose strength (``decay``, seed 002 §4.2) is below
  ``Decay.archive_below`` ends ``archived`` ("faded"), unless it is still
  valid into the future or is *kept*: the current value of a single-valued
  slot (home, job, name, partner, a favourite: ``slots.single_valued_key``)
  or an identity fact. Those are who the user is now; they end when the
  user says something else (supersede) or an expiry passes, never by
  disuse alone (seed 001 §8.18: identity facts barely decay).

Days of disuse are counted on ``activity.IdleGaps`` when given (the user's
timeline, long absences counted short) and on the wall clock otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from memory_core.decay import Decay
from memory_core.lifecycle.activity import IdleGaps
from memory_core.model import Actor, Kind, MemoryItem, Status
from memory_core.pipeline.slots import single_valued_key
from memory_core.pipeline.themes import theme_slug
from memory_core.store.write_ops import EndOp

__all__ = ["ending_ops", "kept_from_decay"]


def kept_from_decay(item: MemoryItem) -> bool:
    """True for items decay never archives: a single-valued slot's current value, an identity fact."""
    if item.kind not in (Kind.FACT, Kind.PREFERENCE):
        return False  # events, todos, summaries: records and tasks fade
    return single_valued_key(item.key) or (item.kind == Kind.FACT and theme_slug(item.theme) == "identity")


def ending_ops(active: Sequence[MemoryItem], now: datetime, decay: Decay,
               gaps: IdleGaps | None = None) -> tuple[list[EndOp], list[EndOp]]:
    """Return (expire, fade) ops for ``active`` items at ``now`` (module docstring).

    Args:
        active: the user's active items.
        now: the run's time (aware).
        decay: strength parameters.
        gaps: the user's long absences; None counts wall-clock days.
    """
    expire: list[EndOp] = []
    faded: list[EndOp] = []
    importance, rate, base, uses = decay.arrays(active)
    now_s = now.timestamp()
    if gaps is not None and gaps.gaps:
        base = gaps.to_active(base)
        now_s = float(gaps.to_active(now_s))
    strengths = decay.strengths(importance, rate, base, uses, now_s)
    for item, value in zip(active, strengths.tolist(), strict=True):
        until = item.valid_until
        said = item.valid_from or item.created_at
        if until is not None and until <= now and until > said:
            expire.append(EndOp(item.id, Status.ARCHIVED, f"expired: valid until {until.isoformat()}",
                                Actor.SYSTEM, valid_until=until))
        elif until is not None and until > now:
            continue
        elif value < decay.archive_below and not kept_from_decay(item):
            faded.append(EndOp(item.id, Status.ARCHIVED,
                               f"faded: strength {value:.3f} below {decay.archive_below}", Actor.SYSTEM,
                               valid_until=item.valid_until or now))
    return expire, faded
