"""Time cues in a query ("last May", "in 2022", "去年", "最近", "before the trip") as a time window.

``parse_time_cue(query, ref)`` reads the first cue it finds, in this order:

1. a calendar date: "October 13, 2023", "13 October 2023", "2023-10-13",
   "2023年10月13日" → that day, widened by one day each side (a turn's time
   is when it was said; "on Friday" stories are told a day or two later);
2. a month of a year: "May 2023", "2023年5月" → that month;
3. a year: "in 2022", "2022年" → that year;
4. a day of a month without a year: "January 6", "6th of January", "1月6日",
   "一月六号" → the latest such day up to ``ref``, widened as a date is;
   a month alone: "last May", "in June", "五月", "去年五月" → the latest such
   month up to ``ref`` ("last May" said in May: the year before);
   (read before all of these) a season or half of a year: "spring 2025",
   "last summer", "the first half of 2024", "2025年上半年", "去年春天",
   "下半年" → its three (six) months (northern meteorological seasons:
   spring March–May, summer June–August, autumn September–November, winter
   December–February, the winter of a year starting in its December); a
   season without a year is the latest one begun by ``ref``, "last" the
   latest one over; a bare season word needs a time frame ("in the spring",
   "春天的时候", "在冬天") so "spring water" or "我喜欢春天" are no cue;
5. relative words: yesterday, last week/month/year, this week/month/year,
   recently, "3 weeks ago"; 昨天, 前天, 上周, 上个月, 去年, 今年, 前年, 最近;
6. an anchor: "before the trip", "after her wedding", "在搬家之前" → the
   phrase ("the trip") and a side; the caller dates the phrase by searching
   for it (the best match's time) and turns it into a window.

``ref`` is "now" for relative words: the recall reference time (the newest
item's time by default, so replayed conversations read "last month" as the
conversation did). "may" is read as a month only after "in/last/this/early/
late/during/since/of", or before a day or year number, so "may I …" is not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import lru_cache

__all__ = ["PAST_CUE", "TimeCue", "numeral", "parse_time_cue"]

_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
           "october", "november", "december")
_MONTH_OF = {m: i + 1 for i, m in enumerate(_MONTHS)} | {m[:3]: i + 1 for i, m in enumerate(_MONTHS)}
_MONTH_OF["sept"] = 9
_MON = r"(january|february|march|april|may|june|july|august|september|october|november|december|" \
       r"jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\b\.?"
_LEAD = r"(?:\b(?:in|last|this|early|late|mid|during|since|of|until|before|after)\s+)"
_YEAR = r"((?:19|20)\d{2})\b"
_ZH_NUM = {c: i for i, c in enumerate("〇一二三四五六七八九")} | {"零": 0, "两": 2}

_EN_DATE_MDY = re.compile(_MON + r"\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+" + _YEAR)
_EN_DATE_DMY = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MON + r",?\s+" + _YEAR)
_ISO_DATE = re.compile(r"\b((?:19|20)\d{2})-(\d{1,2})-(\d{1,2})\b")
_ZH_DATE = re.compile(r"([0-9〇零一二三四五六七八九]{4})年([0-9一二三四五六七八九十]{1,3})月"
                      r"(?:([0-9一二三四五六七八九十]{1,3})[日号])?")
_EN_MONTH_DAY = re.compile(_MON + r"\s+(\d{1,2})(?:st|nd|rd|th)?\b(?!\s*(?:%|am\b|pm\b|:))")
_EN_DAY_MONTH = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MON)
_ZH_MONTH_DAY = re.compile(r"([0-9一二三四五六七八九十]{1,3})月份?([0-9一二三四五六七八九十]{1,3})[日号]")
_EN_MONTH_YEAR = re.compile(_MON + r",?\s+(?:of\s+)?" + _YEAR)
_EN_YEAR = re.compile(r"\b(?:in|during|of|since|by)\s+" + _YEAR + r"|\b" + _YEAR)
_ZH_YEAR = re.compile(r"([0-9〇零一二三四五六七八九]{4})年")
_EN_MONTH = re.compile(r"(?:(last|this)\s+|" + _LEAD + r")?" + _MON)
_ZH_MONTH = re.compile(r"(去年|今年)?([0-9一二三四五六七八九十]{1,3})月(?!份?[0-9一二三四五六七八九十]{1,3}[日号])")
_EN_AGO = re.compile(r"\b(\d+|a|an|one|two|three|four|five|six|few|couple of)\s+(day|week|month)s?\s+ago\b")
_EN_ANCHOR = re.compile(r"\b(before|after|since|prior to)\s+((?:(?:the|a|an|my|her|his|their|our|your)\s+)?"
                        r"[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3})")
_ZH_ANCHOR = re.compile(r"(?:在)?([\u4e00-\u9fff\w]{1,8}?)(之前|以前|之后|以后)")
_SEASON_START = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12, "春": 3, "夏": 6, "秋": 9, "冬": 12}
_EN_SEASON = re.compile(r"\b(?:(?P<which>last|this|past)\s+|(?P<lead>in|during|over|through|early|late|mid)\s+"
                        r"(?:the\s+)?)?(?P<season>spring|summer|autumn|fall|winter)\b(?:\s+(?:of\s+)?"
                        r"(?P<year>(?:19|20)\d{2})\b)?")
_EN_HALF = re.compile(r"\b(?P<half>first|second|1st|2nd|latter)\s+half\s+of\s+(?:(?P<which>last|this)\s+year|"
                      r"(?P<year>(?:19|20)\d{2})\b)")
_ZH_YEAR_OF = r"(?:(?P<which>去年|今年|前年)|(?P<year>[0-9〇零一二三四五六七八九]{4})年)?的?"
_ZH_SEASON = re.compile(r"(?P<at>在|那年|那个)?" + _ZH_YEAR_OF + r"(?P<season>[春夏秋冬])(?:天|季)"
                        r"(?P<frame>的时候|时|里|期间)?")
_ZH_HALF = re.compile(_ZH_YEAR_OF + r"(?P<half>[上下])半年")
_WORD_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "few": 3,
             "couple of": 2}
_DAY_S = 86_400.0


@dataclass(slots=True, frozen=True)
class TimeCue:
    """A time window read from a query.

    Attributes:
        since: window start, epoch seconds (inclusive); None for open.
        until: window end, epoch seconds (exclusive); None for open.
        anchor: for "before/after <phrase>" cues, the phrase to date; else "".
        after: with an anchor, True for "after/since", False for "before".
        text: the words the cue was read from (for logs and tests).
    """

    since: float | None = None
    until: float | None = None
    anchor: str = ""
    after: bool = False
    text: str = ""

    def window(self, anchor_time: float | None = None) -> tuple[float, float]:
        """Return (since, until) in epoch seconds, open ends as ∓inf.

        Args:
            anchor_time: the anchor phrase's time (epoch seconds), for anchor cues.
        """
        if self.anchor and anchor_time is not None:
            return (anchor_time, float("inf")) if self.after else (float("-inf"), anchor_time)
        return (self.since if self.since is not None else float("-inf"),
                self.until if self.until is not None else float("inf"))


def numeral(text: str) -> int:
    """Arabic or Chinese numerals ("12", "十二", "两", "二〇二三") to int; a character it does not know counts 0."""
    if text.isdigit():
        return int(text)
    if "十" in text:
        tens, _, ones = text.partition("十")
        return (_ZH_NUM.get(tens, 1) if tens else 1) * 10 + (_ZH_NUM.get(ones, 0) if ones else 0)
    value = 0
    for ch in text:
        value = value * 10 + _ZH_NUM.get(ch, 0)
    return value


def _span(start: datetime, end: datetime, text: str) -> TimeCue:
    return TimeCue(start.timestamp(), end.timestamp(), text=text)


def _month(year: int, month: int, text: str) -> TimeCue | None:
    if not (1 <= month <= 12 and 1900 <= year <= 2100):
        return None
    start = datetime(year, month, 1, tzinfo=UTC)
    end = datetime(year + (month == 12), month % 12 + 1, 1, tzinfo=UTC)
    return _span(start, end, text)


def _day(year: int, month: int, day: int, text: str) -> TimeCue | None:
    try:
        start = datetime(year, month, day, tzinfo=UTC)
    except ValueError:
        return None
    return _span(start - timedelta(days=1), start + timedelta(days=2), text)


def _latest_month(month: int, ref: datetime, strictly_before: bool, text: str) -> TimeCue | None:
    year = ref.year if (month < ref.month or (month == ref.month and not strictly_before)) else ref.year - 1
    return _month(year, month, text)


def _explicit(q: str) -> TimeCue | None:
    """Dates, months of a year, and years (steps 1-3)."""
    if m := _EN_DATE_MDY.search(q):
        return _day(int(m[3]), _MONTH_OF[m[1]], int(m[2]), m[0])
    if m := _EN_DATE_DMY.search(q):
        return _day(int(m[3]), _MONTH_OF[m[2]], int(m[1]), m[0])
    if m := _ISO_DATE.search(q):
        return _day(int(m[1]), int(m[2]), int(m[3]), m[0])
    if m := _ZH_DATE.search(q):
        if m[3]:
            return _day(numeral(m[1]), numeral(m[2]), numeral(m[3]), m[0])
        return _month(numeral(m[1]), numeral(m[2]), m[0])
    if m := _EN_MONTH_YEAR.search(q):
        return _month(int(m[2]), _MONTH_OF[m[1]], m[0])
    if m := _EN_YEAR.search(q):
        year = int(m[1] or m[2])
        return _span(datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC), m[0])
    if m := _ZH_YEAR.search(q):
        year = numeral(m[1])
        if 1900 <= year <= 2100:
            return _span(datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC), m[0])
    return None


def _season_span(year: int, first_month: int, months: int, text: str) -> TimeCue:
    start = datetime(year, first_month, 1, tzinfo=UTC)
    last = first_month + months  # the month after the span, may pass December
    return _span(start, datetime(year + (last - 1) // 12, (last - 1) % 12 + 1, 1, tzinfo=UTC), text)


def _year_said(m: re.Match[str], ref: datetime) -> int | None:
    """The year a season's or half's match names ("2025", "去年", "last year"), else None."""
    if m["year"]:
        return numeral(m["year"])
    return {"去年": ref.year - 1, "last": ref.year - 1, "今年": ref.year, "this": ref.year,
            "前年": ref.year - 2}.get(m["which"] or "")


def _seasons(q: str, ref: datetime) -> TimeCue | None:
    """A season or half of a year (read before dates, module docstring step 4)."""
    if m := _EN_HALF.search(q) or _ZH_HALF.search(q):
        year = _year_said(m, ref) or ref.year
        return _season_span(year, 1 if m["half"] in ("first", "1st", "上") else 7, 6, m[0])
    for m in (*_EN_SEASON.finditer(q), *_ZH_SEASON.finditer(q)):
        first = _SEASON_START[m["season"]]
        if m["year"] or (m["which"] and m["which"] not in ("last", "past", "this")):
            return _season_span(_year_said(m, ref) or ref.year, first, 3, m[0])
        if not (m["which"] or m.groupdict().get("lead") or m.groupdict().get("at") or m.groupdict().get("frame")):
            continue  # "spring water", "我喜欢春天": a season word without a time frame
        year = ref.year if ref.month >= first else ref.year - 1  # the latest such season begun by ref
        cue = _season_span(year, first, 3, m[0])
        if m["which"] in ("last", "past") and cue.until is not None and cue.until > ref.timestamp():
            cue = _season_span(year - 1, first, 3, m[0])  # "last summer" said in summer: the one before
        return cue
    return None


def _latest_day(month: int, day: int, ref: datetime, text: str) -> TimeCue | None:
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    ahead = ref + timedelta(days=1)  # ``ref`` is UTC: its user's day may already be the next one
    year = ahead.year if (month, day) <= (ahead.month, ahead.day) else ahead.year - 1
    return _day(year, month, day, text)


def _months_alone(q: str, ref: datetime) -> TimeCue | None:
    """A day of a month, or a month, without a year (step 4)."""
    m = _EN_MONTH_DAY.search(q)
    if m and (m[1] != "may" or q[:m.start()].rstrip().endswith(("on", "of", "since", "until", "before", "after"))):
        return _latest_day(_MONTH_OF[m[1]], int(m[2]), ref, m[0])
    if m2 := _EN_DAY_MONTH.search(q):
        return _latest_day(_MONTH_OF[m2[2]], int(m2[1]), ref, m2[0])
    if m3 := _ZH_MONTH_DAY.search(q):
        return _latest_day(numeral(m3[1]), numeral(m3[2]), ref, m3[0])
    for en in _EN_MONTH.finditer(q):
        name = en[2]
        if name in ("may", "march", "mar") and not (en[0] != name or re.match(r"\s+\d", q[en.end():])):
            continue  # the verbs "may" and "march"
        if name in ("jan", "feb", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec") \
                and en[0] == name:
            continue  # a bare abbreviation is too weak a cue
        return _latest_month(_MONTH_OF[name], ref, en[1] == "last", en[0])
    if zh := _ZH_MONTH.search(q):
        month = numeral(zh[2])
        if zh[1] == "去年":
            return _month(ref.year - 1, month, zh[0])
        if zh[1] == "今年":
            return _month(ref.year, month, zh[0])
        return _latest_month(month, ref, False, zh[0])
    return None


#: The relative words of step 5 that name a time before ``ref`` (each also in ``_RELATIVE_WORDS``).
_YESTERDAY = r"\byesterday\b|昨天"
_DAY_BEFORE = r"前天"
_LAST_WEEK = r"\blast\s+week\b|上周|上个?星期|上个?礼拜"
_LAST_MONTH = r"\blast\s+month\b|上个?月"
_LAST_YEAR = r"\blast\s+year\b|去年"
_YEAR_BEFORE = r"前年"
_PAST_WORDS = (_YESTERDAY, _DAY_BEFORE, _LAST_WEEK, _LAST_MONTH, _LAST_YEAR, _YEAR_BEFORE)
#: A past time word (``_PAST_WORDS``, or "ago"): the text names a time before the one it was said at.
PAST_CUE = re.compile("|".join(f"(?:{p})" for p in _PAST_WORDS) + r"|\bago\b")
#: The relative words of step 5, in the order they are tried (``_relative`` pairs each with its window).
_RELATIVE_WORDS = (
    _YESTERDAY,
    _DAY_BEFORE,
    r"\btoday\b|今天",
    _LAST_WEEK,
    r"\bthis\s+week\b|这周|本周|这个?星期",
    _LAST_MONTH,
    r"\bthis\s+month\b|这个月|本月",
    _LAST_YEAR,
    _YEAR_BEFORE,
    r"\bthis\s+year\b|今年",
    r"\b(?:recently|lately|these\s+days|nowadays)\b|最近|近来|近期|这段时间|这几天",
)
#: Matches where any of ``_RELATIVE_WORDS`` or ``_EN_AGO`` would: without it a text has no relative cue.
_ANY_RELATIVE = re.compile("|".join(f"(?:{p})" for p in (*_RELATIVE_WORDS, _EN_AGO.pattern)))


def _relative(q: str, ref: datetime) -> TimeCue | None:
    """Relative words (step 5)."""
    if not _ANY_RELATIVE.search(q):  # none of the words below: no window to compute
        return None
    day = ref.replace(hour=0, minute=0, second=0, microsecond=0)
    month_start = day.replace(day=1)
    prev_month = (month_start - timedelta(days=1)).replace(day=1)
    windows = [
        (day - timedelta(days=1), day),
        (day - timedelta(days=2), day - timedelta(days=1)),
        (day, day + timedelta(days=1)),
        (day - timedelta(days=14), day),
        (day - timedelta(days=7), day + timedelta(days=1)),
        (prev_month, month_start),
        (month_start, day + timedelta(days=1)),
        (datetime(ref.year - 1, 1, 1, tzinfo=UTC), datetime(ref.year, 1, 1, tzinfo=UTC)),
        (datetime(ref.year - 2, 1, 1, tzinfo=UTC), datetime(ref.year - 1, 1, 1, tzinfo=UTC)),
        (datetime(ref.year, 1, 1, tzinfo=UTC), day + timedelta(days=1)),
        (day - timedelta(days=30), day + timedelta(days=1)),
    ]
    for pattern, (start, end) in zip(_RELATIVE_WORDS, windows, strict=True):
        if m := re.search(pattern, q):
            return _span(start, end, m[0])
    if m := _EN_AGO.search(q):
        count = int(m[1]) if m[1].isdigit() else _WORD_NUM[m[1]]
        unit = {"day": 1, "week": 7, "month": 30}[m[2]] * count
        centre = ref - timedelta(days=unit)
        half = timedelta(days=max(1.0, unit / 2))
        return _span(centre - half, centre + half, m[0])
    return None


# Something every cue above needs: a digit, a month name's start, a relative or anchor word, or
# one of the Chinese time characters. Most queries have none and skip the dozen searches below.
_MAYBE_CUE = re.compile(
    r"\d|[年月天周]|星期|礼拜|最近|近来|近期|这段时间|这几天|之前|以前|之后|以后"
    r"|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"  # month names are found inside words too
    r"|spring|summer|autumn|fall|winter|half|[春夏秋冬]"
    r"|\b(?:yesterday|today|last|this|recently|lately|these|nowadays|ago|before|after|since|prior)\b")


def parse_time_cue(query: str, ref: datetime) -> TimeCue | None:
    """Return the first time cue in ``query`` as a window (see the module docstring), else None.

    Args:
        query: the query text, any language.
        ref: aware "now" for relative cues.
    """
    q = query.lower()
    if not _MAYBE_CUE.search(q) or _no_cue(q):
        return None
    return _first_cue(q, ref)


#: Every pattern a cue of ``_first_cue`` is read from: each of its steps returns a cue only after one of these
#: matched (a finer test may still refuse it), so a text none of them matches has no cue at any ``ref``.
_CUE_PATTERNS = (_EN_HALF, _ZH_HALF, _EN_SEASON, _ZH_SEASON, _EN_DATE_MDY, _EN_DATE_DMY, _ISO_DATE, _ZH_DATE,
                 _EN_MONTH_YEAR, _EN_YEAR, _ZH_YEAR, _EN_MONTH_DAY, _EN_DAY_MONTH, _ZH_MONTH_DAY, _EN_MONTH,
                 _ZH_MONTH, _ANY_RELATIVE, _EN_ANCHOR, _ZH_ANCHOR)


@lru_cache(maxsize=4096)
def _no_cue(q: str) -> bool:
    """True when no cue pattern matches the lower-cased text ``q`` (``parse_time_cue`` is then None whatever the
    reference time). Kept per text: one recall asks about its question several times (past and period
    questions, the time filter, summaries), each at its own reference time, and the same question again
    after every write."""
    return not any(p.search(q) for p in _CUE_PATTERNS)


def _first_cue(q: str, ref: datetime) -> TimeCue | None:
    """``parse_time_cue`` on lower-cased text, without the quick test for a possible cue."""
    cue = _seasons(q, ref) or _explicit(q) or _months_alone(q, ref) or _relative(q, ref)
    if cue is not None:
        return cue
    if m := _EN_ANCHOR.search(q):
        return TimeCue(anchor=m[2], after=m[1] in ("after", "since"), text=m[0])
    if m := _ZH_ANCHOR.search(q):
        return TimeCue(anchor=m[1], after=m[2] in ("之后", "以后"), text=m[0])
    return None
