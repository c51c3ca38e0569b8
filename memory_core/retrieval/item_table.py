"""Per-slot item arrays of a recall index: filters, item times, hits and the recency/hit multiplier.

A slot is an item's position in every per-item array of one index (BM25
documents, a dense matrix, …). ``ItemTable.set`` fills, replaces or empties a
slot in place, so an index can take new and changed items without a
rebuild; an empty (dead) slot never passes a filter. The formulas are
``index``'s (module docstring there): the multiplier is
``1 + w_r · recency + w_h · log1p(hit) + w_s · min(strength, 1)``, recency
``0.5 ** (age_days / half_life_days)`` against a reference time that defaults
to the newest live item's time, strength seed 002's decayed importance
(``memory_core.decay``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from types import MappingProxyType

import numpy as np

from memory_core.decay import Decay, base_time
from memory_core.model import Kind, MemoryItem, Status, Trust
from memory_core.retrieval.boosts import ItemBoosts
from memory_core.retrieval.index import FilterMasks, RecallFilters, to_epoch
from memory_core.retrieval.spare_room import lengthened
from memory_core.store.store_reports import INDEXED_STATUSES

__all__ = ["INDEXED_STATUSES", "ItemTable", "to_epoch"]

_ENUMS: dict[str, type[Kind] | type[Status]] = {"kind": Kind, "status": Status}
_CODED = ("status", "theme", "kind")
_ONE_BY_ONE = 8  # a change set of at most this many items fills its slots one by one
_FLOATS = ("times", "hits", "_log_hits", "_importance", "_rate", "_base")


def weak_evidence(item: MemoryItem) -> bool:
    """True for text the user did not say, or a held-back stay (an event with an end and confidence < 1).

    ``HybridIndex`` ranks such items by ``EVIDENCE_FACTOR`` (see ``hybrid._evidence``).
    """
    return item.trust != Trust.USER or (item.kind == Kind.EVENT and item.valid_until is not None
                                        and item.confidence < 1.0)


def item_time(item: MemoryItem) -> float:
    """The item's time for filters and recency: ``valid_from``, else ``created_at`` (epoch seconds)."""
    return (item.valid_from or item.created_at).timestamp()


class ItemTable(FilterMasks, ItemBoosts):
    """Items by slot with coded status/theme/kind, times (epoch s) and hits, changed in place.

    Args:
        items: the items of slots 0..n-1 (None for an empty slot).
        decay: strength parameters (default ``Decay()``).

    Attributes:
        items: the item of each slot, or None.
        times: shape (n,) float64 item times; hits: shape (n,) float64 hit counts.
        alive: shape (n,) bool, True for a slot holding an item.
        weak: shape (n,) bool, True for a slot whose item is weak evidence (``weak_evidence``).
    """

    _spare: Mapping[str, object] = MappingProxyType({})  # buffers of ``spare_room.lengthened`` once grown

    def __init__(self, items: Sequence[MemoryItem | None] = (), decay: Decay | None = None) -> None:
        n = len(items)
        self.decay = decay or Decay()
        # per slot: importance, λ of its kind (1/day), decay base time (epoch s)
        self._importance, self._rate, self._base = np.zeros(n), np.zeros(n), np.zeros(n)
        self.items: list[MemoryItem | None] = list(items)
        self._codes: dict[str, dict[str, int]] = {name: {} for name in _CODED}
        self._arrays = {name: np.full(n, -1, dtype=np.int32) for name in _CODED}
        self.times = np.zeros(n)
        self.hits = np.zeros(n)
        self._log_hits = np.zeros(n)
        self.alive = np.zeros(n, dtype=bool)
        self.weak = np.zeros(n, dtype=bool)
        for slot, item in enumerate(self.items):
            if item is not None:
                self._fill(slot, item)
        self._changed()

    def __len__(self) -> int:
        """Number of slots."""
        return len(self.items)

    def _fill(self, slot: int, item: MemoryItem) -> None:
        for name in _CODED:
            vocab = self._codes[name]
            self._arrays[name][slot] = vocab.setdefault(str(getattr(item, name)), len(vocab))
        self.times[slot] = item_time(item)
        self._importance[slot] = item.importance
        self._rate[slot] = self.decay.rate_of(item.kind, item.importance)
        self._base[slot] = base_time(item).timestamp()
        self.hits[slot] = item.hit
        self._log_hits[slot] = np.log1p(float(item.hit))
        self.alive[slot] = True
        self.weak[slot] = weak_evidence(item)

    def _changed(self) -> None:
        self._masks: dict[tuple[object, ...], tuple[np.ndarray | None, RecallFilters]] = {}
        self._kept_boosts = {}
        self.newest = float(self.times[self.alive].max()) if self.alive.any() else 0.0

    def _changed_slots(self, slots: np.ndarray, was_newest: bool) -> None:
        """After ``set`` of ``slots`` only: the kept filter masks brought up to date at those slots (``remask``),
        the newest time moved by them alone unless one of them held it; their kept multipliers outdated (a
        moved newest time, the multipliers' reference, outdates every one: ``boosts``)."""
        self.remask(slots)
        self._boosts_moved(slots)
        if was_newest:
            self.newest = float(self.times[self.alive].max()) if self.alive.any() else 0.0
        elif slots.shape[0]:
            filled = slots[self.alive[slots]]
            if filled.shape[0]:
                self.newest = max(self.newest, float(self.times[filled].max()))

    def set(self, changes: dict[int, MemoryItem | None]) -> None:
        """Fill, replace or empty slots; new slots continue the numbering (n, n + 1, …)."""
        n, before = max(changes, default=-1) + 1, len(self.items)
        grow = n - before
        if grow > 0:  # views of buffers with room to spare: no copy of each array per new slot
            self.items.extend([None] * grow)
            for name in _CODED:
                self._arrays[name] = lengthened(self, name, self._arrays[name], n, -1)
            for name in _FLOATS:
                setattr(self, name, lengthened(self, name, getattr(self, name), n))
            self.alive, self.weak = (lengthened(self, name, getattr(self, name), n, False) for name in ("alive",
                                                                                                   "weak"))
        was_newest = any(self.times[s] >= self.newest for s in changes if s < before and self.alive[s])
        filled: dict[int, MemoryItem] = {}
        for slot, item in changes.items():
            self.items[slot] = item
            if item is None:
                self.alive[slot] = self.weak[slot] = False
                for name in _CODED:
                    self._arrays[name][slot] = -1
            else:
                filled[slot] = item
        if len(filled) > _ONE_BY_ONE:
            self._fill_many(filled)
        else:
            for slot, item in filled.items():
                self._fill(slot, item)
        self._changed_slots(np.fromiter(changes, dtype=np.int64, count=len(changes)), was_newest)

    def _fill_many(self, filled: dict[int, MemoryItem]) -> None:
        """``_fill`` of many slots, each array set once (a numpy element set per field and item led a
        100-item build's profile); the same values (``log1p`` of a hit per item, as ``_fill``)."""
        at = np.fromiter(filled, dtype=np.int64, count=len(filled))
        items = list(filled.values())
        for name in _CODED:
            vocab = self._codes[name]
            self._arrays[name][at] = [vocab.setdefault(str(getattr(i, name)), len(vocab)) for i in items]
        self.times[at] = [item_time(i) for i in items]
        self._importance[at] = [i.importance for i in items]
        self._rate[at] = [self.decay.rate_of(i.kind, i.importance) for i in items]
        self._base[at] = [base_time(i).timestamp() for i in items]
        self.hits[at] = [i.hit for i in items]
        self._log_hits[at] = [np.log1p(float(i.hit)) if i.hit else 0.0 for i in items]
        self.alive[at] = True
        self.weak[at] = [weak_evidence(i) for i in items]

    def renumber(self, new_of: np.ndarray) -> None:
        """Keep the slots with ``new_of >= 0``, moved to ``new_of`` (as ``LiveBM25.compact`` returns)."""
        self.__dict__.pop("_spare", None)  # the arrays below are new: no buffer of the old ones kept
        keep = np.flatnonzero(new_of >= 0)
        self.items = [self.items[i] for i in keep.tolist()]
        for name in _CODED:
            self._arrays[name] = self._arrays[name][keep]
        self.times, self.hits, self._log_hits, self.alive, self.weak = (
            a[keep] for a in (self.times, self.hits, self._log_hits, self.alive, self.weak))
        self._importance, self._rate, self._base = (a[keep] for a in (self._importance, self._rate, self._base))
        self._changed()

    def set_hits(self, slots: Sequence[int], hits: Sequence[int]) -> None:
        """Set the hit counts of live slots (no rebuild)."""
        for slot, hit in zip(slots, hits, strict=True):
            item = self.items[slot]
            if item is not None:
                self.hits[slot] = max(0, int(hit))
                self._log_hits[slot] = np.log1p(self.hits[slot])
                item.hit = int(self.hits[slot])
        if len(slots):
            self._boosts_moved(np.asarray(slots, dtype=np.int64))

    def nbytes(self) -> int:
        """Bytes of the arrays (the items themselves are counted by the caller)."""
        return sum(a.nbytes for a in (self.times, self.hits, self._log_hits, self.alive, self.weak, self._importance,
                                      self._rate, self._base, *self._arrays.values()))

    # ── filters ─────────────────────────────────────────────────────────

    def holds(self, **values: str) -> bool:
        """True when some item of the table has every coded field (``status``, ``theme``, ``kind``) at ``values``.

        One comparison of each named code array (dead slots hold code -1 and never match): what a caller asks
        before reading those items from the store, e.g. ``holds(theme="sensitive", status="active")``.

        Raises:
            KeyError: a field that is not coded.
        """
        keep: np.ndarray | None = None
        for name, value in values.items():
            code = self._codes[name].get(str(value))
            if code is None:  # no item ever had this value
                return False
            match = self._arrays[name][:len(self.items)] == code
            keep = match if keep is None else keep & match
        return bool(self.alive.any() if keep is None else keep.any())

    def mask(self, idx: np.ndarray, filters: RecallFilters) -> np.ndarray:
        """Shape (len(idx),) bool: which slots pass ``filters`` (an empty slot never does).

        Raises:
            InvalidField: an unknown kind or status, a deleted status, naive or reversed times.
        """
        return self.narrow(self.alive[idx].copy(), idx, filters)

    # ── recency and hits ────────────────────────────────────────────────

    def reference_time(self, now: datetime | None) -> float:
        """``now`` in epoch seconds; default the newest live item's time (0.0 when empty)."""
        return to_epoch(now, "now") if now is not None else self.newest

    def _default_ref(self) -> float:
        return self.newest
