"""``LLMWritePipeline``: the write pipeline with the LLM extractor and the curation agent.

Same interface as ``WritePipeline`` (``plan(turn, store) -> list[Op]``), so
``Memory`` uses either. For one turn::

    LLMExtractor (event + model facts) -> LexiconClassifier -> RoleTrustFilter
    -> BatchDeduper -> ModelImportanceScorer                (seed 001 §8.12)
    events: KeyConflictResolver (same event twice -> one item, hit raised)
    facts:  the user's related items (BM25, ``RelatedItems``) -> CurationAgent -> ops
            (or, with curate=False, KeyConflictResolver by the model's slots)

The trust filter stays mechanical (DESIGN invariant 6). Nothing is written
here: the service applies the returned ops in one transaction with the
turn's ``applied_seq`` mark. Model calls of one turn are summed in the
metrics' per-turn usage.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

from memory_core.errors import InvalidField
from memory_core.llm.curator import CurationAgent
from memory_core.llm.extractor import LLMExtractor, ModelImportanceScorer
from memory_core.llm.metrics import LLMMetrics
from memory_core.llm.related import RelatedItems
from memory_core.model import Actor, MemoryItem, Turn
from memory_core.pipeline.extract import MechanicalExtractor, detect_lang
from memory_core.pipeline.pipeline import WritePipeline, existing_items
from memory_core.pipeline.resolve import KeyConflictResolver
from memory_core.pipeline.restate import RESTATE_PREFIXES
from memory_core.pipeline.sole_speaker import as_sole_speaker
from memory_core.pipeline.trust import planted_in_tool
from memory_core.pipeline.types import Candidate, KeyLookup
from memory_core.retrieval.index import RecallIndex
from memory_core.settings import Settings
from memory_core.store.lookup import IndexReads
from memory_core.store.write_ops import Op

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

__all__ = ["LLMWritePipeline"]

log = logging.getLogger(__name__)


class LLMWritePipeline:
    """Plans the ops of one turn with the model.

    Args:
        model: the chat model.
        metrics: shared recorder of calls, per-turn usage and counters.
        curate: run the curation agent (True) or resolve facts by key (False).
        keep_events: also store the verbatim event of each turn.
        context_items: related items shown to the agent (items).
        min_relative_score: related items whose BM25 is below this share of the
            best one are not shown (0..1).
        method, attempts, max_steps: as in ``Settings.llm_structured_method``,
            ``llm_output_attempts``, ``llm_max_steps``.

    Attributes:
        stages: the ``WritePipeline`` running extract → classify → trust → dedupe → score.
        agent: the ``CurationAgent`` (None when ``curate`` is False).
        lookup: the per-user ``RelatedItems`` index behind ``related`` and ``read_memories``.
        echo_counts: the stages' ``echo_counts`` (assistant turns left out as echoes of the user's last
            turn), shared: the service drops an echo's raw turn whichever pipeline planned it.
    """

    def __init__(self, model: BaseChatModel, metrics: LLMMetrics | None = None, *,
                 curate: bool = True, keep_events: bool = True,
                 context_items: int = 20, method: str = "json_schema", attempts: int = 3,
                 max_steps: int = 12, min_relative_score: float = 0.2) -> None:
        self.metrics = metrics or LLMMetrics()
        self.context_items = context_items
        self.min_relative_score = min_relative_score
        self.stages = WritePipeline(
            extractor=LLMExtractor(model, self.metrics, method=method, attempts=attempts, keep_events=keep_events),
            scorer=ModelImportanceScorer())
        self.echo_counts = self.stages.echo_counts
        self.agent = CurationAgent(model, self.metrics, max_steps=max_steps, attempts=attempts) if curate else None
        self.lookup = RelatedItems()
        self._events = KeyConflictResolver()
        self._facts = KeyConflictResolver(actor=Actor.AGENT)
        self._rules = MechanicalExtractor()

    @classmethod
    def from_settings(cls, model: BaseChatModel, settings: Settings,
                      metrics: LLMMetrics | None = None) -> LLMWritePipeline:
        """Build the pipeline with the ``llm_*`` settings."""
        return cls(model, metrics, curate=settings.llm_curate,
                   keep_events=settings.llm_keep_events, context_items=settings.llm_context_items,
                   method=settings.llm_structured_method, attempts=settings.llm_output_attempts,
                   max_steps=settings.llm_max_steps)

    def plan(self, turn: Turn, store: IndexReads) -> list[Op]:
        """Return the ops ``turn`` makes to its user's memory, in apply order.

        Args:
            turn: a stored turn.
            store: the user's store (``IndexReads``); read for event keys and, for
                the agent, related active items; never written.

        Returns:
            Event ops first (add or hit), then the agent's ops; each carries ``turn.turn_id``.

        Raises:
            LLMOutputError: the extractor's or the agent's output stayed malformed.
            LLMUnavailable: the endpoint failed.
            StoreError: the store failed while reading.
        """
        with self.metrics.turn(turn.turn_id):  # a turn without a speaker is the user's one named person's
            turn = as_sole_speaker(turn, lambda: store.active_by_prefix(turn.user_id, RESTATE_PREFIXES))
            cands = self.stages.candidates(turn)
            if planted_in_tool(turn):  # the trust stage dropped its candidates (logged, counted): no agent either
                return []
            events = [c for c in cands if _verbatim(c)]
            facts = [c for c in cands if not _verbatim(c)]
            ops: list[Op] = self._events.resolve(turn, events, self._existing(store, turn, events))
            if self.agent is None:
                return ops + self._facts.resolve(turn, facts, self._existing(store, turn, facts))
            related = self.related(turn, facts, store) if turn.role != "system" else []
            # the slot rules' reading of a user turn: canonical keys for the agent, and the items they hold
            slots = self._rules.statements(turn) if turn.role == "user" else []
            held = self._existing(store, turn, slots)
            seen = {i.id for i in related}
            related = [*(i for found in held.values() for i in found if i.id not in seen and i.active), *related]
            if not facts and not related:
                return ops
            lang = detect_lang(turn.text)
            return ops + self.agent.curate(
                turn, facts, related, lang,
                search=lambda q, k: self._search(self.lookup.index(store, turn.user_id), q, k), slots=slots)

    def related(self, turn: Turn, facts: list[Candidate], store: IndexReads) -> list[MemoryItem]:
        """Return up to ``context_items`` of the user's active non-event items related to the turn (BM25).

        The query is the turn text, the candidate descriptions without their
        generic subject ("User", "用户", the speaker's name, which every item
        shares) and the words of their slots ("lives in"). Only items sharing a
        term with it are kept, and none under ``min_relative_score`` of the
        best BM25. The user's index is brought up to date with ``store`` first
        (``RelatedItems.index``, passed the turn's seq).

        Raises:
            StoreError: the store failed while reading.
        """
        subject = re.escape(turn.speaker.strip()) if turn.speaker.strip() else "(?!)"
        generic = re.compile(rf"\b(?:user|{subject})\b|用户", re.IGNORECASE)
        slots = [c.key.split(":", 1)[1].split("@")[0].replace("_", " ").replace(":", " ") for c in facts if c.key]
        query = " ".join([turn.text, *(generic.sub(" ", c.description) for c in facts), *slots])
        return self._search(self.lookup.index(store, turn.user_id, turn.seq), query, self.context_items)

    def _search(self, index: RecallIndex, query: str, k: int) -> list[MemoryItem]:
        try:
            found = self.lookup.search(index, query, k)
        except InvalidField as exc:
            log.warning("related-item search failed: %s", exc)
            return []
        best = max((r.bm25 for r in found), default=0.0)
        return [r.item for r in found if r.bm25 > 0 and r.bm25 >= best * self.min_relative_score]

    @staticmethod
    def _existing(store: KeyLookup, turn: Turn, cands: list[Candidate]) -> dict[str, list[MemoryItem]]:
        return existing_items(store, turn.user_id, list(dict.fromkeys(c.key for c in cands if c.key)))


def _verbatim(cand: Candidate) -> bool:
    """True for the mechanical per-turn event (keyed ``event:``), not for an episode the model extracted."""
    return cand.is_event and cand.key.startswith("event:")
