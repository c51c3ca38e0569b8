"""Strength of a memory item: importance that decays with disuse, plus what use earned it.

Seed 002 §4.2 (记忆重要性衰减公式)::

    strength = importance · e^(−λ · days since last use) + w · uses

with λ per kind (seed 001 §8.18: different memories decay differently):
events fade fast, identity facts barely. "Last use" is the item's
``last_used_at`` (a recall that used it), else the time it was said
(``valid_from``), else its creation; days are never negative (a clock that
went backwards, or an item dated in the future, counts as just used).
"uses" is the item's ``hit`` count. Seed 002 archives below 0.2.

An event's λ also depends on its importance (``Decay.rate_of``): the kind's λ
times ((1 − importance) / 0.5)³, clamped to [0.02, 4]. A raw turn of
importance 0.5 decays at its kind's rate; a life event (0.8–0.9, the value
scorer's ``personal.life_event``) 18–50x slower, so it lasts most of a year
instead of days; a task or small talk (0.1) 4x faster. This is MemoryBank's
rule that a memory's strength sets its retention, R = e^(−t/S) (Zhong et al.
2023, "MemoryBank: Enhancing LLMs with Long-Term Memory", §3.3), with S
growing with importance. Other kinds keep their kind's λ: their importance
is their slot's, and the kind already says how lasting they are.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from types import MappingProxyType

import numpy as np

from memory_core.errors import InvalidField
from memory_core.model import Kind, MemoryItem

__all__ = ["DEFAULT_DECAY_PER_DAY", "Decay", "base_time", "strength"]

_DAY_S = 86_400.0
_MIN_SCALE, _MAX_SCALE = 0.02, 4.0  # bounds of an event's importance scale on λ

#: λ per kind, per day (seed 002 §4.2 gives 0.1 as its example; events keep it, lasting kinds
#: decay 20–50x slower: a fact loses half its importance in ~350 days, an event in ~7).
DEFAULT_DECAY_PER_DAY: Mapping[str, float] = MappingProxyType({
    Kind.EVENT: 0.1, Kind.TODO: 0.05, Kind.PREFERENCE: 0.004, Kind.FACT: 0.002,
    Kind.PROCEDURE: 0.002, Kind.SUMMARY: 0.003,
})


@dataclass(slots=True, frozen=True)
class Decay:
    """Parameters of ``strength`` (seed 002 §4.2).

    Attributes:
        per_day: λ by kind (1/day, >= 0); a kind not listed uses ``default_per_day``.
        default_per_day: λ for unlisted kinds (1/day).
        use_weight: w, strength per use (hit), seed 002's 0.05.
        archive_below: items whose strength falls below this are archived (seed 002's 0.2).
    """

    per_day: Mapping[str, float] = field(default_factory=lambda: dict(DEFAULT_DECAY_PER_DAY))
    default_per_day: float = 0.01
    use_weight: float = 0.05
    archive_below: float = 0.2

    def __post_init__(self) -> None:
        bad = {k: v for k, v in self.per_day.items()
               if isinstance(v, bool) or not isinstance(v, int | float) or not 0 <= v < math.inf}
        if bad or not 0 <= self.default_per_day < math.inf:
            raise InvalidField(f"decay rates must be finite numbers >= 0 per day; got {bad or self.default_per_day}")
        if not (0 <= self.use_weight < math.inf and 0 <= self.archive_below < math.inf):
            raise InvalidField(f"use_weight and archive_below must be finite numbers >= 0; got "
                               f"{self.use_weight!r}, {self.archive_below!r}")

    def rate(self, kind: str) -> float:
        """λ of ``kind`` (1/day)."""
        return float(self.per_day.get(str(kind), self.default_per_day))

    def rate_of(self, kind: str, importance: float) -> float:
        """λ of an item of ``kind`` and ``importance`` (0..1), 1/day: events scaled by importance (module docstring)."""
        base = self.rate(kind)
        if str(kind) != Kind.EVENT:
            return base
        return base * min(_MAX_SCALE, max(_MIN_SCALE, ((1.0 - importance) / 0.5) ** 3))

    def arrays(self, items: Sequence[MemoryItem]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Per-item arrays for ``strengths``: importance, λ, base time (epoch s), uses; each shape (n,)."""
        return (np.array([i.importance for i in items], dtype=np.float64),
                np.array([self.rate_of(i.kind, i.importance) for i in items], dtype=np.float64),
                np.array([base_time(i).timestamp() for i in items], dtype=np.float64),
                np.array([i.hit for i in items], dtype=np.float64))

    def strengths(self, importance: np.ndarray, rate: np.ndarray, base: np.ndarray, uses: np.ndarray,
                  now_s: float) -> np.ndarray:
        """Vectorised ``strength``: arrays from ``arrays`` (or slices), ``now_s`` in epoch seconds."""
        days = np.maximum(now_s - base, 0.0) / _DAY_S
        return importance * np.exp(-rate * days) + self.use_weight * uses


def base_time(item: MemoryItem) -> datetime:
    """When decay starts for ``item``: its last use, else when it was said, else its creation (the latest).

    A summary is said when it is written (``created_at``), not in the time it covers (its ``valid_from``, the
    month or episode): a summary of April 2024 written today is a memory made today about an old time, the
    high-level memory kept and recalled first while the raw turns it sums up fade (seed 002 §3.3, 情节记忆的
    压缩与摘要). Dated by its month it would start at e^(−λ·age of the month) and be archived by the run that
    wrote it.
    """
    said = item.created_at if item.kind == Kind.SUMMARY else item.valid_from or item.created_at
    used = item.last_used_at
    return used if used is not None and used > said else said


def strength(item: MemoryItem, now: datetime, decay: Decay | None = None) -> float:
    """Return ``item``'s strength at ``now`` (seed 002 §4.2, see the module docstring).

    Raises:
        InvalidField: a naive ``now``.
    """
    if not isinstance(now, datetime) or now.tzinfo is None:
        raise InvalidField(f"now must be a timezone-aware datetime; got {now!r}")
    decay = decay or Decay()
    days = max((now - base_time(item)).total_seconds(), 0.0) / _DAY_S
    return item.importance * math.exp(-decay.rate_of(item.kind, item.importance) * days) + decay.use_weight * item.hit
