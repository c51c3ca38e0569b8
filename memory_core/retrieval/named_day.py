"""A question's time cue, and the stronger weight of a calendar day it names ("on 3 June, 2023", 6月3日).

``cue_window`` reads the query's time cue (``timecues.parse_time_cue``) into the window the ``time`` stage
boosts. A cue that names one calendar day ("what did she say on 3 June, 2023?", "as mentioned on October 13",
"2023-06-03", 她6月3日说了什么) is the most precise handle a question can give: people copy it from the record
(the day something was said) or remember it exactly. Its items weigh ``1 + time_boost + day_boost`` instead
of ``1 + time_boost`` (``with_named_day``). Coarser cues (a month, a year, "last week", "recently", "yesterday")
keep the plain ``time_boost``: on LoCoMo's tuning conversations a stronger boost for every cue, or for
months of a year too, lost as many questions as it gained (events said in the month after they happened),
while the named day gained three single-hop questions and lost none (ops/bench/RESULTS.md, issue 14).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime

from memory_core.retrieval.stages import HybridSettings
from memory_core.text.timecues import parse_time_cue

__all__ = ["cue_window", "names_day", "with_named_day"]

_MON = r"(?:january|february|march|april|may|june|july|august|september|october|november|december|" \
       r"jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\b\.?"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?\b"
_NAMED_DAY = re.compile(
    rf"{_MON}\s+{_DAY}"  # June 3, June 3rd, 2023
    rf"|\b{_DAY}\s+(?:of\s+)?{_MON}"  # 3 June, 3rd of June
    r"|\b(?:19|20)\d{2}-\d{1,2}-\d{1,2}\b"  # 2023-06-03
    r"|[0-9一二三四五六七八九十]{1,3}月份?[0-9一二三四五六七八九十]{1,3}[日号]",  # 6月3日, 六月三号
    re.IGNORECASE)


def names_day(cue_text: str) -> bool:
    """True when a time cue's words (``TimeCue.text``) name one calendar day: a month with a day number,
    an ISO date, or 月 with 日 / 号; False for months, years, seasons and relative cues ("yesterday", 昨天)."""
    return bool(cue_text) and _NAMED_DAY.search(cue_text) is not None


def cue_window(query: str, ref: float, anchor_time: Callable[[str], float | None]
               ) -> tuple[tuple[float, float] | None, str]:
    """The query's time window (epoch seconds, open ends ∓inf) and the cue's words; (None, "") for no cue.

    Args:
        query: the question.
        ref: the reference time for relative cues, epoch seconds.
        anchor_time: dates the phrase of a "before / after <phrase>" cue (its best item's time), None when
            nothing matches it; the cue then gives no window.
    """
    cue = parse_time_cue(query, datetime.fromtimestamp(ref, UTC))
    if cue is None:
        return None, ""
    at = None
    if cue.anchor:
        at = anchor_time(cue.anchor)
        if at is None:
            return None, ""
    return cue.window(at), cue.text


def with_named_day(settings: HybridSettings, cue_text: str) -> HybridSettings:
    """``settings`` with ``time_boost`` raised by ``day_boost`` when the cue names a calendar day (``names_day``)."""
    if not settings.day_boost or not names_day(cue_text):
        return settings
    return replace(settings, time_boost=settings.time_boost + settings.day_boost)
