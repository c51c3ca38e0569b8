"""One user's hybrid index: several lexical signals fused by reciprocal rank, then boosted.

Everything per item is computed when the index is built (at write time, from
the recall worker's point of view): the item and turn-window token lists and
their BM25 postings, each item's names and rare terms (the second round's
seeds), speaker codes, item times, source-turn groups, and the user's
lexicon of Chinese names. A query then costs a few posting-list walks, one
regex pass for time cues and a handful of numpy operations; nothing on the
recall path grows with the number of items beyond O(n) array passes.

Stages and weights: ``stages.HybridSettings``; fusion: ``fusion.rrf_fuse``.
The final score of an item is::

    score = rrf(items, turns, second round) · speaker · time · (1 + w_r · recency + w_h · log1p(hit))

where ``speaker`` is 1 + speaker_boost for items of a speaker the query
names (else 1) and ``time`` is 1 + time_boost for items inside the query's
time cue (else 1). Only items in at least one ranking can be returned.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

import numpy as np

from memory_core.model import Kind, MemoryItem, Status, Trust, Turn
from memory_core.retrieval.bm25 import BM25Index, top_k_indices
from memory_core.retrieval.entities import SpeakerMatcher, extract_entities, learn_lexicon
from memory_core.retrieval.fusion import rrf_fuse
from memory_core.retrieval.index import (
    PRESETS,
    RecallFilters,
    RecallIndex,
    RecallResult,
    RecallWeights,
    check_query,
    snapshot_item,
)
from memory_core.retrieval.stages import HYBRID_PRESETS, HybridSettings
from memory_core.retrieval.timecues import parse_time_cue
from memory_core.retrieval.tokenize import tokenize

__all__ = ["DEFAULT_WINDOW", "HybridIndex", "turn_windows"]

DEFAULT_WINDOW = 2
_RARE_TERMS = 3
_ROLES = frozenset({"user", "assistant", "system", "tool", ""})


def _turn_text(turn: Turn) -> str:
    caption = str((turn.meta or {}).get("image_caption") or "").strip()
    return f"{turn.text} {caption}" if caption else turn.text


def turn_windows(items: Sequence[MemoryItem], turns: Sequence[Turn], window: int,
                 lexicon: frozenset[str] = frozenset()) -> list[list[str] | None]:
    """Return, per item, the tokens of its source turns and their same-session neighbours.

    Args:
        items: the user's items.
        turns: the user's turns in ``seq`` order.
        window: neighbours taken on each side of a source turn (0 for the turn alone).
        lexicon: passed to ``tokenize``.

    Returns:
        One token list per item; None for an item none of whose sources is in ``turns``.
    """
    position = {t.turn_id: i for i, t in enumerate(turns)}
    cache: dict[int, list[str]] = {}

    def tokens_of(j: int) -> list[str]:
        if j not in cache:
            cache[j] = tokenize(_turn_text(turns[j]), lexicon)
        return cache[j]

    out: list[list[str] | None] = []
    for item in items:
        picked: list[int] = []
        for turn_id in item.source:
            j = position.get(turn_id)
            if j is None:
                continue
            session = turns[j].session_id
            for jj in range(max(0, j - window), min(len(turns), j + window + 1)):
                if turns[jj].session_id == session and jj not in picked:
                    picked.append(jj)
        out.append([t for j in sorted(picked) for t in tokens_of(j)] if picked else None)
    return out


def _superseded_events(items: Sequence[MemoryItem]) -> np.ndarray | None:
    """Shape (n,) bool: event items every fact or preference of whose source turns was superseded.

    "I live in Lisbon" (an event) once gave "User lives in Lisbon"; when
    "User lives in Porto" superseded that fact, the event states what is no
    longer so. An event is marked only when its source turns produced at
    least one superseded fact or preference and no active one (a turn that
    also holds a current statement keeps its weight). None when no item is marked.
    """
    superseded: set[str] = set()
    current: set[str] = set()
    for item in items:
        if item.kind in (Kind.FACT, Kind.PREFERENCE):
            if item.status == Status.SUPERSEDED:
                superseded.update(item.source)
            elif item.status == Status.ACTIVE:
                current.update(item.source)
    stale = superseded - current
    if not stale:
        return None
    marks = np.array([i.kind == Kind.EVENT and bool(i.source) and all(t in stale for t in i.source) for i in items],
                     dtype=bool)
    return marks if marks.any() else None


class HybridIndex:
    """Fused multi-signal recall over one user's items. Build with ``HybridIndex.build``.

    Attributes:
        lexical: the BM25 item index (filters, times, hits, recency live here).
        turns: BM25 over each item's turn window (its description when it has no turns).
        has_turns: True when turn text was available at build time.
        lexicon: the user's Chinese names, kept whole by the tokenizer.
        speakers: distinct speaker names, by code.

    The speaker boost counts as people only the speakers of items that are
    not tool output, and never the empty speaker of curated items: a tool's
    name or "nobody" made the one person of a conversation look like one of
    several, and her events then outranked her current facts.
    """

    def __init__(self, lexical: RecallIndex, turns: BM25Index, seeds: list[tuple[str, ...]],
                 speaker_codes: np.ndarray, speakers: list[str], groups: np.ndarray, has_turns: bool,
                 people: list[str] | None = None) -> None:
        self.lexical = lexical
        self.turns = turns
        self.has_turns = has_turns
        self.lexicon = lexical.lexicon
        self.speakers = speakers
        self._seeds = seeds
        self._speaker_codes = speaker_codes
        # near-copy key of each item for the diversity step: its source-turn group, and event or not
        self._copy_key: list[int] = [2 * g + (i.kind == Kind.EVENT) for g, i in zip(groups.tolist(), lexical.items,
                                                                                  strict=True)]
        # who a query can name: speakers who said something themselves (not a role, a tool or nobody)
        self._people = [s for s in (speakers if people is None else people)
                        if s.strip() and s.strip().lower() not in _ROLES]
        self._named = SpeakerMatcher(self._people)
        self._superseded_events = _superseded_events(lexical.items)

    @classmethod
    def build(cls, items: Sequence[MemoryItem], turns: Sequence[Turn] | None = None,
              window: int = DEFAULT_WINDOW) -> HybridIndex:
        """Index ``items``; ``turns`` (the user's turns in seq order) feed the turn-window signal.

        Args:
            items: the user's items (any statuses; filters choose at search time).
            turns: None (or empty) when the store keeps no turns: the turn signal
                then indexes each item's own text.
            window: neighbouring turns on each side of a source turn (>= 0).
        """
        names = [extract_entities(i.description) for i in items]
        lexicon = learn_lexicon([n for group in names for n in group] + [i.speaker for i in items])
        lexical = RecallIndex.build(items, lexicon)
        windows = turn_windows(items, turns, max(0, window), lexicon) if turns else [None] * len(items)
        # a curated item's own words join its window: "User lives in Shenzhen" came from "I moved to
        # Shenzhen", and a question asks in the item's words ("where do I live"), not the turn's
        own_terms = [tokenize(i.description, lexicon) for i in items]
        docs = [terms if w is None else w if i.kind == Kind.EVENT else terms + w
                for i, terms, w in zip(items, own_terms, windows, strict=True)]
        idf = lexical.bm25.idf
        seeds = []
        for item_names, terms in zip(names, own_terms, strict=True):
            name_terms = {t for n in item_names for t in tokenize(n, lexicon)}
            own = sorted(set(terms) - name_terms, key=lambda t: (-idf.get(t, 0.0), t))
            seeds.append(tuple(sorted(name_terms)) + tuple(own[:_RARE_TERMS]))
        speakers = sorted({i.speaker for i in items})
        code = {s: c for c, s in enumerate(speakers)}
        group_of: dict[tuple[str, ...], int] = {}
        groups = [group_of.setdefault(tuple(i.source) or (f"item:{i.id}",), len(group_of)) for i in items]
        people = sorted({i.speaker for i in items if i.trust != Trust.TOOL})
        return cls(lexical, BM25Index(docs), seeds, np.array([code[i.speaker] for i in items], dtype=np.int32),
                   speakers, np.array(groups, dtype=np.int64), any(w is not None for w in windows), people)

    @property
    def items(self) -> list[MemoryItem]:
        """The indexed items (position i is document i of every signal)."""
        return self.lexical.items

    def __len__(self) -> int:
        """Number of indexed items."""
        return len(self.lexical)

    def set_hits(self, hits: Mapping[str, int]) -> int:
        """Update hit counts in place (no rebuild); return the number of items updated."""
        return self.lexical.set_hits(hits)

    def _boosts(self, query: str, mask: np.ndarray | None, ref: float,
                settings: HybridSettings) -> tuple[list[int], tuple[float, float] | None]:
        """The speaker codes ``query`` names and its time window; ([], None) when neither applies."""
        codes: list[int] = []
        if settings.speakers and settings.speaker_boost and self._people:
            named = self._named(query)
            if named and len(named) < len(self._people):
                codes = [self.speakers.index(s) for s in named]
        window = None
        if settings.time and settings.time_boost and len(self):
            cue = parse_time_cue(query, datetime.fromtimestamp(ref, UTC))
            if cue is not None:
                anchor_time = None
                if cue.anchor:
                    best = self.lexical.bm25.ranked(tokenize(cue.anchor, self.lexicon), 1, mask)
                    if not best.shape[0]:
                        return codes, None
                    anchor_time = float(self.lexical.times[best[0]])
                window = cue.window(anchor_time)
        return codes, window

    def _multipliers(self, docs: np.ndarray, codes: list[int], window: tuple[float, float] | None,
                     settings: HybridSettings) -> np.ndarray | None:
        """Shape (len(docs),) speaker × time × superseded-event multipliers of ``docs``; None when none applies."""
        mult: np.ndarray | None = None
        if self._superseded_events is not None and settings.superseded_event_factor != 1:
            stale = self._superseded_events[docs]
            if stale.any():
                mult = np.ones(docs.shape[0])
                mult[stale] = settings.superseded_event_factor
        if codes:
            mult = np.ones(docs.shape[0]) if mult is None else mult
            of_docs = self._speaker_codes[docs]
            named = of_docs == codes[0]  # one or two names: comparisons beat np.isin's sort ~10x
            for code in codes[1:]:
                named |= of_docs == code
            mult[named] *= 1 + settings.speaker_boost
        if window is not None:
            times = self.lexical.times[docs]
            inside = (times >= window[0]) & (times < window[1])
            if inside.any():
                mult = np.ones(docs.shape[0]) if mult is None else mult
                mult[inside] *= 1 + settings.time_boost
        return mult

    def search(self, query: str, k: int = 10, filters: RecallFilters | None = None,
               weights: RecallWeights | None = None, now: datetime | None = None,
               settings: HybridSettings | None = None) -> list[RecallResult]:
        """Return up to ``k`` items for ``query``, best first.

        Args:
            query: free text, any language; stopword-only or empty text gives [].
            k: how many at most, 1..MAX_K.
            filters: default ``RecallFilters()`` (active items).
            weights: recency and hit weighting; default ``PRESETS["balanced"]``.
            now: aware reference time for recency and relative time cues;
                default the newest item time.
            settings: stages and fusion weights; default ``HYBRID_PRESETS["hybrid"]``.
                With every stage off this is exactly ``RecallIndex.search``.

        Returns:
            Results with ranks 1..m, m <= k. ``score`` is the fused score (see the
            module docstring), ``bm25`` the item's own BM25 score (0.0 when only
            another signal found it).

        Raises:
            InvalidField: as ``RecallIndex.search``, or bad settings.
            TextTooLong: a query over MAX_TEXT_CHARS characters.
        """
        settings = settings or HYBRID_PRESETS["hybrid"]
        settings.validate()
        if settings.lexical_only:
            return self.lexical.search(query, k, filters, weights, now)
        k = check_query(query, k)
        weights = weights or PRESETS["balanced"]
        weights.validate()
        mask = self.lexical.mask_for(filters or RecallFilters())
        tokens = tokenize(query, self.lexicon)
        if not tokens or not len(self):
            return []
        ref = self.lexical.reference_time(now)
        depth = settings.depth
        first, item_scores = self.lexical.bm25.ranked_scored(tokens, depth, mask)
        rankings = [(first, settings.w_items)]
        if settings.turns:
            rankings.append((self.turns.ranked(tokens, depth, mask), settings.w_turns))
        codes, window = self._boosts(query, mask, ref, settings)
        if settings.second_round and settings.w_second:
            docs, fused = rrf_fuse(rankings, settings.rrf_k, len(self))
            mult = self._multipliers(docs, codes, window, settings)
            if mult is not None:
                fused *= mult
            top = docs[top_k_indices(fused, settings.seed_items)]
            asked = set(tokens)
            extra = sorted({t for j in top.tolist() for t in self._seeds[j]} - asked)
            if extra:
                rankings.append((self.turns.ranked(tokens + extra, depth, mask), settings.w_second))
        cand, fused = rrf_fuse(rankings, settings.rrf_k, len(self))
        if not cand.shape[0]:
            return []
        mult = self._multipliers(cand, codes, window, settings)
        if mult is not None:
            fused *= mult
        score = fused * self.lexical.boost(cand, weights, ref)
        best = top_k_indices(score, max(k * 3, k) if settings.diversity else k)
        order = self._diverse(cand[best], k) if settings.diversity else cand[best]
        final = score[np.searchsorted(cand, order)].tolist()
        bm = (item_scores[order] if item_scores is not None else self.lexical.bm25.scores_of(tokens, order)).tolist()
        out = []
        for rank, (j, f, b) in enumerate(zip(order.tolist(), final, bm, strict=True), start=1):
            item = snapshot_item(self.items[j])
            out.append(RecallResult(item, f, b, rank, list(item.source)))
        return out

    def _diverse(self, ordered: np.ndarray, k: int) -> np.ndarray:
        """Keep the order, but move near-copies behind the rest.

        A near-copy is an item whose source turns an earlier item of the same
        sort already covers: an event beside an event, or a curated item
        beside a curated item. A fact and the raw event it came from are not
        copies of each other (the fact is what the user holds now), so the
        fact is never pushed out by its own turn.
        """
        seen: set[int] = set()
        fresh: list[int] = []
        repeats: list[int] = []
        keys = self._copy_key
        for j in ordered.tolist():
            key = keys[j]
            if key in seen:
                repeats.append(j)
            else:
                seen.add(key)
                fresh.append(j)
        return np.array((fresh + repeats)[:k], dtype=np.int64)
