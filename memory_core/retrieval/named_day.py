"""A question's time cue, and the stronger weight of a calendar day it names ("on 3 June, 2023", 6月3日).

``cue_window`` reads the query's time cue (``timecues.parse_time_cue``) into the window the ``time`` stage
boosts. A cue that names one calendar day ("what did she say on 3 June, 2023?", "as I told you on October 13",
"2023-06-03", 她6月3日说了什么) is the most precise handle a question can give: people copy it from the record
(the day something was said) or remember it exactly. Its items weigh ``1 + time_boost + day_boost`` instead
of ``1 + time_boost`` (``with_named_day``). Coarser cues (a month, a year, "last week", "recently", "yesterday")
keep the plain ``time_boost``: on LoCoMo's tuning conversations a stronger boost for every cue lost R@10
(0.787 → 0.780), and for months of a year too it lost three questions for one more gained (events said in the
month after they happened), while the named day gained three single-hop questions and lost none
(ops/bench/RESULTS.md, issue 14).

A range of two dates ("between August 11 and August 15, 2023", "from June 3 to June 10",
"2023年6月3日到6月10日") is read whole (``_range``): ``parse_time_cue`` reads its first date only, or its
last, and the other days of the range missed the boost. An end without a year takes the other end's. A
range of named days no longer than ``MAX_DAY_RANGE_S`` weighs as a named day.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime

from memory_core.retrieval.stages import HybridSettings
from memory_core.text.timecues import TimeCue, parse_time_cue

__all__ = ["MAX_DAY_RANGE_S", "cue_window", "names_day", "with_named_day"]

#: A window of named days at most this long (seconds) gets ``day_boost``: a fortnight, plus the day margins.
MAX_DAY_RANGE_S = 17 * 86_400.0

_MON = r"(?:january|february|march|april|may|june|july|august|september|october|november|december|" \
       r"jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\b\.?"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?\b"
_NAMED_DAY = re.compile(
    rf"{_MON}\s+{_DAY}"  # June 3, June 3rd, 2023
    rf"|\b{_DAY}\s+(?:of\s+)?{_MON}"  # 3 June, 3rd of June
    r"|\b(?:19|20)\d{2}-\d{1,2}-\d{1,2}\b"  # 2023-06-03
    r"|[0-9一二三四五六七八九十]{1,3}月份?[0-9一二三四五六七八九十]{1,3}[日号]",  # 6月3日, 六月三号
    re.IGNORECASE)

_EN_RANGE = re.compile(r"\b(?:between|from)\s+(?P<a>[\w ,.-]+?)\s+(?:and|to|until|till|through)\s+"
                       r"(?P<b>[\w ,.-]+?)\s*(?=[?.!;]|$)")
_ZH_DAY = r"(?:[0-9〇零一二三四五六七八九]{4}年)?[0-9一二三四五六七八九十]{1,3}月[0-9一二三四五六七八九十]{1,3}[日号]"
_ZH_RANGE = re.compile(rf"(?P<a>{_ZH_DAY})\s*(?:到|至|~|-)\s*(?P<b>{_ZH_DAY})")
_YEAR = re.compile(r"(?:19|20)\d{2}|[0-9〇零一二三四五六七八九]{4}(?=年)")


def _range(query: str, ref: datetime) -> TimeCue | None:
    """A range of two dates in ``query`` as one cue (since the first's start, until the last's end), else None."""
    q = query.lower()
    for pattern, zh in ((_EN_RANGE, False), (_ZH_RANGE, True)):
        m = pattern.search(q)
        if m is None:
            continue
        a_text, b_text = m["a"], m["b"]
        year_a, year_b = _YEAR.search(a_text), _YEAR.search(b_text)
        if year_b and not year_a:  # "between August 11 and August 15, 2023": the first end's year
            a_text = f"{year_b[0]}年{a_text}" if zh else f"{a_text} {year_b[0]}"
        elif year_a and not year_b:  # 2023年6月3日到6月10日
            b_text = f"{year_a[0]}年{b_text}" if zh else f"{b_text} {year_a[0]}"
        a, b = parse_time_cue(a_text, ref), parse_time_cue(b_text, ref)
        if a is None or b is None or a.since is None or b.until is None or a.anchor or b.anchor \
                or a.text != a_text.strip(" ,.") or not b_text.startswith(b.text) or not a.since < b.until:
            continue  # each end a date of its own: not "between Lena and Raj on 11 December, 2023"
        return TimeCue(a.since, b.until, text=q[m.start():m.start("b") + len(b.text)])
    return None


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
    now = datetime.fromtimestamp(ref, UTC)
    cue = _range(query, now) or parse_time_cue(query, now)
    if cue is None:
        return None, ""
    at = None
    if cue.anchor:
        at = anchor_time(cue.anchor)
        if at is None:
            return None, ""
    return cue.window(at), cue.text


def with_named_day(settings: HybridSettings, cue_text: str, window: tuple[float, float] | None) -> HybridSettings:
    """``settings`` with ``time_boost`` raised by ``day_boost`` when the cue names a calendar day (``names_day``),
    or a range of them no longer than ``MAX_DAY_RANGE_S`` (``window``: the cue's, epoch seconds)."""
    if not settings.day_boost or window is None or not window[1] - window[0] <= MAX_DAY_RANGE_S \
            or not names_day(cue_text):
        return settings
    return replace(settings, time_boost=settings.time_boost + settings.day_boost)
