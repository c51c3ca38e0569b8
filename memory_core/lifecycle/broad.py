"""Broad questions ("what did we talk about last month?", "上个月我们聊了什么？") are answered from summaries.

A question about a stretch of time or the conversation as a whole is not
answered by any one fact; seed 002 §3.3 stores summaries as higher-level
memories "优先检索" for it. ``is_broad`` recognises such questions (asking
what was talked about, what happened, what was done, a recap; in English
or Chinese); ``recall_with_summaries`` then puts the best summary items
(kind ``summary``) first and fills the rest of the k with ordinary recall.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from memory_core.model import Kind, MemoryItem
from memory_core.retrieval.recall import RecallFilters, RecallResult
from memory_core.retrieval.stages import RETRIEVERS
from memory_core.retrieval.time_window import asks_only_period
from memory_core.seams import MemoryRecaller
from memory_core.shown import shown_text
from memory_core.text.timecues import parse_time_cue

__all__ = ["SUMMARIES_READ", "is_broad", "named_period", "of_period", "recall_with_summaries", "restates",
           "summaries_after"]

#: Summaries read for a broad question that names a period, to find that period's among them.
SUMMARIES_READ = 50

_NORM_RE = re.compile(r"[\W_]+")
#: Shortest normalised text (characters) whose containment in a summary counts as a restatement.
_MIN_CONTAINED = 4

_END = (r"(?=\s*(?:(?:in|during|last|this|over|on|at|since|between|before|after|yesterday|today|recently|lately"
        r"|these\s+days)\b|[?.!]*$))")
# "what did I do before?" with nothing after "before" asks a former value ("before now": ``past_question``), not a recap
_END_DONE = _END.replace("|before|", r"|before(?!\s*[?.!]*$)|")
_BROAD = re.compile(
    r"\bwhat\b[^?]{0,30}?\b(?:talk(?:ed)?|chat(?:ted)?|discuss(?:ed)?|spoke|speak)\s+about\b" + _END + "|"
    r"\bwhat\s+(?:have|did|has)\s+(?:we|i|you)\s+(?:been\s+)?(?:talk(?:ed|ing)?|chat(?:ted|ting)?|discuss(?:ed|ing)?)\b|"
    r"\bwhat\s+(?:did|have|has)\s+(?:we|i|you)\s+(?:been\s+)?(?:do|done|doing|up\s+to)\b" + _END_DONE + "|"
    r"\bwhat(?:'s|\s+has|\s+had)?\s+(?:happened|been\s+going\s+on|going\s+on)\b" + _END + "|"
    r"\b(?:recap|summari[sz]e|summary\s+of|catch\s+me\s+up|overview\s+of)\b|"
    r"(?:聊|谈|说|讲|发生)(?:了|过)?(?:些)?什么(?:事情?|话题|内容)?(?=[\s？?。!！呢吗啊]|$)|"
    r"(?:做|干|忙)(?:了|过)(?:些)?什么(?:事情?)?(?=[\s？?。!！呢吗啊]|$)|"
    r"(?:上个?月|上周|上星期|昨天|前天|去年|最近|这段时间|那段时间|[0-9一二三四五六七八九十]+月)[^？?]{0,8}?"
    r"(?:做|干|忙)(?:些)?什么(?=[\s？?。!！呢吗啊]|$)|"
    r"(?:回顾|总结|概括|汇总)一下",
    re.IGNORECASE)


def is_broad(query: str) -> bool:
    """True when ``query`` asks what was talked about, happened or done (a recap), in English or Chinese.

    "Done" is a recap only in the past or over a stretch of time (做了什么, 上个月忙什么); a
    habitual question (我周末一般干什么？) asks for a standing fact, not a recap.
    """
    return _BROAD.search(query) is not None


def _norm(text: str) -> str:
    return _NORM_RE.sub("", text.casefold())


def restates(summary: RecallResult, shown: Sequence[RecallResult]) -> bool:
    """True when ``summary`` only repeats a specific result of ``shown`` for a specific question.

    It does when it was written from a turn a shown result comes from (an
    episode summary's source is its turns) or when its text contains a shown
    result's text whole (an extractive summary, episode or month, copies its
    items' descriptions, their sensitive values masked). A recap of that turn adds nothing the item does not
    say, and repeats it (or an older value of it) beside it.
    """
    turns = {*summary.turn_ids, *summary.item.source}
    text = _norm(summary.item.description)
    for r in shown:
        if turns.intersection(r.turn_ids) or turns.intersection(r.item.source):
            return True
        said = _norm(r.item.description)
        if len(said) >= _MIN_CONTAINED and said in text:
            return True
        masked = _norm(shown_text(r.item.description))  # a summary names a sensitive value masked
        if masked != said and len(masked) >= _MIN_CONTAINED and masked in text:
            return True
    return False


def summaries_after(results: list[RecallResult]) -> list[RecallResult]:
    """Move summary items after the other results and drop those that restate one (``restates``).

    A specific question is answered by items, not recaps. A summary restates
    what was said on its day, old values included ("we talked about: I live
    in Hangzhou"); ranked above the current item of a slot it would answer
    "where do I live now?" with the past, and beside the item it was written
    from it says the same thing twice (so do two summaries of one stretch: a
    month's and one of its episodes share that episode's first turn; the
    better ranked stays). A summary that restates no specific
    result stays in the k, after every specific one (an item archived since
    may survive only in its summary); scores are lowered below every specific
    result's, so the context block (packed by score) keeps that order: a recap
    that came back from its own pass with a higher score than the item it
    follows went first in the block, and with it the old value it restates.
    Results without summaries come back as they are.
    """
    kinds = [r.item.kind == Kind.SUMMARY for r in results]
    if not any(kinds):
        return results
    specific = [r for r in results if r.item.kind != Kind.SUMMARY]
    recaps: list[RecallResult] = []
    for r in results:  # a month's summary and its episode's restate each other too: the better one stays
        if r.item.kind == Kind.SUMMARY and not restates(r, specific + recaps):
            recaps.append(r)
    floor = min((r.score for r in specific), default=0.0)
    if kinds == sorted(kinds) and len(specific) + len(recaps) == len(results) \
            and all(r.score < floor for r in recaps):
        return results  # already in order, scores included (the context block packs by score)
    out = list(specific)
    for n, r in enumerate(recaps, start=1):
        out.append(replace(r, score=min(r.score, floor - n * 1e-6 * max(abs(floor), 1.0))))
    return [replace(r, rank=rank) for rank, r in enumerate(out, start=1)]


def recall_with_summaries(recaller: MemoryRecaller, user_id: str, query: str, k: int,
                          filters: RecallFilters | None, weights: Any) -> tuple[list[RecallResult], str]:
    """Recall ``k`` items; for a broad query the best summaries come first (up to half of k, at least one);
    any other query is answered by the other kinds, summaries only filling a k they leave short.

    A specific question recalls without summaries: beside the items, a
    summary takes part in recall's one-result-per-source-turn choice and
    pushes out the raw turn or item of a turn it covers (then a fact comes
    back beside its other raw turn). When fewer than ``k`` other results are
    found, summaries that restate none of them (``summaries_after``) fill the
    rest, after them (an item archived since may survive only in its summary);
    only summaries sharing a word with the question (BM25 above 0: the
    lexical pass ranks the others by recency alone); that pass matches by
    words only (``RETRIEVERS["lexical"]``), so such a query is embedded once
    per recall. A question that names a period and nothing else ("How was
    last month?", "上个月怎么样？": ``asks_only_period``) keeps the recaps that
    pass found though they share no word with it: its time window ranked
    them (``time_window.window_ranking``), so they are the period's.

    Filters that exclude the summary kind turn the summaries pass off.

    Returns:
        (results, degraded): ``degraded`` is the first pass's reason for a
        ranking left out (``RecallTimings.degraded``), "" when none was.

    Raises:
        As ``Recaller.recall``.
    """
    broad = is_broad(query)
    named = named_period(query) if broad else None  # "in April 2025": the period's recaps come from their own pass
    narrowed = filters if broad and named is None else _without_summaries(filters)
    first = list(recaller.recall(user_id, query, k, filters=narrowed, weights=weights))
    if named is not None:  # summaries were the only kind asked for: still only the period's
        first = [r for r in first if r.item.kind != Kind.SUMMARY or of_period([r], named)]
    timings = recaller.timings
    reason = timings.degraded if timings is not None else ""
    kinds = None if filters is None else filters.kinds
    if kinds is not None and Kind.SUMMARY not in set(kinds):
        return first, reason
    base = filters or RecallFilters()
    if not broad:
        if len(first) >= k or narrowed is filters:  # k filled, or summaries were the only kind asked for
            return first, reason
        recaps = recaller.recall(user_id, query, k, filters=replace(base, kinds=[Kind.SUMMARY]), weights=weights,
                                 settings=RETRIEVERS["lexical"])
        period = asks_only_period(query)  # "上个月怎么样？": the period's recaps (its time window ranked them)
        recaps = [r for r in recaps if r.bm25 > 0 or period]  # else a recap sharing no word with it is noise
        return summaries_after([*first, *recaps])[:k], reason
    summaries: list[RecallResult] = recaller.recall(user_id, query, max(1, k // 2) if named is None else  # by
                                                    max(k, SUMMARIES_READ),  # meaning too: a recap
                                                    filters=replace(base, kinds=[Kind.SUMMARY]), weights=weights)
    if named is not None:  # "in April 2025", "2024年11月": that period's recaps, or none
        summaries = of_period(summaries, named)[:max(1, k // 2)]
    if not summaries:
        return first, reason
    chosen = {r.item.id for r in summaries}
    merged = summaries + [r for r in first if r.item.id not in chosen]
    top = max((r.score for r in merged), default=0.0)
    out = []
    for rank, r in enumerate(merged[:k], start=1):  # scores follow the new order, so packing keeps it
        out.append(RecallResult(r.item, top + len(summaries) - rank + 1 if r.item.id in chosen else r.score,
                                r.bm25, rank, r.turn_ids, r.outdated))
    return out, reason


def named_period(query: str) -> tuple[float, float] | None:
    """The bounded period ``query`` names by its date ("in April 2025", "2024年11月", "on 3 May 2024"): (since, until)
    in epoch seconds, UTC; None when it names none, or only one relative to now ("last month", "in March"), whose
    recaps the time window of recall ranks already."""
    now = datetime.now(UTC)
    cue = parse_time_cue(query, now)
    if cue is None or cue.anchor or cue.since is None or cue.until is None:
        return None
    other = parse_time_cue(query, now - timedelta(days=400))  # a date named in full reads the same from any day
    if other is None or (other.since, other.until) != (cue.since, cue.until):
        return None
    return cue.since, cue.until


def _covers(item: MemoryItem) -> tuple[float, float]:
    """The period a summary sums up, epoch seconds: its month (``summary:month:YYYY-MM``), else its day."""
    start = item.valid_from or item.created_at
    if (item.key or "").startswith("summary:month:"):
        end = datetime(start.year + start.month // 12, start.month % 12 + 1, 1, tzinfo=UTC)
    else:
        end = item.valid_until if item.valid_until and item.valid_until > start else start + timedelta(days=1)
    return start.timestamp(), end.timestamp()


def of_period(summaries: Sequence[RecallResult], period: tuple[float, float]) -> list[RecallResult]:
    """The summaries among ``summaries`` that sum up time inside ``period`` ((since, until), epoch seconds), those
    wholly inside it first ("in April 2025": April's month summary, then its episodes'), each group in recall's
    order; [] when none does: another month's recap is no answer to "what did we talk about in April 2025?"."""
    since, until = period
    spans = [(r, *_covers(r.item)) for r in summaries]
    inside = [r for r, start, end in spans if since <= start and end <= until]
    overlap = [r for r, start, end in spans if start < until and end > since and r not in inside]
    return inside + overlap


def _without_summaries(filters: RecallFilters | None) -> RecallFilters | None:
    """``filters`` narrowed to every kind but summaries; ``filters`` itself when they exclude summaries already
    or ask for summaries only."""
    kinds = None if filters is None else filters.kinds
    if kinds is not None and Kind.SUMMARY not in set(kinds):
        return filters
    others = [kind for kind in (Kind if kinds is None else kinds) if kind != Kind.SUMMARY]
    return replace(filters or RecallFilters(), kinds=others) if others else filters
