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

where ``speaker`` is 1 + speaker_boost for items of a speaker the query names (else 1) and ``time``
is 1 + time_boost for items inside the query's time cue (else 1). Only ranked items can be returned.

The per-item data lives in ``hybrid_state.HybridState`` and is kept current
by ``apply`` (new and changed items, new turns) without a rebuild; a search
ranks exactly as a fresh ``build`` of the same items and turns would.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime

import numpy as np

from memory_core.decay import Decay
from memory_core.model import Kind, MemoryItem, Status, Trust, Turn
from memory_core.retrieval.aliases import AliasTable
from memory_core.retrieval.asked_area import area_answer_first, area_rankings
from memory_core.retrieval.asked_person import asked_person_factors, person_terms
from memory_core.retrieval.asked_slot import off_slot_factors
from memory_core.retrieval.bm25 import top_k_indices
from memory_core.retrieval.categories import asks_stay
from memory_core.retrieval.changed_value import (
    ChangeKind,
    asked_kinds,
    change_ranking,
    change_turns,
    change_words,
    changes_first,
)
from memory_core.retrieval.dense import DenseIndex
from memory_core.retrieval.dense_hits import dense_hits
from memory_core.retrieval.diverse import Diverse
from memory_core.retrieval.eaten_kinds import eaten_factors
from memory_core.retrieval.fallback_kinds import compete_tokens, fallback_rankings
from memory_core.retrieval.fusion import rrf_fuse
from memory_core.retrieval.glosses import gloss_terms, other_language_only
from memory_core.retrieval.hybrid_state import DEFAULT_WINDOW, HybridState
from memory_core.retrieval.idioms import NOW_WEIGHT, plain_query, split_now_words
from memory_core.retrieval.index import PRESETS, RecallFilters, RecallResult, RecallWeights, check_query, snapshot_item
from memory_core.retrieval.latest_count import latest_count_first
from memory_core.retrieval.lexical_coverage import lexical_coverage
from memory_core.retrieval.list_question import ListQuestions, asked_members, kept_members, member_rankings
from memory_core.retrieval.named_day import cue_window, with_named_day
from memory_core.retrieval.newest_said_first import NOW_REACH, newest_said_first, rare_words_shared
from memory_core.retrieval.other_language import other_language_hits, reads_chinese
from memory_core.retrieval.own_slot import own_before_others
from memory_core.retrieval.own_words_first import own_words_first
from memory_core.retrieval.past_question import history_slots
from memory_core.retrieval.place_glosses import place_terms
from memory_core.retrieval.recall_terms import query_tokens, whole_words
from memory_core.retrieval.relevance_floor import above_floor
from memory_core.retrieval.rerank import _slot_words
from memory_core.retrieval.revised_first import revised_first
from memory_core.retrieval.said_once import joined
from memory_core.retrieval.session_prior import SessionTerms
from memory_core.retrieval.stages import HYBRID_PRESETS, STAGES, HybridSettings
from memory_core.retrieval.stale_last import asks_present, past_allowed, stale_last
from memory_core.retrieval.time_window import inside as in_window
from memory_core.retrieval.time_window import only_time_asked, window_ranking
from memory_core.retrieval.turn_terms import name_terms
from memory_core.retrieval.verb_forms import verb_forms
from memory_core.retrieval.verb_heads import verb_heads
from memory_core.retrieval.verbatim import verbatim_first
from memory_core.retrieval.when_question import asks_when, when_factors
from memory_core.retrieval.whereabouts import NOW_SPAN_S, asks_whereabouts, holding_stays_first, whereabouts_terms
from memory_core.retrieval.window_tokens import turn_windows
from memory_core.retrieval.work_question import asked_attribute_first
from memory_core.text.everyday_glosses import split_members
from memory_core.text.tokenize import tokenize

__all__ = ["DEFAULT_WINDOW", "HybridIndex", "QueryVector", "lexical_coverage", "turn_windows"]

#: A query's unit vector, or a callable computing it on demand from the lexical coverage (0..1)
#: (None: no dense ranking this time).
QueryVector = np.ndarray | Callable[[float], "np.ndarray | None"] | None


#: Score factor of text the user did not say (assistant or tool turns) and of a held-back stay's event.
EVIDENCE_FACTOR = 0.5


class HybridIndex(HybridState, Diverse, ListQuestions):
    """Fused multi-signal recall over one user's items. Build with ``HybridIndex.build``, change with ``apply``.

    Attributes (besides ``HybridState``'s):
        has_turns: True when turn text was available for some item.
        dense: per-slot vectors (``dense.DenseIndex``), kept by the owner (``Recaller``); None: lexical only.
        dense_seen: the memory version up to which stored vectors were loaded into ``dense`` (-1: none).
        aliases: the user's learned acronyms over the shared synonyms (``aliases.AliasTable``),
            kept by the owner; None: no query expansion.
        saved_version: the memory version of its last saved snapshot ("" for none; kept by the owner).

    The speaker boost counts as people only the speakers of items that are
    not tool output, and never the empty speaker of curated items: a tool's
    name or "nobody" made the one person of a conversation look like one of
    several, and her events then outranked her current facts.
    """

    dense: DenseIndex | None = None
    dense_seen: int = -1
    saved_version: str = ""
    aliases: AliasTable | None = None

    def __init__(self, window: int = DEFAULT_WINDOW, decay: Decay | None = None) -> None:
        super().__init__(window, decay)
        self._word_counts: dict[str, int] = {}
        self._marks: dict[str, int] = {}

    @classmethod
    def build(cls, items: Sequence[MemoryItem], turns: Sequence[Turn] | None = None,
              window: int = DEFAULT_WINDOW, decay: Decay | None = None) -> HybridIndex:
        """Index ``items``; ``turns`` (the user's turns in seq order) feed the turn-window signal.

        Args:
            items: the user's items (any statuses; filters choose at search time).
            turns: None (or empty) when the store keeps no turns: the turn signal
                then indexes each item's own text.
            window: neighbouring turns on each side of a source turn (>= 0).
            decay: strength parameters of the recency/hit/strength multiplier (default ``Decay()``).
        """
        index = cls(window, decay)
        index.apply(list(items), turns or ())
        return index

    def refresh_stats(self) -> None:
        """Both BM25 signals' statistics computed exactly now (``LiveBM25.refresh``): the index then scores exactly
        as a fresh build of the same items and turns; between refreshes N and avgdl are held (``live_bm25``)."""
        with self.lock:
            self.lexical.refresh()
            self.turns.refresh()

    def _renumber(self, new_of: np.ndarray) -> None:
        """Compaction moves the dense rows with every other per-slot structure."""
        super()._renumber(new_of)
        if self.dense is not None:
            self.dense.renumber(new_of)

    def set_hits(self, hits: Mapping[str, int]) -> int:
        """Update hit counts in place (no rebuild); return the number of items updated."""
        with self.lock:
            slots = [self._pos[i] for i in hits if i in self._pos]
            self.table.set_hits(slots, [hits[self.table.items[s].id] for s in slots])  # type: ignore[union-attr]
            return len(slots)

    def _boosts(self, query: str, mask: np.ndarray | None, ref: float,
                settings: HybridSettings) -> tuple[list[int], tuple[float, float] | None, str]:
        """The speaker codes ``query`` names, its time window and the cue's words; ([], None, "") for neither."""
        codes: list[int] = []
        if settings.speakers and settings.speaker_boost and self._people:
            named = self._named(query)
            if named and len(named) < len(self._people):
                codes = [self._speaker_code[s] for s in named]
        if not (settings.time and settings.time_boost and len(self)):
            return codes, None, ""

        def anchor_time(phrase: str) -> float | None:
            best = self.lexical.ranked(tokenize(phrase, self.lexicon), 1, mask)
            return float(self.table.times[best[0]]) if best.shape[0] else None
        return (codes, *cue_window(query, ref, anchor_time))

    def _multipliers(self, docs: np.ndarray, codes: list[int], window: tuple[float, float] | None,
                     settings: HybridSettings, asked: frozenset[str] = frozenset(),
                     names: frozenset[str] = frozenset(), stays: bool = False,
                     partly: bool = False) -> np.ndarray | None:
        """Shape (len(docs),) speaker × time × superseded-event multipliers of ``docs``; None when none applies.

        ``stays``: the query asks for a stay (``asks_stay``, ``asks_whereabouts``): a held-back stay keeps its weight.
        ``partly``: a turn only partly superseded counts as superseded (``rerank.Reranks.asked_stale``).
        """
        mult = self._evidence(docs, stays)
        if settings.superseded_event_factor != 1:
            stale = self.asked_stale(docs, asked, names, partly)
            if stale.any():
                mult = np.ones(docs.shape[0]) if mult is None else mult
                mult[stale] *= settings.superseded_event_factor
        if codes:
            mult = np.ones(docs.shape[0]) if mult is None else mult
            of_docs = self._speaker_codes[docs]
            named = of_docs == codes[0]  # one or two names: comparisons beat np.isin's sort ~10x
            for code in codes[1:]:
                named |= of_docs == code
            mult[named] *= 1 + settings.speaker_boost
        if window is not None:
            inside = in_window(self.table, docs, window)  # in each item's own local time
            if inside.any():
                mult = np.ones(docs.shape[0]) if mult is None else mult
                mult[inside] *= 1 + settings.time_boost
        if settings.session_prior:  # the whole session about the question (``session_prior``)
            prior = self._session_factors(docs, asked, settings.session_prior)
            if prior is not None:
                mult = prior if mult is None else mult * prior
        return mult

    def _session_factors(self, docs: np.ndarray, asked: frozenset[str], weight: float) -> np.ndarray | None:
        """Shape (len(docs),) session-prior factors of ``docs`` (``session_prior``); None when none applies."""
        terms: SessionTerms | None = getattr(self, "_session_terms", None)
        if terms is None or terms.seen > len(self._turn_ids):  # first use, or turns renumbered
            terms = self._session_terms = SessionTerms()
        for pos in range(terms.seen, len(self._turn_ids)):  # the turns stored since its last use
            terms.add(self._turn_session[pos], tokenize(self._turn_text[pos], self.lexicon))
        items = self.table.items
        sessions = [() if (item := items[j]) is None else
                    {self._turn_session[p] for t in item.source if (p := self._turn_pos.get(t)) is not None}
                    for j in docs.tolist()]
        return terms.factors(asked, sessions, weight)

    def search(self, query: str, k: int = 10, filters: RecallFilters | None = None,
               weights: RecallWeights | None = None, now: datetime | None = None,
               settings: HybridSettings | None = None, query_vector: QueryVector = None) -> list[RecallResult]:
        """Return up to ``k`` items for ``query``, best first.

        Args:
            query: free text, any language; stopword-only or empty text gives [].
            k: how many at most, 1..MAX_K.
            filters: default ``RecallFilters()`` (active items).
            weights: recency and hit weighting; default ``PRESETS["balanced"]``.
            now: aware reference time for recency and relative time cues;
                default the newest item time.
            settings: stages and fusion weights; default ``HYBRID_PRESETS["hybrid"]``.
                With every stage off (and no dense ranking) this is exactly ``RecallIndex.search``.
            query_vector: the query's unit embedding, or a callable returning it
                (called at most once, and only when the dense ranking runs: with
                ``settings.dense_gate`` it may not be); None for no dense ranking.

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
        use_dense = settings.dense and self.dense is not None and query_vector is not None
        with self.lock:
            if settings.lexical_only or (not use_dense and not any(getattr(settings, n) for n in STAGES)):
                return self._search_lexical(query, k, filters, weights, now)
            return self._search(query, k, filters, weights, now, settings, query_vector if use_dense else None)

    def _search_lexical(self, query: str, k: int, filters: RecallFilters | None, weights: RecallWeights | None,
                        now: datetime | None) -> list[RecallResult]:
        """Item BM25 times the recency/hit multiplier: ``RecallIndex.search`` over the slots."""
        k = check_query(query, k)
        filters = filters or RecallFilters()
        weights = weights or PRESETS["balanced"]
        weights.validate()
        ref = self.table.reference_time(now)
        tokens = tokenize(query, self.lexicon)
        idx, bm = self.lexical.candidates(tokens) if tokens else (np.empty(0, np.int64), np.empty(0))
        keep = self.table.mask(idx, filters)  # validates filters even when nothing matched
        idx, bm = idx[keep], bm[keep]
        if not idx.shape[0]:
            return []
        score = bm * self.table.boost(idx, weights, ref)
        best = top_k_indices(score, k)
        return self._results(idx[best], score[best].tolist(), bm[best].tolist())

    def _results(self, order: np.ndarray, final: list[float], bm: list[float],
                 folded: dict[int, list[int]] | None = None) -> list[RecallResult]:
        """Results of the slots ``order``, ranks from 1; outdated: superseded, or a raw turn all superseded.
        A slot of ``folded`` says the items folded into it too ("A；B", ``said_once.joined``); such an item is then
        no result of its own, wherever a later stage placed it."""
        out = []
        items = self.table.items
        slots = order.tolist()
        inside = {c for host, cs in folded.items() if host in slots for c in cs} if folded else set()
        rank = 0
        for j, f, b in zip(slots, final, bm, strict=True):
            if j in inside:
                continue
            rank += 1
            item = snapshot_item(items[j])  # type: ignore[arg-type]  # ranked slots are live
            if folded and j in folded:
                item.description = joined(item.description, [o.description for c in folded[j]
                                                             if (o := items[c]) is not None])
            stale = item.status == Status.SUPERSEDED or (j < self._stale.shape[0] and bool(self._stale[j]))
            out.append(RecallResult(item, f, b, rank, list(item.source), stale))
        return out

    def _search(self, query: str, k: int, filters: RecallFilters | None, weights: RecallWeights | None,
                now: datetime | None, settings: HybridSettings, query_vector: QueryVector = None) -> list[RecallResult]:
        k = check_query(query, k)
        weights = weights or PRESETS["balanced"]
        weights.validate()
        mask = self.table.mask_for(filters or RecallFilters())
        tokens, now_words = split_now_words(query_tokens(plain_query(query), self.lexicon))
        if settings.w_category:  # 他怎么去上班？: the ways to work, not the job (``fallback_kinds``)
            tokens = compete_tokens(tokens, query)
        heads = [h for h in verb_heads(tokens) + verb_forms(tokens) if self._user_says(h, mask)]  # 跑步: 跑; win: won
        asked_words = frozenset(tokens)
        names = name_terms(query, self.lexicon)  # names asked weigh as what they are (``turn_terms``)
        whereabouts = settings.w_category and asks_whereabouts(query)  # "where am I this week?": a stay, else home
        stays = whereabouts or asks_stay(asked_words)
        old = history_slots(query, self.table, filters)  # "what did I use to do?": the asked person's old values
        if not self.lexical.n_live or (not tokens and query_vector is None and not whereabouts and not len(old)):
            return []
        ref = self.table.reference_time(now)
        depth = settings.depth
        n_slots = self.lexical.n_docs
        first, item_scores = self.lexical.ranked_scored(tokens + heads, depth, mask)
        lexical_weight = 1.0  # scales every lexical ranking's weight when the dense ranking runs
        dense_weight = settings.w_dense
        dense_ranking: np.ndarray | None = None
        rankings_extra: list[tuple[np.ndarray, float]] = []
        if query_vector is not None and self.dense is not None:
            coverage = lexical_coverage(self.lexical, tokens + heads, first)
            if not settings.dense_gate or coverage < settings.dense_gate:
                vector = query_vector(coverage) if callable(query_vector) else query_vector
                if vector is not None:
                    alive = self.table.alive[:n_slots]
                    dense_ranking, dense_sims = dense_hits(self.dense, vector, settings, coverage, alive, mask)
                    if settings.coverage_weighting:
                        lexical_weight = max(coverage, settings.coverage_floor)
                        miss = settings.w_dense_miss * max(0.0, 1.0 - coverage / settings.miss_below)
                        dense_weight += miss
                        taken = settings.w_dense_miss - miss
                        if settings.other_language and taken:  # words cannot find these (``other_language``)
                            other = other_language_hits(query, dense_ranking, dense_sims, self.table.items,
                                                        settings.dense_floor_unmatched)
                            rankings_extra = [(other, taken)] if other.shape[0] else []
        rankings = [(first, settings.w_items * lexical_weight), (old, settings.w_items)]
        if now_words:  # "现在" lifts a turn that says it, below what the content words find
            rankings.append((self.lexical.ranked(now_words, depth, mask), NOW_WEIGHT * lexical_weight))
        if dense_ranking is not None:
            rankings += [(dense_ranking, dense_weight), *rankings_extra]
        # "What does she do for work now?": the turns saying the work changed, newest first (``changed_value``)
        kinds = asked_kinds(query) if settings.w_category and not past_allowed(filters) and asks_present(query) else ()
        if kinds:
            changed = change_ranking(self.lexical.ranked(self._change_terms(kinds), 4 * depth, mask),
                                     self.table.items, self.table.times, kinds)
            if changed.shape[0]:
                rankings.append((changed, settings.w_category * lexical_weight))
        extra_terms: list[str] = []
        # aliases and glosses read the whole words, not the verb: "work out" is 健身, not 工作 (``recall_terms``)
        joined = tokens + whole_words(query, tokens)  # the question's terms ("现在" apart, ``split_now_words``)
        if settings.aliases and settings.w_alias and self.aliases is not None:
            extra_terms = self.aliases.expand(joined)
            extra_terms += [t for t in person_terms(query) if t not in tokens and t not in extra_terms]
            # an alias said whole is said by its verb alone too: "run" → 跑步 → 跑 ("江边跑四十分钟")
            extra_terms += [h for h in verb_heads(extra_terms) if h not in tokens and self._user_says(h, mask)]
            # its phrasal verbs and split verb-object words whole ("work out": workout; 攒了多少钱: 攒钱)
            extra_terms += [t for t in joined if t not in tokens and t not in extra_terms]
            if extra_terms:  # the query's aliases alone: "GRE" finds "Graduate Record Examination"
                rankings.append((self.lexical.ranked(extra_terms, depth, mask), settings.w_alias))
        # a Chinese everyday word the tokenizer split is glossed whole: 最喜欢 is "favourite", 喜欢 only "like"
        split = split_members(query, joined + now_words) if settings.w_gloss else []
        glossed = gloss_terms(joined + split, extra_terms) if settings.w_gloss else []
        if settings.w_gloss:  # a city in the other script (``place_glosses``): Chengdu finds 成都
            glossed += [t for t in place_terms(query, joined) if t not in glossed and t not in extra_terms]
        if glossed:  # the query's words in the other language, for items in it (``glosses``): 乐器 finds "piano"
            found = other_language_only(query, self.lexical.ranked(glossed, depth, mask), self.table.items)
            rankings.append((found, settings.w_gloss))
        if settings.w_category:  # "what sports …": the sports people name (more for a list question)
            rankings += member_rankings(query, tokens, lambda terms: self.lexical.ranked(terms, depth, mask),
                                        settings.w_category, self.table.items)
            if whereabouts:
                trip, home = whereabouts_terms()
                rankings.append((self.lexical.ranked(list(trip), depth, mask), settings.w_category))
                rankings.append((self.lexical.ranked(list(home), depth, mask), settings.w_category / 2))
        rankings += fallback_rankings(tokens, rankings, self.lexical, depth, mask, settings.w_category,
                                     query)  # 职业: 律师
        # "我上什么班？": the user's own items of the asked area, else their turns saying its words (``asked_area``)
        rankings += area_rankings(query, self.table.items, mask, lambda terms: self.lexical.ranked(terms, depth, mask),
                                  self._said_at, [r for r, _ in rankings], settings.w_category,
                                  keyed=lambda: (*self._active_by_key.items(), *self._ended_by_key.items()))
        if settings.turns:
            rankings.append((self.turns.ranked(tokens + heads, depth, mask), settings.w_turns * lexical_weight))
        codes, window, cue_text = self._boosts(query, mask, ref, settings)
        settings = with_named_day(settings, cue_text, window)  # "on 3 June, 2023": its day weighs more
        if window is not None and np.isfinite(window).all() and only_time_asked(
                query, cue_text, lambda terms: bool(self.lexical.ranked(terms, 1, mask).shape[0]), self.lexicon):
            rankings.append((window_ranking(self.table, window, self.table.alive[:n_slots], mask), settings.w_items))
        # a question about now ranked by meaning: a turn that said an old value weighs as superseded
        partly = dense_ranking is not None and not past_allowed(filters) and asks_present(query)
        if settings.second_round and settings.w_second:
            docs, fused = rrf_fuse(rankings, settings.rrf_k, n_slots)
            mult = self._multipliers(docs, codes, window, settings, asked_words, names, stays, partly)
            if mult is not None:
                fused *= mult
            top = docs[top_k_indices(fused, settings.seed_items)]
            asked = set(tokens)
            extra = sorted({t for j in top.tolist() for t in self.seeds(j)} - asked)
            if extra:
                rankings.append((self.turns.ranked(tokens + extra, depth, mask), settings.w_second * lexical_weight))
        cand, fused = rrf_fuse(rankings, settings.rrf_k, n_slots)
        if not cand.shape[0]:
            return []
        mult = self._multipliers(cand, codes, window, settings, asked_words, names, stays, partly)
        if mult is not None:
            fused *= mult
        score = fused * self.table.boost(cand, weights, ref)
        best = top_k_indices(score, self._shortlist(query, k))  # room to fill what the reranks lower or drop
        order, kept = self._rerank(query, cand[best], score[best], settings, asked_words)
        order, kept = area_answer_first(query, self.table.items, order, kept, self._said_at)  # "我住在哪？": the home
        if kinds:  # the turn that changed the asked value before the older value (``changed_value``)
            order, kept = changes_first(self.table.items, order, kept, kinds, self._said_at)
        if whereabouts:  # a stay holding at the asked time answers "where am I" first (``whereabouts``)
            order, kept = holding_stays_first(self.table.items, order, kept, window or (ref - NOW_SPAN_S, ref + 1.0))
        folded: dict[int, list[int]] = {}  # a placed result → the items of its turn it says too (``said_once``)
        if settings.diversity:
            present = not past_allowed(filters) and asks_present(query)  # the current value before its old turn
            members = asked_members(query, tokens) if settings.w_category else frozenset()  # each one an answer
            named = kept_members(query, tokens) if settings.w_category else frozenset()  # "any pets?": the cat's turn
            changes = change_turns(self.table.items, order, kinds) if kinds else (frozenset(), frozenset())
            order, kept = self._diverse(order, kept, k, mask, cand, query, asked_words, names, present, members,
                                        changes, named, folded)
        if settings.other_subject_factor != 1:  # "what diet am I on?": my diet before my husband's (``own_slot``)
            order, kept = own_before_others(query, self.table.items, order, kept)
        order, kept = asked_attribute_first(query, self.table.items, order, kept)  # a turn stood in for by the other
        if settings.stale_turns_last and not past_allowed(filters):  # a turn all superseded: last
            order, kept = stale_last(order, kept, self._stale[order])
        order, kept = own_words_first(query, self.table.items, order, kept)  # the user's words before others'
        order, kept = verbatim_first(query, self.table.items, first, order, kept, self._stale)  # its own words
        if not past_allowed(filters) and asks_present(query):  # "不对，是750" before the "800" it corrects
            order, kept = revised_first(self.table.items, order, kept, 2 * k)
            order, kept = latest_count_first(query, self.table.items, order, kept)  # "现在有多少只羊": the newest
            if settings.newest_first and not asks_when(query):  # "奶茶戒了" before the older "每天一杯奶茶续命"
                order, kept = newest_said_first(self.table.items, order, kept, min(k, NOW_REACH),
                                                rare_words_shared(self.lexical, self.lexicon, self.table.items),
                                                self._made_lasting)
        order, kept = order[:k], kept[:k]
        if settings.floor_ratio or settings.floor_score:  # each result judged beside its own language's best
            scripts = np.fromiter((reads_chinese(self.table.items[j].description)  # type: ignore[union-attr]
                                   for j in order.tolist()), bool, order.shape[0]) if settings.floor_by_script else None
            order, kept = above_floor(order, kept, settings.floor_ratio, settings.floor_score, scripts)
        order, final = order, kept.tolist()
        bm = (item_scores[order] if item_scores is not None else self.lexical.scores_of(tokens, order)).tolist()
        return self._results(order, final, bm, folded)

    def _made_lasting(self, event: MemoryItem) -> bool:
        """True when the write path made an active curated item with no end (``valid_until``) of a turn of the raw
        turn ``event`` (``newest_said_first.states_now``)."""
        items = self.table.items
        return any((item := items[c]) is not None and item.kind != Kind.EVENT and item.status == Status.ACTIVE
                   and item.valid_until is None
                   for t in event.source for c in self._slots_by_turn.get(t, ()))

    def _rerank(self, query: str, order: np.ndarray, scores: np.ndarray, settings: HybridSettings,
                asked: frozenset[str] = frozenset()) -> tuple[np.ndarray, np.ndarray]:
        """The short list after the subject, question, small-talk, name and off-slot factors (``rerank``,
        ``asked_slot``), spread over sessions for a list question (``list_question``), the asked work first."""
        changed = False
        off_slot = off_slot_factors(
            self.table.items, order, asked, lambda key: _slot_words(key, self.lexicon),
            lambda j: self._made_from(j, Status.ACTIVE) + self._made_from(j, Status.SUPERSEDED),
            lambda t, slots: self.lexical.scores_of([t], slots) > 0) if asked else None
        person = asked_person_factors(query, self.table.items, order, self._subject_of, settings.other_subject_factor)
        for factors in (self.subject_factors(query, order, settings), person, self.turn_factors(order, settings),
                        self.name_factors(query, order, settings), self.tool_factors(query, order, settings),
                        off_slot, eaten_factors(query, self.table.items, order, settings.other_subject_factor),
                        when_factors(query, self.table.items, order, settings.when_factor)):
            if factors is not None:
                scores, changed = scores * factors, True
        if changed:
            resort = np.argsort(-scores, kind="stable")
            order, scores = order[resort], scores[resort]
        return asked_attribute_first(query, self.table.items, *self._spread(query, self.table.items, order, scores))

    def _said_at(self, j: int) -> float:
        """When slot ``j`` was last said (epoch s): the newest of its source turns' raw turns, else its own time.
        An item a later turn revised ("用户的老公是Kai" after "we got married") holds as of that turn."""
        items = self.table.items
        times = [float(self.table.times[c]) for turn_id in items[j].source  # type: ignore[union-attr]  # ranked: live
                 for c in self._slots_by_turn.get(turn_id, ())
                 if (e := items[c]) is not None and e.kind == Kind.EVENT]
        return max(times, default=float(self.table.times[j]))

    def _change_terms(self, kinds: Sequence[ChangeKind]) -> list[str]:
        """The index terms of the words saying a change of ``kinds`` (``changed_value.change_words``), cached."""
        cache: dict[tuple[str, ...], list[str]] = self.__dict__.setdefault("_change_term_cache", {})
        names = tuple(kind.name for kind in kinds)
        if names not in cache:
            terms = (t for w in change_words(kinds) for t in tokenize(w, self.lexicon))
            cache[names] = list(dict.fromkeys(terms))
        return cache[names]

    def _user_says(self, term: str, mask: np.ndarray | None) -> bool:
        """True when an item the user said (not an assistant's or a tool's) holds ``term`` (``verb_heads``)."""
        found = self.lexical.ranked([term], 32, mask)
        return bool(found.shape[0]) and not bool(self.table.weak[found].all())

    def _evidence(self, docs: np.ndarray, stays_asked: bool = False) -> np.ndarray | None:
        """Shape (len(docs),) EVIDENCE_FACTOR for text the user did not say and for a held-back stay; else 1.

        What the user said outranks what an assistant or a web page said about
        them, and a stay ("at a hotel in Beijing this week": an event with a
        validity window and a lowered confidence) ranks below the lasting fact
        it did not replace, unless the query asks about trips (``stays_asked``,
        ``categories.asks_stay``). None when every factor is 1.
        """
        marks = self.table.weak[docs]  # kept per slot as items change (``item_table.weak_evidence``)
        if stays_asked and marks.any():
            items = self.table.items
            marks = marks.copy()
            for n in np.flatnonzero(marks).tolist():  # the user's own stay is what was asked
                marks[n] = items[int(docs[n])].trust != Trust.USER  # type: ignore[union-attr]
        if not marks.any():
            return None
        return np.where(marks, EVIDENCE_FACTOR, 1.0)
