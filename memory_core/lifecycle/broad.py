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
from dataclasses import replace
from typing import Any

from memory_core.model import Kind
from memory_core.retrieval.recall import RecallFilters, RecallResult

__all__ = ["is_broad", "recall_with_summaries"]

_END = (r"(?=\s*(?:(?:in|during|last|this|over|on|at|since|between|before|after|yesterday|today|recently|lately"
        r"|these\s+days)\b|[?.!]*$))")
_BROAD = re.compile(
    r"\bwhat\b[^?]{0,30}?\b(?:talk(?:ed)?|chat(?:ted)?|discuss(?:ed)?|spoke|speak)\s+about\b" + _END + "|"
    r"\bwhat\s+(?:have|did|has)\s+(?:we|i|you)\s+(?:been\s+)?(?:talk(?:ed|ing)?|chat(?:ted|ting)?|discuss(?:ed|ing)?)\b|"
    r"\bwhat\s+(?:did|have|has)\s+(?:we|i|you)\s+(?:been\s+)?(?:do|done|doing|up\s+to)\b" + _END + "|"
    r"\bwhat(?:'s|\s+has|\s+had)?\s+(?:happened|been\s+going\s+on|going\s+on)\b" + _END + "|"
    r"\b(?:recap|summari[sz]e|summary\s+of|catch\s+me\s+up|overview\s+of)\b|"
    r"(?:聊|谈|说|讲|发生|做|干|忙)(?:了|过)?(?:些)?什么(?:事情?|话题|内容)?(?=[\s？?。!！呢吗啊]|$)|"
    r"(?:回顾|总结|概括|汇总)一下",
    re.IGNORECASE)


def is_broad(query: str) -> bool:
    """True when ``query`` asks what was talked about, happened or done (a recap), in English or Chinese."""
    return _BROAD.search(query) is not None


def recall_with_summaries(recaller: Any, user_id: str, query: str, k: int, filters: RecallFilters | None,
                          weights: Any) -> list[RecallResult]:
    """Recall ``k`` items; for a broad query the best summaries come first (up to half of k, at least one).

    ``recaller`` is a ``Recaller`` or anything with its ``recall``. Filters
    that exclude the summary kind turn the summaries pass off.

    Raises:
        As ``Recaller.recall``.
    """
    results: list[RecallResult] = recaller.recall(user_id, query, k, filters=filters, weights=weights)
    kinds = None if filters is None else filters.kinds
    if not is_broad(query) or (kinds is not None and Kind.SUMMARY not in set(kinds)):
        return results
    base = filters or RecallFilters()
    summaries: list[RecallResult] = recaller.recall(user_id, query, max(1, k // 2),
                                                    filters=replace(base, kinds=[Kind.SUMMARY]), weights=weights)
    if not summaries:
        return results
    chosen = {r.item.id for r in summaries}
    merged = summaries + [r for r in results if r.item.id not in chosen]
    top = max((r.score for r in merged), default=0.0)
    out = []
    for rank, r in enumerate(merged[:k], start=1):  # scores follow the new order, so packing keeps it
        out.append(RecallResult(r.item, top + len(summaries) - rank + 1 if r.item.id in chosen else r.score,
                                r.bm25, rank, r.turn_ids))
    return out
