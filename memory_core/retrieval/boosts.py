"""Ranking multipliers per item: recency, hits and strength, shared by the item tables.

An item's multiplier is ``1 + w_r · 2^(−age/half_life) + w_h · log1p(hit) +
w_s · min(strength, 1)`` (``RecallWeights``; strength is seed 002's decayed
importance, ``memory_core.decay``). ``RecallIndex`` (whole-index builds) and
``ItemTable`` (the incremental index) hold the same per-item arrays and mix
this in.
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
_KEPT = 32  # whole-table multiplier arrays kept, one per distinct weights


class ItemBoosts:
    """Mixin: ``boost`` over per-item arrays the owner keeps in step with its items.

    The owner sets ``items``, ``times`` (epoch s), ``hits``, ``_log_hits``
    (``log1p(hits)``), ``_importance``, ``_rate`` and ``_base`` (see
    ``Decay.arrays``), ``decay`` and an empty ``_whole_boosts`` and
    ``_whole_asked`` (both cleared when any of those change), and defines ``_default_ref``.
    """

    items: Sequence[Any]
    times: np.ndarray
    hits: np.ndarray
    decay: Decay
    _log_hits: np.ndarray
    _importance: np.ndarray
    _rate: np.ndarray
    _base: np.ndarray
    _whole_boosts: dict[tuple[float, float, float, float], np.ndarray]
    _whole_asked: set[tuple[float, float, float, float]]

    def _default_ref(self) -> float:
        """The reference time (epoch s) recall uses when none is given: the newest item's."""
        raise NotImplementedError

    def boost(self, idx: np.ndarray, weights: BoostWeights, ref: float) -> np.ndarray:
        """Shape (len(idx),) multipliers ``1 + w_r · recency + w_h · log1p(hit) + w_s · min(strength, 1)``.

        At the default reference time the multipliers of every item are
        computed once per weights and kept until the owner clears
        ``_whole_boosts``: a query then indexes them instead of a dozen array
        steps (the same floats, element by element).

        Args:
            idx: item positions (slots).
            weights: validated weights.
            ref: reference time, epoch seconds.
        """
        if ref != self._default_ref():
            return self._boost_of(idx, weights, ref)
        key = (weights.recency, weights.half_life_days, weights.hits, weights.strength)
        whole = self._whole_boosts.get(key)
        if whole is None and 8 * idx.shape[0] < len(self.items) and key not in self._whole_asked:
            # The first query since a change (a chat recalls after each turn it writes, and a new
            # item moves the reference time): its candidates' multipliers only, not every item's.
            self._whole_asked.add(key)
            return self._boost_of(idx, weights, ref)
        if whole is None:
            whole = self._boost_of(np.arange(len(self.items)), weights, ref)
            if len(self._whole_boosts) >= _KEPT:
                self._whole_boosts.clear()
            self._whole_boosts[key] = whole
        return whole[idx]

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
