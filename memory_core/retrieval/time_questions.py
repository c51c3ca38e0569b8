"""Questions about a time: a past period ("十月份我在哪里住？") and a sequence ("what jobs have I had, in order?").

Two kinds of question ask for more than the current value, by their grammar
and their time words, in either language:

- **a period that is over** ("where did I live in October?", "十月份我在哪里住？",
  "去年我在哪上班？"): the question names a bounded time (a month, a year,
  last year, 上个月 …; ``timecues.parse_time_cue``) that ended before the
  user's latest memory. The value that held then may be superseded since, so
  superseded items are searched as well, and the curated items whose span of
  validity (``valid_from`` to ``valid_until``) overlaps the period come first:
  a superseded one before an active one (the question names a past period for
  a reason), a curated item that did not hold then last. Raw turns keep their
  place between the two. The period is read against the newest time among the
  results (the user's own timeline, as recall's reference time is).
- **before an event, asked in the past** ("where did he work before the
  NHS?", "他去NHS之前在哪上班？"): the anchor phrase ("the NHS") is dated by
  the caller's search for it (the time of its best match, when that match
  holds one of the phrase's words), and the period is everything before
  it, ordered as above. Only a question asked in the past ("did", "was",
  "used to"; in Chinese one without a word of the future or of intent, 要,
  打算 …) counts: "what should I pack before the trip?" plans ahead. A
  phrase of no content word ("before that", "以前") is no event.
- **a sequence** ("in order", "chronologically", "timeline", "over the years",
  先后, 依次, 顺序, 按时间, 时间线, 这些年 …): superseded items are searched as
  well, and the results of the list's main theme (raw turns count as any
  theme) are put in date order, oldest first, in the places they held;
  results of other themes keep their places.

A question that also says "now" (现在, currently) asks about the present and
is left as it is. Both are in the spirit of temporal query intent in
temporal information retrieval (Campos et al., "Survey of Temporal Information
Retrieval and Related Applications", ACM Computing Surveys 2014, §4).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from memory_core.correction_mark import was_corrected
from memory_core.model import Kind, MemoryItem, Status
from memory_core.retrieval.index import RecallResult
from memory_core.text.script import has_han
from memory_core.text.timecues import parse_time_cue
from memory_core.text.tokenize import tokenize

__all__ = ["asks_before", "asks_period", "asks_sequence", "before_anchor", "in_sequence", "period_first"]

_EN_NOW = re.compile(r"\b(?:now|currently|these\s+days|nowadays|at\s+the\s+moment|today|right\s+now)\b", re.IGNORECASE)
_ZH_NOW = re.compile(r"现在|目前|如今|眼下|当前")
_EN_SEQUENCE = re.compile(
    r"\b(?:in\s+(?:what|which|chronological|date|time)?\s*order|chronolog\w*|timeline|over\s+the\s+years|"
    r"one\s+after\s+(?:the\s+)?(?:other|another)|from\s+first\s+to\s+last|in\s+sequence|"
    r"(?:the\s+)?(?:sequence|order)\s+(?:of|in\s+which))\b", re.IGNORECASE)
_EN_PAST_ASKED = re.compile(r"\b(?:did|was|were|had|used\s+to)\b", re.IGNORECASE)
_ZH_AHEAD = re.compile(r"要|会|打算|准备|应该|该|得|计划|将|想")
# a question asked of what is to come: "is he going", "will I", "are we planning", "gonna", "next", "upcoming"
_EN_AHEAD = re.compile(r"\b(?:will|shall|gonna|going|plan|plans|planning|planned|intend|intends|intending|upcoming|"
                       r"next|coming\s+up|hope|hoping|expect|expecting)\b|'ll\b", re.IGNORECASE)
_ZH_PAST = re.compile(r"以前|之前|曾经|当时|那时|原来|过去|了")
_ZH_SEQUENCE = re.compile(r"先后|依次|顺序|按时间|时间线|时间顺序|这些年|这几年|历任|一路")


def _says_now(query: str) -> bool:
    return bool((_ZH_NOW if has_han(query) else _EN_NOW).search(query))


def asked_ahead(query: str) -> bool:
    """True when ``query`` is asked of what is to come ("Where is he going in February?", "will I move in March?",
    "二月份他要去哪？"): a word of the future or of intent (English ``_EN_AHEAD``, Chinese ``_ZH_AHEAD``) and no
    past form or past word. A month such a question names is the next one, never a period that is over."""
    if has_han(query):
        return bool(_ZH_AHEAD.search(query)) and not _ZH_PAST.search(query)
    return bool(_EN_AHEAD.search(query)) and not _EN_PAST_ASKED.search(query)


def _period(query: str, ref: datetime) -> tuple[float, float] | None:
    """The bounded window (epoch s) ``query`` names, read at ``ref``, when it ended by then and the question is not
    asked of what is to come (``asked_ahead``); else None."""
    if asked_ahead(query):
        return None
    cue = parse_time_cue(query, ref)
    if cue is None or cue.anchor or cue.since is None or cue.until is None:
        return None
    since, until = cue.window()
    return (since, until) if until <= ref.timestamp() else None


def asks_period(query: str, ref: datetime | None = None) -> bool:
    """True when ``query`` names a bounded period over by ``ref`` (default: now) and does not say "now"."""
    return not _says_now(query) and _period(query, ref or datetime.now(UTC)) is not None


def _before_phrase(query: str, ref: datetime) -> str:
    """The event phrase of a "before <event>" question asked in the past, else "" (module docstring)."""
    cue = parse_time_cue(query, ref)
    if cue is None or not cue.anchor or cue.after or not tokenize(cue.anchor) or _says_now(query):
        return ""
    asked_past = not _ZH_AHEAD.search(query) if has_han(query) else bool(_EN_PAST_ASKED.search(query))
    return cue.anchor if asked_past else ""


def before_anchor(query: str) -> str:
    """The event phrase of a "before <event>" question asked in the past ("the NHS"; 安娜 of 安娜以前…, which a
    caller may know for a person's name and not an event), else ""."""
    return _before_phrase(query, datetime.now(UTC))


def asks_before(query: str) -> bool:
    """True when ``query`` asks, in the past, what held before an event ("where did he work before the NHS?")."""
    return bool(_before_phrase(query, datetime.now(UTC)))


def asks_sequence(query: str) -> bool:
    """True when ``query`` asks for things in time order ("in order", "timeline", "先后", "依次" …)."""
    return bool((_ZH_SEQUENCE if has_han(query) else _EN_SEQUENCE).search(query))


def _time(item: MemoryItem) -> float:
    """When the item's content began: ``valid_from``, else ``created_at`` (epoch s)."""
    return (item.valid_from or item.created_at).timestamp()


def _before_event(query: str, ref: datetime, find: Callable[[str], MemoryItem | None] | None
                  ) -> tuple[float, float] | None:
    """Everything before the event a "before <event>" question names, dated by ``find``; else None."""
    phrase = _before_phrase(query, ref) if find is not None else ""
    event = find(phrase) if find is not None and phrase else None
    if event is None or not set(tokenize(phrase)) & set(tokenize(event.description)):
        return None
    return (-math.inf, _time(event))


def period_first(query: str, results: Sequence[RecallResult],
                 find: Callable[[str], MemoryItem | None] | None = None) -> list[RecallResult] | None:
    """``results`` with what held in the past period ``query`` names first (module docstring); None when no
    such period is named (or nothing to order). Ranks are not renumbered here.

    ``find``: the best match of a phrase among the user's memories (None for none), to date the event of a
    "before <event>" question; without it such questions are left as they are.
    """
    if not results or _says_now(query):
        return None
    ref = datetime.fromtimestamp(max(_time(r.item) for r in results), UTC)
    window = _period(query, ref) or _before_event(query, ref, find)
    if window is None:
        return None
    since, until = window

    def place(r: RecallResult) -> int:
        item = r.item
        if item.kind in (Kind.EVENT, Kind.SUMMARY):
            return 1
        if was_corrected(item):  # a value the user took back as a mistake never held in any period
            return 2
        end = item.valid_until.timestamp() if item.valid_until is not None else math.inf
        if not (_time(item) < until and end > since):
            return 2
        return 0 if item.status == Status.SUPERSEDED else 1

    out = sorted(results, key=place)
    return _last_before_first(out, until) if since == -math.inf else out


def _last_before_first(results: list[RecallResult], until: float) -> list[RecallResult]:
    """``results`` with, among the superseded items of one slot key, the one that ended last before the event
    (``until``, epoch s) first, in the places that key's items hold; other results keep their places.

    "Where did he work before Grab?" asks for the employer Grab replaced, not the first one the user had: of
    NetEase (ended 2024) and 字节跳动 (ended when Grab began), 字节跳动 answers, whichever the words matched better.
    """
    out = list(results)
    keys = {r.item.key for r in out if r.item.key and r.item.status == Status.SUPERSEDED}
    for key in keys:
        places = [n for n, r in enumerate(out) if r.item.key == key and r.item.status == Status.SUPERSEDED
                  and not was_corrected(r.item)]  # a corrected value ended last but never held
        if len(places) < 2:
            continue

        def gap(r: RecallResult) -> float:
            end = r.item.valid_until.timestamp() if r.item.valid_until is not None else math.inf
            return abs(until - end)

        ordered = sorted((out[n] for n in places), key=gap)
        for n, r in zip(places, ordered, strict=True):
            out[n] = r
    return out


def in_sequence(results: Sequence[RecallResult]) -> list[RecallResult]:
    """``results`` with the main theme's results (and raw turns) in date order, oldest first, in their places.

    The main theme is the theme most curated results share (ties: the better ranked); with no curated result,
    every result is put in order.
    """
    out = list(results)
    themes = Counter(r.item.theme for r in out if r.item.kind != Kind.EVENT)
    main = max(themes, key=lambda t: (themes[t], -next(n for n, r in enumerate(out) if r.item.theme == t)),
               default=None)
    places = [n for n, r in enumerate(out) if main is None or r.item.kind == Kind.EVENT or r.item.theme == main]
    ordered = sorted((out[n] for n in places), key=lambda r: _time(r.item))
    for n, r in zip(places, ordered, strict=True):
        out[n] = r
    return out
