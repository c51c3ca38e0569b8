"""One user's lexical index: BM25 over items, with filters, recency and hit weighting.

Seed 000 kept BM25 as the fast, free retriever; its LLM retriever's rule for
broad queries ("最近", "项目") was to favour recent and often-hit items. Here
that rule becomes a multiplier on the BM25 score (seed 001 §8.14.3 fuses
keyword, recency and metadata signals the same way)::

    score = bm25 · (1 + w_r · recency + w_h · log1p(hit) + w_s · min(strength, 1))
    recency = 0.5 ** (age_days / half_life_days),  age = max(0, now − item time)

``strength`` is seed 002's decayed importance (``memory_core.decay``):
an important or often-used item outranks a faded one of equal text match.

The item time is ``valid_from``, else ``created_at``; ``now`` defaults to the
newest item time in the index, so replaying old conversations does not make
everything equally stale. The multiplier only reorders items that match the
query: an item without a query term is never returned, however recent.

``RecallIndex`` holds one user's items; ``hybrid.HybridIndex`` builds on it
and ``recall.Recaller`` keeps one per user.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np

from memory_core.decay import Decay
from memory_core.errors import InvalidField, TextTooLong
from memory_core.model import Kind, MemoryItem, Status
from memory_core.pipeline.slot_questions import slot_terms
from memory_core.retrieval.bm25 import BM25Index, top_k_indices
from memory_core.retrieval.boosts import ItemBoosts
from memory_core.store.store_reports import INDEXED_STATUSES
from memory_core.text.tokenize import tokenize
from memory_core.validation import MAX_TEXT_CHARS

__all__ = [
    "INDEXED_STATUSES",
    "MAX_K",
    "PRESETS",
    "RecallFilters",
    "RecallIndex",
    "RecallResult",
    "RecallTimings",
    "RecallWeights",
]

MAX_K = 1000
_MASKS_KEPT = 32
_ENUMS: dict[str, type[Kind] | type[Status]] = {"kind": Kind, "status": Status}


def _as_tuple(values: Collection[str] | str | None) -> tuple[str, ...] | None:
    if values is None:
        return None
    return (values,) if isinstance(values, str) else tuple(values)


def _key(values: Collection[str] | str | None) -> tuple[str, ...] | None:
    """A filter value as a hashable cache key (order does not matter)."""
    values = _as_tuple(values)
    return None if values is None else tuple(sorted(set(values)))


def to_epoch(dt: datetime, what: str) -> float:
    if not isinstance(dt, datetime) or dt.tzinfo is None:
        raise InvalidField(f"{what} must be a timezone-aware datetime; got {dt!r}")
    return dt.timestamp()


@dataclass(slots=True)
class RecallFilters:
    """Which items may be returned.

    Attributes:
        themes: allowed themes (exact match); None for any. A single string is one theme.
        kinds: allowed ``Kind`` values; None for any.
        statuses: allowed ``Status`` values; default active only; None for any indexed status.
        since / until: aware datetimes; an item passes when ``since <= t < until``,
            t being its ``valid_from``, else its ``created_at``.
    """

    themes: Collection[str] | None = None
    kinds: Collection[str] | None = None
    statuses: Collection[str] | None = (Status.ACTIVE,)
    since: datetime | None = None
    until: datetime | None = None


@dataclass(slots=True, frozen=True)
class RecallWeights:
    """How recency and hits reweight BM25 (formula in the module docstring).

    Attributes:
        half_life_days: age in days at which recency falls to 0.5 (> 0).
        recency: w_r, weight of recency (in 0..1) in the multiplier (>= 0).
        hits: w_h, weight of log1p(hit) in the multiplier (>= 0).
        strength: w_s, weight of the item's decayed strength, capped at 1 (>= 0;
            seed 002 §4.2, ``memory_core.decay``).
    """

    half_life_days: float = 30.0
    recency: float = 0.2
    hits: float = 0.1
    strength: float = 0.05

    def validate(self) -> None:
        """Raises: InvalidField for a non-positive half-life or a negative weight."""
        if not self.half_life_days > 0:
            raise InvalidField(f"half_life_days must be above 0; got {self.half_life_days!r}")
        if not (self.recency >= 0 and self.hits >= 0 and self.strength >= 0):
            raise InvalidField(f"recency, hit and strength weights must be >= 0; got {self.recency!r}, "
                               f"{self.hits!r}, {self.strength!r}")


PRESETS: dict[str, RecallWeights] = {
    # Mostly text relevance, a light nudge to recent and often-used items.
    "balanced": RecallWeights(),
    # Plain BM25.
    "relevance": RecallWeights(recency=0.0, hits=0.0, strength=0.0),
    # Time-bound questions ("最近在忙什么", "what did I do last week").
    "recent": RecallWeights(half_life_days=7.0, recency=1.0, hits=0.1),
    # Broad queries ("项目", "my plans"): seed 000's recent and high-hit first.
    "broad": RecallWeights(half_life_days=14.0, recency=0.6, hits=0.4),
}


@dataclass(slots=True)
class RecallResult:
    """One recalled item.

    Attributes:
        item: a copy of the memory item.
        score: final score (BM25 times the recency/hit multiplier; after a Memory recall, the final ranking
            score: never above the score of a result ranked before it, ``ranked_scores``).
        bm25: the raw BM25 score.
        rank: 1 for the best result.
        turn_ids: the item's source turn ids, oldest first.
        outdated: the item no longer holds: it was superseded, or it is a raw turn (kind event) every fact
            or preference of whose source turns was superseded since ("I drink two cups of coffee a day"
            after "I gave up coffee"). What it says is history, not the present.
    """

    item: MemoryItem
    score: float
    bm25: float
    rank: int
    turn_ids: list[str] = field(default_factory=list)
    outdated: bool = False


@dataclass(slots=True)
class RecallTimings:
    """Where the last ``Recaller.recall`` spent its time, in milliseconds.

    Attributes:
        version_ms: reading the store's memory version.
        build_ms: loading items and building the index (0.0 when warm).
        search_ms: tokenizing the query, scoring and ranking.
        rebuilt: True when the index was (re)built for this call.
        items: items in the user's index.
        embed_ms: embedding the query (0.0 when cached or not embedded); part of ``search_ms``.
        degraded: why the dense ranking was left out though it should have run ("" when it was not).
    """

    version_ms: float = 0.0
    build_ms: float = 0.0
    search_ms: float = 0.0
    rebuilt: bool = False
    items: int = 0
    embed_ms: float = 0.0
    degraded: str = ""


_ITEM_SLOTS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(MemoryItem))


def snapshot_item(item: MemoryItem) -> MemoryItem:
    """A copy whose fields and lists can be changed without touching the index (revisions shared).

    Copies the slots directly: ``copy.copy`` of a slotted dataclass goes
    through ``__reduce_ex__`` and cost ~10x more, once per recalled item.
    """
    new = object.__new__(type(item))
    for name in _ITEM_SLOTS:
        setattr(new, name, getattr(item, name))
    new.history, new.source = list(item.history), list(item.source)
    return new


def check_query(query: object, k: object) -> int:
    """Return ``k`` after checking it and the query. Raises: InvalidField, TextTooLong."""
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_K:
        raise InvalidField(f"k must be an integer from 1 to {MAX_K}; got {k!r}")
    if not isinstance(query, str):
        raise InvalidField(f"query must be a string; got {type(query).__name__}")
    if len(query) > MAX_TEXT_CHARS:
        raise TextTooLong(f"query is {len(query)} characters; the limit is {MAX_TEXT_CHARS}")
    return k


class FilterMasks:
    """Mixin: ``mask_for``, the owner's ``mask`` over every position, kept per distinct filter.

    The owner sets ``items`` and an empty ``_masks`` (cleared whenever the
    items change, or brought up to date for the changed positions: ``remask``) and defines ``mask``.
    """

    items: Sequence[Any]
    _masks: dict[tuple[object, ...], tuple[np.ndarray | None, RecallFilters]]
    _codes: dict[str, dict[str, int]]
    _arrays: dict[str, np.ndarray]
    times: np.ndarray

    def narrow(self, keep: np.ndarray, idx: np.ndarray, filters: RecallFilters) -> np.ndarray:
        """``keep`` (shape (len(idx),) bool) and-ed with the theme, kind, status and time filters at ``idx``.

        Raises:
            InvalidField: an unknown kind or status, a deleted status, naive or reversed times.
        """
        for name, wanted in (("theme", _as_tuple(filters.themes)), ("kind", _as_tuple(filters.kinds)),
                             ("status", _as_tuple(filters.statuses))):
            if wanted is None:
                continue
            enum = _ENUMS.get(name)
            bad = [w for w in wanted if enum is not None and w not in enum._value2member_map_]
            if bad:
                raise InvalidField(f"unknown {name} {bad[0]!r}; expected one of "
                                   f"{', '.join(enum._value2member_map_)}")  # type: ignore[union-attr]
            if name == "status" and Status.DELETED in wanted:
                raise InvalidField("deleted items are never recalled; statuses may be "
                                   f"{', '.join(INDEXED_STATUSES)}")
            codes = [self._codes[name][w] for w in wanted if w in self._codes[name]]
            values = self._arrays[name][idx]
            if not codes:
                keep &= False
            else:
                keep &= (values == codes[0]) if len(codes) == 1 else np.isin(values, codes)
        since = None if filters.since is None else to_epoch(filters.since, "since")
        until = None if filters.until is None else to_epoch(filters.until, "until")
        if since is not None and until is not None and since >= until:
            raise InvalidField(f"since ({filters.since.isoformat()}) must be before until "  # type: ignore[union-attr]
                               f"({filters.until.isoformat()})")  # type: ignore[union-attr]
        if since is not None:
            keep &= self.times[idx] >= since
        if until is not None:
            keep &= self.times[idx] < until
        return keep

    def mask(self, idx: np.ndarray, filters: RecallFilters) -> np.ndarray:
        """Shape (len(idx),) bool: which positions pass ``filters``."""
        raise NotImplementedError

    def mask_for(self, filters: RecallFilters) -> np.ndarray | None:
        """Shape (n,) bool of the positions that pass ``filters``; None when every one does.

        Kept per distinct filter (at most ``_MASKS_KEPT``) until the owner clears ``_masks``.

        Raises:
            InvalidField: an unknown kind or status, naive datetimes.
        """
        try:
            key = (_key(filters.themes), _key(filters.kinds), _key(filters.statuses), filters.since, filters.until)
            return self._masks[key][0]
        except KeyError:
            pass
        except TypeError:  # unhashable or unorderable filter values: no cache (mask() says what is wrong)
            return self._whole_mask(filters)
        mask = self._whole_mask(filters)
        if len(self._masks) >= _MASKS_KEPT:
            self._masks.clear()
        self._masks[key] = (mask, filters)
        return mask

    def remask(self, changed: np.ndarray) -> None:
        """Bring every kept mask up to date after a change of the positions ``changed`` only (filled, emptied or
        new ones at the end): a position passes or not by its own item, so the others' entries stand."""
        n = len(self.items)
        for key, (mask, filters) in list(self._masks.items()):
            passes = self.mask(changed, filters)
            if mask is None:
                if passes.all():
                    continue
                mask = np.ones(n, dtype=bool)
            elif mask.shape[0] < n:
                mask = np.concatenate((mask, np.zeros(n - mask.shape[0], dtype=bool)))
            mask[changed] = passes
            self._masks[key] = (mask, filters)

    def _whole_mask(self, filters: RecallFilters) -> np.ndarray | None:
        mask = self.mask(np.arange(len(self.items), dtype=np.int64), filters)
        return None if mask.all() else mask


class RecallIndex(FilterMasks, ItemBoosts):
    """BM25 over one user's items, with per-item arrays for filters and weights.

    Each item is indexed by its description, theme and speaker. Build with
    ``RecallIndex.build(items)``; ``decay`` sets how strength is computed.

    Attributes:
        items: the indexed items (position i is BM25 document i).
        times: shape (n,) float64 item times, epoch seconds (``valid_from`` else ``created_at``).
        hits: shape (n,) float64 hit counts.
    """

    def __init__(self, items: Sequence[MemoryItem], bm25: BM25Index, lexicon: frozenset[str] = frozenset(),
                 decay: Decay | None = None) -> None:
        self.items = list(items)
        self.decay = decay or Decay()
        self._importance, self._rate, self._base, _ = self.decay.arrays(self.items)
        self.bm25 = bm25
        self.lexicon = lexicon
        self._pos = {item.id: i for i, item in enumerate(self.items)}
        self._codes: dict[str, dict[str, int]] = {}
        self._arrays: dict[str, np.ndarray] = {}
        for name in ("status", "theme", "kind"):
            vocab: dict[str, int] = {}
            values = [vocab.setdefault(str(getattr(i, name)), len(vocab)) for i in self.items]
            self._codes[name] = vocab
            self._arrays[name] = np.array(values, dtype=np.int32)
        self.times = np.array([(i.valid_from or i.created_at).timestamp() for i in self.items],
                              dtype=np.float64)
        self.hits = np.array([i.hit for i in self.items], dtype=np.float64)
        self._log_hits = np.log1p(self.hits)
        self._masks: dict[tuple[object, ...], tuple[np.ndarray | None, RecallFilters]] = {}
        self._kept_boosts = {}
        self._newest = float(self.times.max()) if len(self.items) else 0.0

    @classmethod
    def build(cls, items: Sequence[MemoryItem], lexicon: frozenset[str] = frozenset(),
              decay: Decay | None = None) -> RecallIndex:
        """Tokenize and index ``items`` (any statuses; filters choose at search time).

        Args:
            items: the user's items.
            lexicon: the user's own words kept whole in Chinese text (see ``tokenize``).
            decay: strength parameters (default ``Decay()``).
        """
        corpus = [tokenize(" ".join(p for p in (i.description, i.theme, i.speaker, slot_terms(i.key)) if p), lexicon)
                  for i in items]
        return cls(items, BM25Index(corpus), lexicon, decay)

    def __len__(self) -> int:
        """Number of indexed items."""
        return len(self.items)

    def set_hits(self, hits: Mapping[str, int]) -> int:
        """Update hit counts in place (no rebuild); unknown ids are ignored.

        Returns:
            The number of items updated.
        """
        moved: list[int] = []
        for item_id, hit in hits.items():
            pos = self._pos.get(item_id)
            if pos is not None:
                self.hits[pos] = max(0, int(hit))
                self._log_hits[pos] = np.log1p(self.hits[pos])
                self.items[pos].hit = int(self.hits[pos])
                moved.append(pos)
        if moved:
            self._boosts_moved(np.array(moved, dtype=np.int64))
        return len(moved)

    def mask(self, idx: np.ndarray, filters: RecallFilters) -> np.ndarray:
        """Shape (len(idx),) bool: which candidate positions pass ``filters``."""
        return self.narrow(np.ones(idx.shape[0], dtype=bool), idx, filters)

    def search(self, query: str, k: int = 10, filters: RecallFilters | None = None,
               weights: RecallWeights | None = None, now: datetime | None = None) -> list[RecallResult]:
        """Return up to ``k`` items matching ``query``, best first.

        Args:
            query: free text, any language; stopword-only or empty text gives [].
            k: how many at most, 1..MAX_K.
            filters: default ``RecallFilters()`` (active items, any theme, kind, time).
            weights: default ``PRESETS["balanced"]``.
            now: aware reference time for recency; default the newest item time.

        Returns:
            Results with ranks 1..m, m <= k; only items sharing a term with the query.

        Raises:
            InvalidField: k out of range, a non-string query, an unknown kind or
                status, naive datetimes, bad weights.
            TextTooLong: a query over MAX_TEXT_CHARS characters.
        """
        k = check_query(query, k)
        filters = filters or RecallFilters()
        weights = weights or PRESETS["balanced"]
        weights.validate()
        ref = self.reference_time(now)
        tokens = tokenize(query, self.lexicon)
        idx, bm = self.bm25.candidates(tokens) if tokens else (np.empty(0, np.int64), np.empty(0))
        keep = self.mask(idx, filters)  # validates filters even when nothing matched
        idx, bm = idx[keep], bm[keep]
        if not idx.shape[0]:
            return []
        score = bm * self.boost(idx, weights, ref)
        best = top_k_indices(score, k)
        out = []
        for rank, j in enumerate(best, start=1):
            item = snapshot_item(self.items[int(idx[j])])
            out.append(RecallResult(item, float(score[j]), float(bm[j]), rank, list(item.source),
                                    item.status == Status.SUPERSEDED))
        return out

    def reference_time(self, now: datetime | None) -> float:
        """Return ``now`` in epoch seconds; default the newest item time (0.0 when empty)."""
        if now is not None:
            return to_epoch(now, "now")
        return self._newest

    def _default_ref(self) -> float:
        return self._newest
