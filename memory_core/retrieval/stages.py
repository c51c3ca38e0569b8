"""Which retrieval stages run, and how their signals are fused: settings as data with named presets.

The stages of ``hybrid.HybridIndex.search``:

- ``items``: BM25 over the items' own text (description, theme, speaker).
  Always on: it is the base ranking every other stage adds to.
- ``turns``: BM25 over each item's source turns together with their
  neighbouring turns of the same session (a question's answer often sits in
  the turn after the one that shares its words).
- ``speakers``: items said by a speaker the query names ("What did
  Caroline …") are boosted, when the query names some speakers but not all.
- ``time``: items dated inside a time cue of the query ("last May",
  "in 2022", "去年", "最近", "before the trip") are boosted.
- ``second_round``: the names and rare terms of the first round's top items
  are added to the query and the turn index is searched again (multi-hop
  help without an LLM); its ranking joins the fusion.
- ``diversity``: items that share their source turns with a better-ranked
  item (the event of a turn and the facts extracted from it) move behind
  the items with new sources, so the top k covers more turns.

With any stage on, an event item whose statement was later superseded (the
turn "I live in Lisbon" once "User lives in Lisbon" gave way to "User lives
in Porto") weighs ``superseded_event_factor`` of its score: what the user
holds now comes before what they said then, yet the old turn stays
findable (history questions still reach it).

- ``dense`` (not one of ``STAGES``: it needs an embedder and stored
  vectors, and is on whenever both exist): the items most similar to the
  query's embedding (``dense.DenseIndex``) form one more ranking, weighted
  ``w_dense``. With ``dense_gate`` above 0 the query is embedded only when
  the lexical result is weak: the best item holds less than ``dense_gate``
  of the query's idf mass (see ``lexical_coverage``).

- categories (``w_category``; not a stage switch): a query naming a category
  ("What instruments …", "什么运动") also searches the members people name
  (violin, 网球 …) as one more item ranking (``categories``).

Rankings are fused by weighted reciprocal rank (``fusion``); the boosts
multiply the fused score, as recency and hits do.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace

from memory_core.errors import InvalidField

__all__ = ["HYBRID_PRESETS", "RETRIEVERS", "STAGES", "HybridSettings", "stage_combinations"]

STAGES: tuple[str, ...] = ("turns", "speakers", "time", "second_round", "diversity")


@dataclass(slots=True, frozen=True)
class HybridSettings:
    """Stage switches and fusion weights (all weights unitless).

    Attributes:
        turns / speakers / time / second_round / diversity: stage switches
            (see the module docstring).
        rrf_k: the reciprocal-rank-fusion constant (> 0).
        depth: how many top candidates of each ranking take part in fusion.
        w_items: RRF weight of the item ranking.
        w_turns: RRF weight of the turn-window ranking.
        w_second: RRF weight of the second-round ranking.
        speaker_boost: fused score × (1 + this) for items of a named speaker.
        time_boost: fused score × (1 + this) for items inside the query's time cue (1.0: both LoCoMo halves gained
            R@5 and R@10 over 0.5, lexical and hybrid; RESULTS.md issue 14, night pass).
        day_boost: added to ``time_boost`` when the time cue names a calendar day ("on 3 June, 2023", 6月3日;
            ``named_day``).
        seed_items: how many first-round items seed the second round.
        superseded_event_factor: fused score × this (0 < x <= 1) for an event
            every fact or preference of whose source turns was superseded.
        stale_turns_last: such an event comes after every other result of the short list unless the
            filters allow superseded items (``stale_last``). Off by default: it cost LoCoMo dev R@10 and one
            held-out cross-lingual question, where the turn is the only item holding the evidence
            (ops/bench/RESULTS.md, issue 14, second pass of 2026-12-03).
        dense: use the dense ranking when the index has vectors and a query vector is given.
        w_dense: RRF weight of the dense ranking.
        dense_depth: how many top items of the dense ranking take part in fusion (100: on LoCoMo dev's first two
            conversations, both question halves gained R@5 and R@10 over 50, multi-hop R@10 0.519 → 0.538; 150 and
            200 gained nothing more; ops/bench/RESULTS.md, issue 14, seventh pass).
        dense_gate: 0 embeds every query; x in (0, 1] embeds only when the best
            lexical item covers less than x of the query's idf mass.
        coverage_weighting: when the dense ranking runs, every lexical ranking's
            weight is multiplied by the share of the query's idf mass the best
            lexical item holds (at least ``coverage_floor``): words the query
            shares with no memory say little, its meaning then decides.
        coverage_floor: the least that multiplier can be (0..1).
        dense_floor_unmatched: when no word of the query matches the user's memory, the dense
            ranking keeps only items at least this cosine-similar to it (language-centred
            vectors: unrelated queries measured at most ~0.14, paraphrases and
            cross-language questions ~0.2–0.5), so a query about nothing the user said
            recalls nothing instead of the nearest noise.
        dense_fallback_most / dense_fallback_floor / dense_fallback_margin: when no item passes
            ``dense_floor_unmatched``, the dense ranking keeps up to ``dense_fallback_most`` nearest
            items at least ``dense_fallback_floor`` similar and within ``dense_fallback_margin`` of
            the best (``dense_hits``): a paraphrase the model places low is not answered with nothing.
            0 most: the floor alone.
        w_dense_miss / miss_below: with ``coverage_weighting``, the dense ranking's weight is
            ``w_dense + w_dense_miss · max(0, 1 − coverage / miss_below)``: strong where
            the query's words miss the memories (another language, other words), as
            light as ``w_dense`` once they cover ``miss_below`` of its idf mass.
        other_language: with ``coverage_weighting``, the dense hits in the other language than the
            query that meaning ranks above every hit in its own (at least ``dense_floor_unmatched``
            similar) also form one more ranking, weighted what the coverage took from
            ``w_dense_miss``: words cannot find them (``other_language``). Off by default: it
            lifted the cross-lingual set (test half R@5 0.900 → 0.917) but cost one check of a
            held-out behaviour half (ops/bench/RESULTS.md, issue 14, pass of 2026-12-03).
        aliases: search the query's aliases (learned acronyms, bilingual synonyms;
            ``aliases.AliasTable``) as one more item ranking, weighted ``w_alias``.
        w_gloss: RRF weight of the ranking of the query's words in the other language, from
            CC-CEDICT (``glosses``; 0: off). Below ``w_items`` and ``w_alias``: a dictionary's
            glosses are looser than the query's own words and the hand-written synonyms.
        other_subject_factor: score × this (0 < x <= 1) for an item about someone the
            query does not ask about (``rerank.Reranks.subject_factors``).
        question_factor: score × this (0 < x <= 1) for a user's turn that only asks something.
        small_talk_factor: score × this (0 < x <= 1) for a turn of one or two words ("Thanks!").
        name_fact_factor: score × this (0 < x <= 1) for a name slot ("User is Alex") when the query
            does not ask a name (``rerank.Reranks.name_factors``).
        tool_about_user_factor: score × this (0 < x <= 1) for an item a tool or web page said (trust
            ``tool``) when the query asks about the user (I / my / 我, he / she / the user / 他 / 她 /
            用户; ``rerank.Reranks.tool_factors``), on top of ``hybrid.EVIDENCE_FACTOR``: a flight
            search's "the user lives in Pyongyang" comes after what the user said, and still comes
            when nothing else matches.
        w_category: RRF weight of the ranking of the members of the categories the query
            names ("what sports …" searches tennis, 网球 …; ``categories.category_terms``).
        reply_context: in the dense ranking, an event item that replies to another speaker's
            turn is scored by its vector plus this times that turn's (``reply_context``; 0: off).
        answered_context: in the dense ranking, an event item another speaker replied to scores at least its
            vector plus this times the reply's (``dense.DenseIndex.similarities``; 0: off): "I signed up for a
            pottery class" is found by "what does she do to relax?" through "What a great way to relax!". 0.5:
            LoCoMo dev R@10 and multi-hop R@10 rose on both halves (ops/bench/RESULTS.md, issue 14, recall47).
        when_factor: score × this (0 < x <= 1) for a raw turn that says no time when the query asks when
            (``when_question``): the turn that tells of an event usually says when it happened (0.7: LoCoMo dev
            temporal R@5 rose on the tuning half, lexical and hybrid; ops/bench/RESULTS.md, issue 14, recall48).
        floor_ratio: a result scoring below this share (0 <= x < 1) of the best result's final score is not
            returned, so recall may return fewer than k (``relevance_floor``; 0: off, the default). On LoCoMo dev
            (lexical) 0.05-0.2 keep R@5 / R@10 / R@20 to four places (0.3 lowers them), but a question in the other
            language than its memory is answered by the lighter gloss ranking alone, far below the best
            own-language score: 0.1 dropped two answers of the everyday cross-language dev half, 0.2 also lost
            three dev behaviour checks (ops/bench/RESULTS.md, issue 14, r49). Judged per script
            (``floor_by_script``), 0.2 dropped 2 evidence results of 91 on the everyday set (one floor: 10) and 1 of
            100 on the cross-lingual set (one floor: 3); even 0.05 drops one of each, so it stays off (s50). A
            caller who wants fewer, surer results sets it.
        floor_score: a result whose final score (the fused score times its boosts, unitless) is below this (>= 0)
            is not returned (0: off).
        floor_by_script: judge ``floor_ratio`` for each result against the best result of its own script
            (Chinese or not, ``relevance_floor``), so an answer in the other language than the question is not
            cut for scoring below the question's own language.
        session_prior: a result's score × (1 + this × its session's BM25 score of the question / the best
            session's) (``session_prior``; >= 0, 0: off). Off by default: 0.3, chosen among 0.1 / 0.3 / 0.5 on
            LoCoMo conversations 1–4 alone (lexical R@10 0.798 → 0.800, multi-hop R@10 0.535 kept), raised 5–8
            (R@10 0.794 → 0.807, multi-hop 0.473 → 0.497) but lost 7 behaviour dev checks, each an old value's
            turn lifted above the current one by its session (ops/bench/RESULTS.md, sem52).
        newest_first: for a question about now, a later statement sharing a rare word with an older result ranked
            above it moves above it (``newest_said_first``). Off by default: on behaviour dev it won 5 current_first
            checks and lost none, but LoCoMo dev's first conversation (lexical) fell R@5 0.652 → 0.615 and R@10
            0.786 → 0.768 (rank58): a later turn sharing a rare word is not the evidence a LoCoMo question asks.
            With a rare word held by at most 3 items and a reach of 5 (rank59) LoCoMo dev, 2 conversations,
            lexical, keeps R@5/10/20 (0.685 / 0.800 / 0.854) and R@1 goes 0.393 → 0.391: still off by default.
    """

    turns: bool = True
    speakers: bool = True
    time: bool = True
    second_round: bool = True
    diversity: bool = True
    rrf_k: float = 20.0
    depth: int = 100
    w_items: float = 1.0
    w_turns: float = 1.5
    w_second: float = 1.0
    speaker_boost: float = 0.5
    time_boost: float = 1.0
    day_boost: float = 2.0
    seed_items: int = 3
    superseded_event_factor: float = 0.5
    stale_turns_last: bool = False
    dense: bool = True
    w_dense: float = 0.5
    dense_depth: int = 100
    dense_gate: float = 0.0
    coverage_weighting: bool = True
    coverage_floor: float = 0.2
    w_dense_miss: float = 4.0
    miss_below: float = 0.2
    other_language: bool = False
    dense_floor_unmatched: float = 0.15
    dense_fallback_most: int = 3
    dense_fallback_floor: float = 0.05
    dense_fallback_margin: float = 0.03
    aliases: bool = True
    w_alias: float = 1.0
    w_gloss: float = 0.5
    other_subject_factor: float = 0.5
    question_factor: float = 0.5
    small_talk_factor: float = 0.5
    name_fact_factor: float = 0.5
    tool_about_user_factor: float = 0.5
    w_category: float = 0.75
    reply_context: float = 0.5
    answered_context: float = 0.5
    when_factor: float = 0.7
    floor_ratio: float = 0.0
    floor_score: float = 0.0
    floor_by_script: bool = True
    session_prior: float = 0.0
    newest_first: bool = False

    def validate(self) -> None:
        """Raises: InvalidField for a non-positive rrf_k, depth or a negative weight, or a factor outside (0, 1]."""
        if not self.rrf_k > 0 or self.depth < 1 or self.seed_items < 1 or self.dense_depth < 1:
            raise InvalidField(f"rrf_k, depth and seed_items must be above 0; got "
                               f"{self.rrf_k!r}, {self.depth!r}, {self.seed_items!r}")
        weights = (self.w_items, self.w_turns, self.w_second, self.speaker_boost, self.time_boost, self.day_boost,
                   self.w_dense, self.w_alias, self.w_gloss, self.w_dense_miss, self.w_category, self.reply_context,
                   self.answered_context, self.session_prior)
        if any(not w >= 0 for w in weights):
            raise InvalidField(f"fusion weights and boosts must be >= 0; got {weights!r}")
        if not 0 <= self.dense_floor_unmatched < 1 or not 0 <= self.dense_fallback_floor < 1 \
                or self.dense_fallback_most < 0 or not self.dense_fallback_margin >= 0:
            raise InvalidField(f"dense_floor_unmatched and dense_fallback_floor must be in [0, 1), dense_fallback_most "
                               f"and dense_fallback_margin >= 0; got {self.dense_floor_unmatched!r}, "
                               f"{self.dense_fallback_floor!r}, {self.dense_fallback_most!r}, "
                               f"{self.dense_fallback_margin!r}")
        if not 0 <= self.dense_gate <= 1 or not 0 <= self.coverage_floor <= 1 or not 0 < self.miss_below <= 1:
            raise InvalidField(f"dense_gate and coverage_floor must be in [0, 1], miss_below in (0, 1]; got "
                               f"{self.dense_gate!r}, {self.coverage_floor!r}, {self.miss_below!r}")
        if not 0 <= self.floor_ratio < 1 or not self.floor_score >= 0:
            raise InvalidField(f"floor_ratio must be in [0, 1) and floor_score >= 0; got {self.floor_ratio!r}, "
                               f"{self.floor_score!r}")
        factors = (self.superseded_event_factor, self.other_subject_factor, self.question_factor,
                   self.small_talk_factor, self.name_fact_factor, self.tool_about_user_factor, self.when_factor)
        if not all(0 < f <= 1 for f in factors):
            raise InvalidField(f"superseded_event_factor, other_subject_factor, question_factor, small_talk_factor, "
                               f"name_fact_factor, tool_about_user_factor and when_factor must be in "
                               f"(0, 1]; got {factors!r}")

    @property
    def lexical_only(self) -> bool:
        """True when no stage beyond item BM25 is on, dense included (recall is then plain ``RecallIndex`` search)."""
        return not self.dense and not any(getattr(self, name) for name in STAGES)

    def label(self) -> str:
        """Short name of the stages that are on: "items+turns+time", or "items" alone."""
        return "+".join(["items", *(name for name in (*STAGES, "dense") if getattr(self, name))])


_OFF: dict[str, bool] = {name: False for name in STAGES} | {"dense": False, "aliases": False}

HYBRID_PRESETS: dict[str, HybridSettings] = {
    # Every stage, weights chosen on LoCoMo's development split (ops/bench/RESULTS.md).
    "hybrid": HybridSettings(),
    # BM25 over items only: the recall of the first release, score for score.
    "lexical": HybridSettings(**_OFF, w_gloss=0.0),
    # Stages that need only the items (no turn store): for stores without turns.
    "items_only": HybridSettings(turns=False, second_round=False),
    # Plain RRF (Cormack et al.'s k = 60, every weight 1).
    "rrf_plain": HybridSettings(rrf_k=60.0, w_turns=1.0, w_second=1.0),
}


#: What ``gulfstream eval ... --retriever`` compares, on one ingested store.
RETRIEVERS: dict[str, HybridSettings] = {
    # every lexical stage, no dense ranking: recall without an embedder
    "lexical": replace(HYBRID_PRESETS["hybrid"], dense=False),
    # the dense ranking alone (cosine similarity of the query and item embeddings)
    "semantic": HybridSettings(**(_OFF | {"dense": True}), w_items=0.0, w_category=0.0, w_gloss=0.0),
    # every stage with the dense ranking fused in
    "hybrid": HYBRID_PRESETS["hybrid"],
}


def stage_combinations(base: HybridSettings | None = None) -> list[HybridSettings]:
    """Return ``base`` with every on/off combination of ``STAGES`` (2 ** 5 = 32), all-off first.

    Combinations where ``second_round`` is on but ``turns`` is off are kept:
    the second round then searches the turn index on its own.
    """
    base = base or HYBRID_PRESETS["hybrid"]
    out = []
    for flags in itertools.product((False, True), repeat=len(STAGES)):
        out.append(replace(base, **dict(zip(STAGES, flags, strict=True))))
    out.sort(key=lambda s: sum(getattr(s, n) for n in STAGES))
    return out
