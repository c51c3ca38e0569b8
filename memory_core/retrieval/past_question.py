"""A question about the past ("where did I use to work?", "以前在哪工作？") is answered with the superseded value.

Recall returns active items only by default (issue 13 §5: current first).
A question that asks about a former state is the exception: it widens the
statuses to superseded items as well and ranks the superseded items it found
before the current ones, so the old employer comes first, shown in the
context block with the dates it held (``memory_core.context``).

What makes a question one about the past is its grammar: an English past
form of having or being or doing ("did I", "was I", "used to"), or a former
thing ("my old job", "my previous landlord"); of any person, "did he / she use to"
and a past question ending in "before" or "earlier" with nothing after it
("what did she do before?": before now, no event named); a Chinese past word (the
lexicon's ``past`` marker: 以前, 之前, 原来, 曾经 …). A question that also says
"now" (现在, currently) asks about the present and is left as it is.

Questions naming a past period ("十月份我在哪里住？", "spring 2025"), asking what
held before an event ("where did he work before the NHS?") or for a sequence
("what jobs have I had, in order?") widen the statuses the same way and are
ordered by ``time_questions`` (what held in the period first; date order).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from memory_core.model import MemoryItem, Status
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.retrieval.index import RecallFilters, RecallResult
from memory_core.retrieval.time_questions import asks_before, asks_period, asks_sequence, in_sequence, period_first

__all__ = ["asks_about_past", "past_filters", "past_first"]

_CJK = re.compile(r"[\u3400-\u9fff]")
_EN_PAST = re.compile(
    r"\b(?:used\s+to|did\s+i|was\s+i|were\s+we|had\s+i|did\s+we|have\s+i\s+ever|back\s+then|before\s+(?:that|now)|"
    r"previously|formerly|in\s+the\s+past)\b"
    r"|\bmy\s+(?:old|former|previous|ex|last)[\s-]+\w+"
    # any person: "where did he use to work?", "what did she do before?", "where did they live earlier?"
    # (a pronoun: "what did Nate use to make the ice cream?" uses a thing, "what did he use to do?" is a habit)
    r"|\b(?:did|didn'?t)\s+(?:he|she|they|you|we)\s+use\s+to\b"
    r"|\b(?:did|was|were|had)\b.*\b(?:before|earlier|previously)\s*[?.!]*\s*$"
    r"|\b(?:his|her|their|your)\s+(?:old|former|previous|ex)[\s-]+\w+", re.IGNORECASE)
_EN_NOW = re.compile(r"\b(?:now|currently|these\s+days|nowadays|at\s+the\s+moment|today)\b", re.IGNORECASE)
_ZH_NOW = re.compile(r"现在|目前|如今|最近|眼下")


def asks_about_past(query: str) -> bool:
    """True when ``query`` asks about a former state and not about now (see the module docstring)."""
    if _CJK.search(query):
        return bool(lexicon().markers["zh"]["past"].search(query)) and not _ZH_NOW.search(query)
    return bool(_EN_PAST.search(query)) and not _EN_NOW.search(query)


def past_filters(query: str, filters: RecallFilters | None) -> RecallFilters | None:
    """``filters`` with superseded items allowed when ``query`` asks about the past, a past period or a sequence
    (``time_questions``) and no statuses were chosen.

    Filters given with other statuses are the caller's choice and are kept as given.
    """
    if not (asks_about_past(query) or asks_period(query) or asks_before(query) or asks_sequence(query)):
        return filters
    base = filters or RecallFilters()
    if base.statuses is None or set(base.statuses) != {Status.ACTIVE}:
        return filters
    return replace(base, statuses=(Status.ACTIVE, Status.SUPERSEDED))


def past_first(query: str, results: Sequence[RecallResult],
               find: Callable[[str], MemoryItem | None] | None = None) -> list[RecallResult]:
    """``results`` with the superseded items first (their order kept) when ``query`` asks about the past, what held
    in a past period (or before an event ``find`` dates) first when it names one (``time_questions.period_first``),
    in date order within the main theme when it asks for a sequence (``time_questions.in_sequence``); ranks
    renumbered from 1."""
    out = list(results)
    by_period = period_first(query, out, find)
    if by_period is not None:
        out = by_period
    elif asks_about_past(query) and any(r.item.status == Status.SUPERSEDED for r in out):
        out.sort(key=lambda r: r.item.status != Status.SUPERSEDED)
    if asks_sequence(query):
        out = in_sequence(out)
    for n, r in enumerate(out, 1):
        r.rank = n
    return out
