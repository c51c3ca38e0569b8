"""When a statement says its change happened: "We moved to Austin last week", "上个月搬到成都了", "三天前入职的".

A fact is valid from its source turn's time unless the turn dates it (trial 15, finding 9): "We moved to
Austin last week", said on 2025-06-28, holds from about 2025-06-21, and the home it replaced held until then.
The words are the recall side's time cues (``text.timecues``: yesterday, last week/month/year, "3 weeks
ago"; 昨天, 前天, 上周, 上个月, 去年, 前年), read against the turn's own time, plus Chinese counts of time ago
("三天前", "两周前", "一个月前", "半年前"). Only a cue of the past dates a statement: "today", "this week",
"recently" and every future word ("next month") leave it at the turn's time. A window's middle is the
estimate ("last week": seven days before), never later than the turn.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime, timedelta

from memory_core.model import MemoryItem
from memory_core.pipeline.types import Candidate
from memory_core.text.timecues import PAST_CUE, numeral, parse_time_cue

__all__ = ["dated", "ended_at", "kept_after", "said_at", "said_since"]

_ZH_AGO = re.compile(r"([0-9一二两三四五六七八九十]+|半)\s*(个?月|天|日|周|个?星期|个?礼拜|年)(?:以)?前")
_ZH_DAYS = {"天": 1, "日": 1, "周": 7, "星期": 7, "个星期": 7, "礼拜": 7, "个礼拜": 7, "月": 30, "个月": 30, "年": 365}


def said_since(clause: str, at: datetime) -> datetime | None:
    """The time a clause says its statement began, from a past time word in it; None when it names none.

    Args:
        clause: one clause, any language; at: the turn's own time (aware).

    Returns:
        The middle of the window the word names ("last week" at 2025-06-28: 2025-06-21), never after ``at``;
        None for no word, or one that is not of the past ("today", "最近", "next month").
    """
    folded = clause.casefold()
    ago = _ZH_AGO.search(clause)
    if ago is not None and (count := 0.5 if ago.group(1) == "半" else numeral(ago.group(1))) > 0:
        return at - timedelta(days=count * _ZH_DAYS[ago.group(2)])
    if PAST_CUE.search(folded) is None:
        return None
    cue = parse_time_cue(folded, at)
    if cue is None or cue.since is None or cue.until is None or not PAST_CUE.search(cue.text):
        return None  # the first cue of the clause is another one ("today", a date): left to the turn's time
    middle = datetime.fromtimestamp((cue.since + cue.until) / 2, tz=at.tzinfo)
    return min(middle, at)


def dated(cands: Iterable[Candidate], clause: str, at: datetime) -> None:
    """Set the ``valid_from`` of ``cands`` (one clause's slot candidates) to the time the clause names, if any
    (``said_since``); candidates keep the turn's time otherwise, and so does a candidate the time word is not
    said of (``_said_of_another``: "my mum lives in Wuxi, dad retired last year")."""
    since = said_since(clause, at)
    if since is None:
        return
    for cand in cands:
        if cand.valid_from is not None and cand.valid_from >= since and not _said_of_another(cand, clause, at):
            cand.valid_from = since


# the pieces of a clause a time word may belong to alone: "my mum lives in Wuxi, dad retired last year"
_PIECES = re.compile(r"[,，;；]|\s+(?:and|but|while|whereas)\s+|而且|但是|不过")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*|[\u3400-\u9fff]")
# words of time itself, which a piece holding nothing else says of its whole clause ("…, last month")
_TIME_WORDS = frozenset(("week", "weeks", "month", "months", "year", "years", "day", "days", "ago", "last", "past",
                         "yesterday", "just", "only", "since", "back", "then", "that", "was", "it", "which",
                         *"天周月年前去上个昨星期礼拜了的半"))


def _said_of_another(cand: Candidate, clause: str, at: datetime) -> bool:
    """True when the clause's time word stands in a piece of its own (``_PIECES``) that says something besides
    the time and shares no word with ``cand``'s text: "dad retired last year" dates no "User's mum lives in
    Wuxi"; "…, last month" alone, or "moved to Austin last week, finally", still date the statement."""
    pieces = [p for p in _PIECES.split(clause) if p and p.strip()]
    if len(pieces) < 2:
        return False
    cued = [p for p in pieces if PAST_CUE.search(p.casefold()) or _ZH_AGO.search(p)]
    if len(cued) != 1:
        return False
    own = {w.casefold() for w in _WORD.findall(PAST_CUE.sub(" ", cued[0].casefold()))} - _TIME_WORDS
    if not own:
        return False
    said = {w.casefold() for w in _WORD.findall(cand.description)}
    return not own & said


def ended_at(turn_time: datetime, successor_from: datetime | None, old_from: datetime | None) -> datetime:
    """When an item superseded by a turn stopped holding: the successor's own ``valid_from`` when the turn dates
    it earlier ("moved here last week"), but never before the old item began; else the turn's time."""
    if successor_from is None or successor_from >= turn_time:
        return turn_time
    if old_from is not None and successor_from <= old_from:
        return turn_time
    return successor_from


def said_at(item: MemoryItem) -> datetime:
    """When an item's statement was made: its ``valid_from`` (the source turn's time, or the time the turn
    named: ``dated``), else its creation."""
    return item.valid_from or item.created_at


def kept_after(since: datetime | None, turn_time: datetime, olds: Iterable[MemoryItem]) -> datetime | None:
    """A statement's ``valid_from`` against the values it replaces: the time its turn named (``dated``), unless an
    item it replaces began at or after it (a timeline the turns contradict); then the turn's own time."""
    if since is None or since >= turn_time:
        return since
    return turn_time if any(o.valid_from is not None and o.valid_from >= since for o in olds) else since
