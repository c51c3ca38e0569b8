"""Ranking multipliers per item: recency, hits and strength, shared by the item tables.

An item's multiplier is ``1 + w_r · 2^(−age/half_life) + w_h · log1p(hit) +
w_s · min(strength, 1)`` (``RecallWeights``; strength is seed 002's decayed
importance, ``memory_core.decay``). ``RecallIndex`` (whole-index builds) and
``ItemTable`` (the incremental index) hold the same per-item arrays and mix
this in. The multipliers are kept per slot as queries ask for them, so a
change costs what it changed, never a pass over every item.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

if TYPE_CHECKING:  # pragma: no cover - typing only
    from memory_core.decay import Decay


class BoostWeights(Protocol):
    """The weights a multiplier reads (``index.RecallWeights`` is one)."""

    @property
    def recency(self) -> float: ...
    @property
    def half_life_days(self) -> float: ...
    @property
    def hits(self) -> float: ...
    @property
    def strength(self) -> float: ...

__all__ = ["BoostWeights", "ItemBoosts"]

_DAY_S = 86_400.0
_KEPT = 32  # kept multiplier arrays, one per distinct weights


class _Kept:
    """The multipliers of one weights at one reference time, made slot by slot as queries ask for them.

    ``values[s]`` holds when ``stamps[s] == made``; a new reference time moves ``made`` on (every entry
    outdated at once, O(1)); a changed slot's stamp is reset (``ItemBoosts._boosts_moved``).
    """

    __slots__ = ("made", "ref", "stamps", "values")

    def __init__(self, n: int, ref: float) -> None:
        size = n + max(n // 8, 16)  # room for new slots: grown by an eighth at a time (amortised)
        self.values = np.empty(size)
        self.stamps = np.full(size, -1, dtype=np.int32)
        self.ref, self.made = ref, 0

    def fit(self, n: int, ref: float) -> None:
        """Room for ``n`` slots; a new reference time outdates every entry."""
        if ref != self.ref:
            self.ref, self.made = ref, self.made + 1
        old = self.stamps.shape[0]
        if n > old:
            size = n + max(n // 8, 16)
            self.values = np.concatenate((self.values, np.empty(size - old)))
            self.stamps = np.concatenate((self.stamps, np.full(size - old, -1, dtype=np.int32)))


class ItemBoosts:
    """Mixin: ``boost`` over per-item arrays the owner keeps in step with its items.

    The owner sets ``items``, ``times`` (epoch s), ``hits``, ``_log_hits``
    (``log1p(hits)``), ``_importance``, ``_rate`` and ``_base`` (see
    ``Decay.arrays``), ``decay`` and an empty ``_kept_boosts`` (emptied when
    slots are renumbered; ``_boosts_moved`` after a change of some slots), and
    defines ``_default_ref``.
    """

    items: Sequence[Any]
    times: np.ndarray
    hits: np.ndarray
    decay: Decay
    _log_hits: np.ndarray
    _importance: np.ndarray
    _rate: np.ndarray
    _base: np.ndarray
    _kept_boosts: dict[tuple[float, float, float, float], _Kept]

    def _default_ref(self) -> float:
        """The reference time (epoch s) recall uses when none is given: the newest item's."""
        raise NotImplementedError

    def boost(self, idx: np.ndarray, weights: BoostWeights, ref: float) -> np.ndarray:
        """Shape (len(idx),) multipliers ``1 + w_r · recency + w_h · log1p(hit) + w_s · min(strength, 1)``.

        At the default reference time a slot's multiplier is computed when a
        query first asks for it and kept (per weights) until the slot changes
        or the reference time moves: a query computes its candidates' missing
        multipliers only, never every item's (a new item moves the reference
        time, and a chat recalls after each turn it writes). Kept or not, a
        slot's multiplier is the same float (``_boost_of``, element by element).

        Args:
            idx: item positions (slots).
            weights: validated weights.
            ref: reference time, epoch seconds.
        """
        if ref != self._default_ref():
            return self._boost_of(idx, weights, ref)
        key = (weights.recency, weights.half_life_days, weights.hits, weights.strength)
        kept = self._kept_boosts.get(key)
        if kept is None:
            if len(self._kept_boosts) >= _KEPT:
                self._kept_boosts.clear()
            kept = self._kept_boosts[key] = _Kept(len(self.items), ref)
        kept.fit(len(self.items), ref)
        missing = kept.stamps[idx] != kept.made
        if missing.any():
            todo = idx[missing]
            kept.values[todo] = self._boost_of(todo, weights, ref)
            kept.stamps[todo] = kept.made
        return kept.values[idx]

    def _boosts_moved(self, slots: np.ndarray) -> None:
        """Outdate the kept multipliers of ``slots`` (their items, hits or strengths changed)."""
        for kept in self._kept_boosts.values():
            at = slots[slots < kept.stamps.shape[0]]
            kept.stamps[at] = -1

    def _boost_of(self, idx: np.ndarray, weights: BoostWeights, ref: float) -> np.ndarray:
        boost = np.ones(idx.shape[0])
        if weights.recency:
            age_days = np.maximum(ref - self.times[idx], 0.0) / _DAY_S
            boost += weights.recency * np.exp2(-age_days / weights.half_life_days)
        if weights.hits:
            boost += weights.hits * self._log_hits[idx]
        if weights.strength:
            strength = self.decay.strengths(self._importance[idx], self._rate[idx], self._base[idx],
                                            self.hits[idx], ref)
            boost += weights.strength * np.minimum(strength, 1.0)
        return boost
