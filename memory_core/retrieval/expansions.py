"""More rankings from the query and the first results: query parts, pseudo-relevance feedback, neighbour lift.

``Expansions`` is mixed into ``hybrid.HybridIndex``; each method gives the
search one more signal, switched by ``stages.HybridSettings``:

- **query parts** (``part_rankings``, ``decompose``): a coordinated question
  ("What do Jon and Gina both like?", "小王和小李去过哪里") is searched once per
  conjunct (``query_parts``), over the items and the turn windows; a part
  naming one speaker weighs that speaker's items ``1 + part_speaker_boost``
  inside its rankings (the whole question names everyone, so the usual
  speaker boost is off for it).
- **pseudo-relevance feedback** (``feedback_ranking``, ``prf_terms``): the
  terms of the first round's best items, each weighted by its share of
  those items' text and by its idf, RM3-style (Lavrenko & Croft,
  "Relevance-based language models", SIGIR 2001; Abdul-Jaleel et al., UMass
  at TREC 2004 for RM3's interpolation with the query), are added to the
  query (the query's own terms counted twice) and the turn windows are
  searched again.
- **neighbour lift** (``neighbour_lift``): an item's score gains ``alpha``
  times the best score of an item of an adjacent turn of the same session
  (evidence of a multi-step question often sits in consecutive turns).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import numpy as np

from memory_core.retrieval.bm25 import top_k_indices
from memory_core.retrieval.query_parts import query_parts
from memory_core.text.tokenize import tokenize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from memory_core.retrieval.entities import SpeakerMatcher
    from memory_core.retrieval.item_table import ItemTable
    from memory_core.retrieval.live_bm25 import LiveBM25
    from memory_core.retrieval.stages import HybridSettings

__all__ = ["Expansions"]


class Expansions:
    """Mixin of ``hybrid.HybridIndex``: the rankings of the module docstring (reads ``HybridState``'s data)."""

    table: ItemTable
    lexical: LiveBM25
    turns: LiveBM25
    lexicon: frozenset[str]
    _people: list[str]
    _named: SpeakerMatcher
    _speaker_code: dict[str, int]
    _speaker_codes: np.ndarray
    _turn_pos: dict[str, int]
    _turn_session: list[str]

    def part_rankings(self, query: str, mask: np.ndarray | None, settings: HybridSettings,
                      weight: float) -> list[tuple[np.ndarray, float]]:
        """(ranking, weight) pairs of each part of a coordinated ``query``: [] when it has no coordination.

        Args:
            query: the question as asked (idioms already replaced).
            mask: shape (n_slots,) bool of the slots the filters allow, or None.
            settings: ``decompose``, ``part_speaker_boost``, ``turns`` and ``depth`` are read.
            weight: the weight of each part's rankings (already scaled by the lexical coverage).
        """
        parts = query_parts(query, self.lexicon)
        if parts and settings.parts_of_people:  # only "Jon and Gina": each part names one speaker the others do not
            named_in = [self._named(part) for part in parts]
            if not all(len(n) == 1 for n in named_in) or len(set.union(*named_in)) < len(parts):
                return []
        out: list[tuple[np.ndarray, float]] = []
        for part in parts:
            tokens = tokenize(part, self.lexicon)
            if not tokens:
                continue
            codes: list[int] = []
            if settings.part_speaker_boost and self._people:
                named = self._named(part)
                if named and len(named) < len(self._people):
                    codes = [self._speaker_code[s] for s in named]
            for bm25 in (self.lexical, self.turns) if settings.turns else (self.lexical,):
                idx, scores = bm25.candidates(tokens)
                if mask is not None and idx.shape[0]:
                    keep = mask[idx]
                    idx, scores = idx[keep], scores[keep]
                if not idx.shape[0]:
                    continue
                if codes:
                    named_slots = np.isin(self._speaker_codes[idx], codes)
                    scores = np.where(named_slots, scores * (1 + settings.part_speaker_boost), scores)
                out.append((idx[top_k_indices(scores, settings.depth)], weight))
        return out

    def feedback_terms(self, top: np.ndarray, tokens: list[str], n_terms: int) -> list[str]:
        """The ``n_terms`` best feedback terms of the slots ``top`` (best first) for a query of ``tokens``.

        A term's weight is ``idf(t) · Σ_d w_d · tf(t, d) / |d|`` over the feedback
        items d, ``w_d = 1 / rank``; the query's terms and the speakers' names are left out.
        """
        items = self.table.items
        skip = set(tokens)
        for person in self._people:
            skip.update(tokenize(person, self.lexicon))
        weights: Counter[str] = Counter()
        for rank, j in enumerate(top.tolist(), start=1):
            item = items[j]
            if item is None:
                continue
            terms = tokenize(item.description, self.lexicon)
            if not terms:
                continue
            for term, count in Counter(terms).items():
                if term not in skip:
                    weights[term] += count / len(terms) / rank
        idf = self.lexical.idf_of
        scored = sorted(((w * idf(t), t) for t, w in weights.items() if idf(t) > 0), reverse=True)
        return [t for _, t in scored[:n_terms]]

    def feedback_ranking(self, top: np.ndarray, tokens: list[str], mask: np.ndarray | None,
                         settings: HybridSettings) -> np.ndarray | None:
        """The turn windows ranked for the query plus its feedback terms (``feedback_terms``); None without any."""
        extra = self.feedback_terms(top, tokens, settings.prf_terms)
        if not extra:
            return None
        bm25 = self.lexical if settings.prf_items else self.turns
        return bm25.ranked(tokens + tokens + extra, settings.depth, mask)

    def session_prior(self, docs: np.ndarray, scores: np.ndarray, beta: float, top: int = 3) -> np.ndarray:
        """``scores`` × (1 + ``beta`` · s / s_max): s the sum of the ``top`` best scores of the item's session.

        Cluster-based retrieval (Liu & Croft, SIGIR 2004): a session that
        matches in several turns is what the question is about; its items rise together.
        """
        items = self.table.items
        session_of: list[str | None] = []
        by_session: dict[str, list[float]] = {}
        for j, s in zip(docs.tolist(), scores.tolist(), strict=True):
            item = items[j]
            p = self._turn_pos.get(item.source[0]) if item is not None and item.source else None
            sid = None if p is None else self._turn_session[p]
            session_of.append(sid)
            if sid is not None:
                by_session.setdefault(sid, []).append(s)
        if not by_session:
            return scores
        mass = {sid: sum(sorted(v, reverse=True)[:top]) for sid, v in by_session.items()}
        best = max(mass.values()) or 1.0
        factor = np.array([1.0 + beta * mass[sid] / best if sid is not None else 1.0 for sid in session_of])
        return scores * factor

    def interleave_speakers(self, query: str, order: np.ndarray, scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The short list with the speakers ``query`` names taking turns, when it names two or more.

        "What do Jon and Gina both like?": each named speaker's best items in
        turn (first of each, then second of each …), items of nobody named as
        one more speaker; within a speaker the order is kept. Scores are given
        back in the new order's places (still descending). Unchanged for other queries.
        """
        if len(self._people) < 2:
            return order, scores
        named = self._named(query)
        if len(named) < 2:
            return order, scores
        codes = {self._speaker_code[s] for s in named}
        group = [c if c in codes else -1 for c in self._speaker_codes[order].tolist()]
        seen: Counter[int] = Counter()
        keys = []
        for n, g in enumerate(group):
            keys.append((seen[g], n))
            seen[g] += 1
        new = np.array([n for _, n in sorted(keys)], dtype=np.int64)
        return order[new], scores

    def neighbour_lift(self, docs: np.ndarray, scores: np.ndarray, alpha: float) -> np.ndarray:
        """``scores`` (shape like ``docs``) plus ``alpha`` × the best score of an item of an adjacent turn.

        An item's turn is its first source turn; adjacent means the turn just
        before or after it in the same session. Items without a stored turn gain nothing.
        """
        items = self.table.items
        at = np.full(docs.shape[0], -1, dtype=np.int64)
        best: dict[int, float] = {}
        for n, (j, s) in enumerate(zip(docs.tolist(), scores.tolist(), strict=True)):
            item = items[j]
            if item is None or not item.source:
                continue
            p = self._turn_pos.get(item.source[0])
            if p is None:
                continue
            at[n] = p
            if s > best.get(p, 0.0):
                best[p] = s
        lifted = scores.copy()
        sessions = self._turn_session
        for n, p in enumerate(at.tolist()):
            if p < 0:
                continue
            near = max((best.get(q, 0.0) for q in (p - 1, p + 1)
                        if 0 <= q < len(sessions) and sessions[q] == sessions[p]), default=0.0)
            lifted[n] += alpha * near
        return lifted
