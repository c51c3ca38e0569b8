"""A sport, team, club or class one quits is a pastime stopped, never an employer left (issue 13, trial 40 F4).

"quit 5-a-side, pulled my hamstring", "I quit the football team", "我离开了公司篮球队" were read by the employer
cues' "quit/left X" as the end of ``fact:works_at`` with X: a user at Barclays got "User no longer works at
5-a-side" beside the real job. ``is_pastime`` tells such a value: a member of a kind of pastime
(``data/categories.yaml`` entries marked ``switched: true``: sports, exercise, martial arts, instruments), a format
of play or group pastime of ``data/pastime_groups.yaml`` ("5-a-side", "parkrun", "广场舞"), either one alone or
followed by a word for the group one plays in ("team", "club", "class", "队", "俱乐部", "班"). An English value
holding a capitalised word after its first is a name ("Golf Digest", "Arsenal Football Club"), left to the
employer reading.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.pastime_switch import pastime_kinds
from memory_core.shipped_yaml import load_shipped
from memory_core.text.script import has_han

__all__ = ["is_pastime", "names_pastime_group"]

# what may stand before the pastime: an article, "my", and a word for whose team it is ("the company football team")
_EN_LEAD = re.compile(r"^(?:(?:the|a|an|my|our|this|that|work|company|office|local|weekly|sunday|saturday|"
                      r"evening|morning|after-work|uni|school|college|amateur|old|\d+)\s+)+", re.IGNORECASE)
# whose group it is, said before it in Chinese ("公司篮球队", "小区广场舞", "我们的羽毛球队")
_ZH_LEAD = re.compile(r"^(?:我们的?|公司的?|单位的?|学校的?|小区的?|社区的?|周末的?|那个|这个)+")


@functools.lru_cache(maxsize=1)
def _words() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(English pastimes, Chinese pastimes, English group words, Chinese group words), longest first."""
    data = load_shipped("data", "pastime_groups.yaml")
    members = [m for kind in pastime_kinds() for m in kind]
    en = [*(m.casefold() for m in members if not has_han(m)), *map(str.casefold, data["formats"]["en"])]
    zh = [*(m for m in members if has_han(m)), *data["formats"]["zh"]]
    by_length = functools.partial(sorted, key=len, reverse=True)
    return (tuple(by_length(set(en))), tuple(by_length(set(zh))),
            tuple(by_length(set(data["groups"]["en"]))), tuple(by_length(set(data["groups"]["zh"]))))


def is_pastime(value: str, lang: str) -> bool:
    """True when ``value``, the object of a quit or a leaving, names a pastime or the group one plays it in.

    Args:
        value: the value as the slot cue read it ("5-a-side", "the football team", "公司篮球队").
        lang: the clause's language, "en" or "zh".

    Returns:
        True for a pastime alone ("5-a-side", "yoga", "羽毛球") or followed by one group word ("the football
        team", "badminton club", "羽毛球队", "瑜伽班"); False for anything else, and for an English value holding
        a capitalised word after its first (a name).
    """
    en, zh, en_groups, zh_groups = _words()
    text = value.strip()
    if not text:
        return False
    if has_han(text) or lang == "zh":
        rest = _ZH_LEAD.sub("", text)
        for word in zh:
            if rest.startswith(word):
                tail = rest[len(word):]
                return not tail or tail in zh_groups
        return False
    if any(w[:1].isupper() for w in text.split()[1:]):
        return False  # "Golf Digest", "Arsenal Football Club": a name, maybe an employer
    rest = _EN_LEAD.sub("", text).casefold()
    for word in en:
        if rest == word or rest.startswith(word + " "):
            tail = rest[len(word):].strip()
            return not tail or tail in en_groups
    return False


@functools.lru_cache(maxsize=2)
def _group_pattern(lang: str) -> re.Pattern[str]:
    en, zh, en_groups, zh_groups = _words()
    alt = functools.partial("|".join)
    if lang == "zh":
        return re.compile(f"(?:{alt(map(re.escape, zh))})(?:{alt(map(re.escape, zh_groups))})")
    return re.compile(rf"\b(?:{alt(map(re.escape, en))})\s+(?:{alt(map(re.escape, en_groups))})\b", re.IGNORECASE)


def names_pastime_group(text: str, lang: str) -> bool:
    """True when ``text`` names a group one plays a pastime in: a pastime followed by a group word ("公司篮球队",
    "the football team", "my yoga class"), anywhere in it. A clause about such a group is not about an employer
    though it says 公司 or "work" ("离开了公司篮球队", "left the work football team")."""
    return bool(_group_pattern("zh" if lang == "zh" or has_han(text) else "en").search(text))
