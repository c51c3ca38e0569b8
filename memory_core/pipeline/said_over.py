"""A value taken back inside the turn that said it is read in place of the first one (issue 13).

"I'm allergic to peanuts — no wait, I meant cashews", "I'm 28 btw, no wait 29", 在瑞金医院做护士，不对，是浙一医院 and
我之前在杭州读的大学，不对，我是说苏州 say a statement, a cue that takes its value back (``data/said_over.yaml``:
no wait, I meant, sorry I mean, 不对, 我是说, 说错了, 应该是 …) and the right value alone. Read as written, the
statement keeps the wrong value and the words after the cue become junk ("User is allergic to peanuts — no wait",
"用户是浙一医院"). ``said_over`` gives the rules the statement with the right value put where the wrong one was:
"I'm allergic to cashews", 在浙一医院做护士, and leaves out the cue, the value and a short clause after it that
names the wrong value again ("peanuts are fine", 芒果没事).

Where the wrong value sits in the statement:

- a number said again ("no wait 29", 应该是31岁) replaces the statement's last number;
- a Chinese value replaces the run of the statement of its own length that ends in the same characters
  (浙一医院 for 瑞金医院, 苏州 for 杭州, 对菠萝过敏 for 对芒果过敏), else the run of its length after the last
  place or name word (住在, 在, 叫, 去, 到), up to the clause's end or a verb of living, work or study, when the
  value is a place, a listed organisation or a name (after 叫, any value is a name);
- an English value replaces what follows the statement's last preposition or copula ("allergic to peanuts",
  "live in Leeds", "a nurse at St Mary's", "is green").

A cue at the start of a turn (a correction of an earlier turn), a right value that is a clause of its own ("I meant
I take the subway", 我是说真的…) or a statement with no such place is left as written for the correction rules.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.value_class import is_area, is_known_org, is_person
from memory_core.shipped_yaml import load_shipped
from memory_core.text.script import has_han

__all__ = ["said_over"]

_EN_VALUE = re.compile(r"[,:\s]*(?:(?:a|an|the)\s+)?(?P<value>[^,.;!?—–()]{1,40}?)\s*(?=[,.;!?—–()]|$)")
_ZH_VALUE = re.compile(r"[，,、\s]*(?:是|叫|在|住在)?(?P<value>[^，,。！!？?；;、\s]{1,10})(?=[，,。！!？?；;、\s]|$)")
_CLAUSE_START = re.compile(r"^(?:i|i'm|it|it's|we|he|she|they|my|that|this|you|to|just|still|not)\b", re.IGNORECASE)
_ZH_CLAUSE_START = re.compile(r"^(?:我|他|她|它|你|真的|还|只是|没|不是)")
_EN_SLOT = re.compile(r"^.*\b(?:to|in|at|as|for|from|with|is|am|are|'m|called|named)\s+(?:(?:a|an|the)\s+)?"
                      r"(?P<old>[^,.;!?—–]+?)\s*(?:\b(?:btw|lol|haha|tbh|now)\b)?[\s,.;!?—–-]*$", re.IGNORECASE)
_ZH_MARK = re.compile(r"(?:住在|在|叫|去了|去|到)")
# what may follow the wrong value after a place or name word: the clause's end or a verb of living, work or study
# (我住在杭州 / 在杭州工作 / 在杭州读的大学); "我在北京工作，应该是明年回来" has no value after 在 to replace
_ZH_RUN = re.compile(r"[\u4e00-\u9fffA-Za-z]{1,8}?(?=$|工作|上班|上学|读|念|住|生活|做|当|的)")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_SOFT_END = re.compile(r"^[,，.。;；!！\s—–-]+")
_TRAILING = re.compile(r"[\s,，.。;；!！—–-]+$")


@functools.cache
def _cues() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The English and Chinese cue patterns of ``data/said_over.yaml``, each one alternation."""
    data = load_shipped("data", "said_over.yaml")
    en = re.compile(r"(?<![\w'])(?:" + "|".join(data["en"]) + r")(?![\w'])", re.IGNORECASE)
    zh = re.compile("(?:" + "|".join(data["zh"]) + ")")
    return en, zh


def said_over(text: str) -> str:
    """``text`` with a value taken back in it read in place of the first one (module docstring).

    Args:
        text: a turn's text, in characters.

    Returns:
        The text with the statement before the cue saying the right value and without the cue, the value and a
        short clause after it naming the wrong value again; ``text`` itself when no such correction is found.
    """
    en, zh = _cues()
    for cue in (*en.finditer(text), *zh.finditer(text)):
        before = _TRAILING.sub("", text[:cue.start()])
        if not before.strip():
            continue
        zh_cue = has_han(cue.group())
        found = (_ZH_VALUE if zh_cue else _EN_VALUE).match(text, cue.end())
        if found is None:
            continue
        value = found.group("value").strip()
        if not value or (_ZH_CLAUSE_START if zh_cue else _CLAUSE_START).match(value):
            continue
        put = _put(before, value)
        if put is None:
            continue
        said, old = put
        rest = _SOFT_END.sub("", text[found.end():])
        rest = _without_old_again(rest, _core(old, value))
        joint = "，" if has_han(said[-1:]) else ". "
        return said + (joint + rest if rest else "")
    return text


def _put(before: str, value: str) -> tuple[str, str] | None:
    """``before`` with its wrong value replaced by ``value``, and the wrong value; None when no place is found."""
    number = _NUMBER.search(value)
    if number and len(value) - len(number.group()) <= 12:
        last = list(_NUMBER.finditer(before))
        if not last:
            return None
        at = last[-1]
        if at.group() == number.group():
            return None
        return before[:at.start()] + number.group() + before[at.end():], at.group()
    if has_han(value):
        return _put_zh(before, value)
    slot = _EN_SLOT.search(before)
    if slot is None or len(slot.group("old").split()) > 4 or slot.group("old").casefold() == value.casefold():
        return None
    return before[:slot.start("old")] + value + before[slot.end("old"):], slot.group("old")


def _put_zh(before: str, value: str) -> tuple[str, str] | None:
    """``_put`` for a Chinese value: the run ending in the same characters, else the run after a place word."""
    size = len(value)
    for shared in range(size - 1, 0, -1):
        tail = value[-shared:]
        at = before.rfind(tail)
        start = at + shared - size
        if at >= 0 and start >= 0 and has_han(before[start:at]) and before[start:at + shared] != value:
            return before[:start] + value + before[at + shared:], before[start:at + shared]
    marks = list(_ZH_MARK.finditer(before))
    if not marks or not (marks[-1].group() == "叫" or is_area(value, "zh") or is_known_org(value, "zh")
                         or is_person(value, "zh")):
        return None  # "不对，是明年回来": no place, organisation or name to put after 在
    start = marks[-1].end()
    run = _ZH_RUN.match(before, start)
    old = run.group() if run else ""
    if not old or old == value:
        return None
    return before[:start] + value + before[start + len(old):], old


def _core(old: str, value: str) -> str:
    """``old`` without the characters it shares with ``value`` at either end (对芒果过敏 / 对菠萝过敏: 芒果)."""
    head = 0
    while head < min(len(old), len(value)) - 1 and old[head] == value[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(value)) - head - 1 and old[-1 - tail] == value[-1 - tail]:
        tail += 1
    return old[head:len(old) - tail]


def _without_old_again(rest: str, old: str) -> str:
    """``rest`` without its first clause when that clause is short and names the wrong value ("peanuts are fine")."""
    clause = re.match(r"[^,，.。;；!！?？]*", rest)
    first = clause.group() if clause else ""
    if old.casefold() in first.casefold() and len(first) - len(old) <= 12:
        return _SOFT_END.sub("", rest[len(first):])
    return rest
