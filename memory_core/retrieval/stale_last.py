"""A raw turn whose every fact was superseded comes after the current results (invariant 9).

The turn "I like spicy food, especially Sichuan hot pot" stays in the episodic record after
"I don't like spicy food anymore" superseded the preference it gave. Its score is lowered
(``HybridSettings.superseded_event_factor``), but a question whose words it holds ("What food should
I cook for her tonight?") still ranked it above current facts of weaker match, where an agent reads
the old preference as a plain memory. Such a turn is evidence of what held once: a question about
the present sees it only after every current result of the short list; one that asks about the past
(superseded items allowed by its filters, ``past_question.past_filters``) keeps the fused order.

Opt-in (``HybridSettings.stale_turns_last``): where a mechanical fact of the turn was superseded by
another statement while the turn itself is the only item holding what a question asks (LoCoMo's
"when did …" questions), moving it last lost the evidence (LoCoMo dev R@10 0.789 → 0.778).

What is on by default is narrower (``diverse.Diverse._diverse``): a question about the present
(``asks_present``: no past form, no past period) sees such a turn right after the current value of the
slot it lost, that value brought in when the search did not find it; the turn keeps its place among
the other results. A question in the past ("when did …", "what did she say …") keeps the fused order.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from memory_core.model import Kind, MemoryItem, Status
from memory_core.retrieval.index import RecallFilters
from memory_core.text.script import has_han

__all__ = ["asks_present", "old_stated", "past_allowed", "stale_last"]

#: A past form of the question's verb, or a past time: "when did …", "was she …", "used to", "last year".
_EN_PAST_FORM = re.compile(
    r"\b(?:did|didn'?t|was|wasn'?t|were|weren'?t|had|hadn'?t|used\s+to|use\s+to|ago|before|earlier|previously|"
    r"formerly|once|last\s+(?:year|month|week|summer|winter|spring|autumn|fall|time)|yesterday|back\s+then)\b",
    re.IGNORECASE)
#: A Chinese word of the past or of a done deed (过 of 去过, 了吗), not 过敏 or 过年.
_ZH_PAST_FORM = re.compile(r"过(?![敏年节生期来去])|以前|之前|原来|曾经|当时|那时|当年|去年|前年|上个?月|上周|"
                           r"上星期|昨天|前天|了吗|了没|了什么|了哪")

_QUESTION_MARK = re.compile(r"[?？]")
_EN_QUESTION = re.compile(r"^\s*(?:what|where|who|whom|whose|when|which|how|why|is|are|am|do|does|can|could|should|"
                          r"would|will|shall|may|might|any|anything|tell|recommend|suggest)\b", re.IGNORECASE)
_ZH_QUESTION = re.compile(r"吗|呢|什么|哪|怎么|如何|多少|几|是否|要不要|好不好|可不可以|能不能|行不行")


def old_stated(items: Sequence[MemoryItem | None], slots_by_turn: Mapping[str, Iterable[int]], slot: int) -> set[int]:
    """The slots of the superseded curated items the raw turn at ``slot`` is a source of (empty for another item).

    ``diverse.Diverse._diverse`` shows, for a question about the present, one of several old turns that
    stated the same superseded items: a value said four times and then changed gave a top 5 of the
    current value and four copies of the old one (found by a new-user trial).
    """
    item = items[slot]
    if item is None or item.kind != Kind.EVENT:
        return set()
    return {c for t in item.source for c in slots_by_turn.get(t, ())
            if (o := items[c]) is not None and o.kind != Kind.EVENT and o.status == Status.SUPERSEDED}


def past_allowed(filters: RecallFilters | None) -> bool:
    """True when ``filters`` name the superseded status (a question about the past, ``past_filters``)."""
    return filters is not None and filters.statuses is not None and Status.SUPERSEDED in filters.statuses


def stale_last(order: np.ndarray, scores: np.ndarray, stale: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``order`` (slots, best first) and its ``scores`` with the ``stale`` ones moved after the rest, each
    group in its own order.

    Args:
        order: shape (n,) slots, best first.
        scores: shape (n,) their scores.
        stale: shape (n,) bool: events every fact of whose source turns was superseded.
    """
    if not stale.any() or stale.all():
        return order, scores
    moved = np.concatenate([np.flatnonzero(~stale), np.flatnonzero(stale)])
    return order[moved], scores[moved]


def asks_present(query: str) -> bool:
    """True when ``query`` is a question about now: a question (a question mark, a question word) with no past
    form of its verb or past time in it ("where does she live?", "should I cook hot pot for her?", 她住哪？),
    as against "when did she move?", "where was he last year?", 她去过哪些国家？, and a bare keyword search
    ("river", 火锅), which asks for the items holding the word. A question about now is answered by the
    current value before the turn that said the old one.
    """
    cjk = has_han(query)
    if not (_QUESTION_MARK.search(query) or (_ZH_QUESTION if cjk else _EN_QUESTION).search(query)):
        return False
    return not (_ZH_PAST_FORM if cjk else _EN_PAST_FORM).search(query)
