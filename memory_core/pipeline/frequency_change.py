"""A schedule changed: the new frequency of an activity replaces the schedule held (issue 13 §2).

"我现在每周二和周五下午去理疗" (February), then "医生说理疗可以改成一周一次" (May); "I do physio twice a week", then
"Physio's down to once a week now"; "我每周去三次健身房", then "现在改成每周一次了". The change names the activity and
its new frequency but no slot cue reads it, so it was kept in the user's own words beside the old schedule, both
active. ``frequency_changed`` finds the user's active statement of that activity's schedule (one naming the activity
and a frequency; with no activity said, the user's one routine) and states the new schedule under its key, ending
it: "用户的理疗改成一周一次了", "User's physio is now once a week". A change asked about, wished for or said of
another person changes nothing. The cues are data (``data/frequency_change.yaml``).
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from memory_core.model import Turn
from memory_core.pipeline.change_cues import Off, many, off_cues, one
from memory_core.pipeline.clauses import detect_lang
from memory_core.pipeline.held_change import Rows, change_said, held, stated_under
from memory_core.pipeline.own_words import items_subject, speaker_qualifier
from memory_core.pipeline.types import Candidate
from memory_core.shipped_yaml import load_shipped

__all__ = ["frequency_changed", "said_change"]

_ROUTINE = "fact:routine:"
#: A count said inside a routine's activity ("去三次健身房"): the old frequency, not the activity.
_COUNT = re.compile(r"[一二三四五六七八九十两\d]+次|\b(?:once|twice|\w+\s+times)\b", re.IGNORECASE)
_MARKS = re.compile(r"[。！!？?；;\n]|[，,](?=\s*(?:but|and|so|但|不过))|(?<=[a-z])\.(?:\s|$)")


class _Cues(NamedTuple):
    """``data/frequency_change.yaml`` compiled: per language the change patterns (groups ``x``, ``f``), the words
    before an activity that are no part of it, and what a schedule says; a question or wish, and another person."""

    change: dict[str, tuple[re.Pattern[str], ...]]
    lead: dict[str, re.Pattern[str]]
    schedule: dict[str, re.Pattern[str]]
    off: Off


@functools.lru_cache(maxsize=1)
def _cues() -> _Cues:
    """The cues, read and compiled once per process.

    Raises:
        OSError / yaml.YAMLError / KeyError: the shipped data file is missing or malformed (a packaging fault).
    """
    data = load_shipped("data", "frequency_change.yaml")
    return _Cues(change=many(data, "change"), lead=one(data, "lead", flags=0), schedule=one(data, "schedule"),
                 off=off_cues(data))


def said_change(text: str) -> list[tuple[str, str, str]]:
    """The schedule changes a user's turn says: ``(activity, frequency, lang)`` per sentence, the activity "" when
    left out ("现在改成每周一次了").

    >>> said_change("膝盖好多了，医生说理疗可以改成一周一次，周五去就行")
    [('理疗', '一周一次', 'zh')]
    """
    cues, out = _cues(), []
    for sentence in _MARKS.split(text):
        lang = detect_lang(sentence) if sentence.strip() else "en"
        for pattern in cues.change[lang]:
            m = pattern.search(sentence)
            if m is None:
                continue
            if cues.off.said(sentence[:m.end()]):
                break
            activity = (m.groupdict().get("x") or "").strip()
            activity = cues.lead[lang].sub("", activity)
            activity = activity if lang == "zh" else activity.casefold()
            out.append((activity, m.group("f").strip(), lang))
            break
    return out


def _names(description: str, activity: str, lang: str) -> bool:
    """True when a statement names the activity ("理疗" in "每周二和周五下午去理疗", "physio" in "does physio …")."""
    if not activity:
        return False
    if lang == "zh":
        return activity in description or (len(activity) > 2 and activity[-2:] in description)
    head = activity.split()[-1].casefold()
    return re.search(rf"\b{re.escape(head)}", description.casefold()) is not None


def frequency_changed(turn: Turn, cands: list[Candidate], rows: Rows) -> list[Candidate]:
    """Return ``cands`` with each schedule change the turn says (``said_change``) stated under the key of the
    schedule it changes, which it ends (module docstring); the turn's own-words readings of that sentence dropped.

    Args:
        turn: a stored turn; only a user's turn is read.
        cands: the turn's candidates.
        rows: ``prefixes -> [(id, key, description)]`` of the user's active statements (read only for a turn
            saying a change).

    Raises:
        StoreError: the store failed while reading.
    """
    if turn.role != "user":
        return cands
    changes = said_change(turn.text)
    if not changes:
        return cands
    statements = held(rows, ("fact:", "gist:"), speaker_qualifier(turn.speaker))
    out = list(cands)
    for activity, freq, lang in changes:
        schedules = [(key, text) for key, text in statements if _cues().schedule[lang].search(text)
                     and not key.startswith("fact:" + "lives_in")]
        named = [key for key, text in schedules if _names(text, activity, lang)]
        if not named and not activity:  # "现在改成每周一次了": the one routine the user has
            named = [key for key, _ in schedules if key.startswith(_ROUTINE)]
            named = named if len(named) == 1 else []
        if not named:
            continue
        key = named[-1]
        subject = items_subject(turn.speaker.strip(), lang)
        if activity:  # "用户的理疗改成一周一次了", "User's physio is now once a week"
            claim = f"的{activity}改成{freq}了" if lang == "zh" else f"'s {activity} is now {freq}"
        else:  # the routine's own activity, its old count left out: "用户现在每周一次去健身房"
            did = _COUNT.sub("", key.partition("@")[0][len(_ROUTINE):]).strip()
            claim = f"现在{freq}{did}" if lang == "zh" else f"'s routine: {did} {freq}"
        change = change_said(turn, key, lang, f"{subject}{claim}", claim.removeprefix("的").removeprefix("'s "),
                             f"a schedule changed: {activity or key} {freq}")
        out = stated_under(out, change, freq)
    return out
