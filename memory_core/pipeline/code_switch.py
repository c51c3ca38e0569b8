"""English words inside a Chinese clause: fillers read past, change verbs read as their Chinese cues (issue 13).

People who switch languages drop English adverbs into Chinese: "我 currently 在 Shopee 做 PM，base 新加坡",
"我 still 住在上海", "我 actually 不吃辣". The Chinese cues ("我在 X 做 Y", "住在") need their words next to each
other, so one such word left the clause unread (no employer, no home). ``without_fillers`` leaves out a word of
the shipped list (``data/code_switch.yaml``: adverbs of time, degree and stance, fillers; never a word that
names a value) where it stands between Chinese words, or opens the text before one. English text and words
said as values ("base 新加坡", "去 climbing") are left as written.

A change verb said in English inside a Chinese clause is the change the Chinese cue says: "上周 join 了
Shopee as PM" is "上周加入了 Shopee 做 PM" (a new employer), "已经 relocate 到深圳了" is "已经搬到深圳了" (a move),
"咖啡我 quit 了" is "咖啡我戒了" (a habit given up), "又 start 抽烟了" is "又开始抽烟了" (a habit taken up again);
a habit named in English between Chinese words is the Chinese habit ("又开始 smoke 了" is "又开始抽烟了", ``habits``).
``with_chinese_cues`` reads each verb of the shipped list (``data/code_switch.yaml``, ``verbs``) so where Chinese
stands before it (or it opens the text) and Chinese after it, or, for join alone, a Latin name then Chinese
("join Grab 了"), or for quit a thing the lexicon knows ("我 quit coffee 了" is "我戒 coffee 了"): "quit Shopee 了"
leaves a job and gives up no habit, "move on 了" moves nowhere; both stay as
written.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.shipped_yaml import load_shipped

__all__ = ["is_activity", "with_chinese_cues", "without_fillers"]

_HAN = "\u3400-\u4dbf\u4e00-\u9fff"
_ZH_MARK = "，。！？；：、"


@functools.lru_cache(maxsize=1)
def _filler() -> re.Pattern[str]:
    words = sorted((str(w) for w in load_shipped("data", "code_switch.yaml")["fillers"]), key=len, reverse=True)
    alternatives = "|".join(r"\s+".join(map(re.escape, w.split())) for w in words)
    # after a Chinese word or mark (or at the start), before a Chinese word: "我 currently 在", "Actually 我"
    return re.compile(rf"(?:(?<=[{_HAN}{_ZH_MARK}])|^)[ \t]*\b(?:{alternatives})\b[ \t]*(?=[{_HAN}])", re.IGNORECASE)


def without_fillers(text: str) -> str:
    """``text`` without the English fillers that stand inside a Chinese clause ("我 currently 在 Shopee" ->
    "我在 Shopee"); ``text`` itself when it holds none. Units: characters in, characters out.

    Raises:
        OSError, yaml.YAMLError: the shipped list is missing or does not parse (a packaging fault).
    """
    if not re.search(f"[{_HAN}]", text):
        return text
    return _filler().sub("", text)


@functools.lru_cache(maxsize=1)
def _verbs() -> tuple[re.Pattern[str], dict[str, str], re.Pattern[str], str]:
    raw = load_shipped("data", "code_switch.yaml")
    cue_of = {str(form).lower(): str(cue) for cue, forms in raw["verbs"].items() for form in forms}
    alternatives = "|".join(sorted(map(re.escape, cue_of), key=len, reverse=True))
    # Chinese (or the start) before; after: Chinese, or a Latin name then Chinese ("join Grab 了")
    verb = re.compile(rf"(?:(?<=[{_HAN}{_ZH_MARK}])|^)[ \t]*\b({alternatives})\b[ \t]*"
                      rf"(?=[{_HAN}]|([A-Za-z][\w&.-]*(?:[ \t]+[A-Za-z][\w&.-]*){{0,2}})[ \t]*[{_HAN}])",
                      re.IGNORECASE)
    # "Shopee as PM，": a role after a Latin name, before a Chinese mark, Chinese or the end
    role = re.compile(rf"(?<=[A-Za-z0-9])[ \t]+as[ \t]+(?=[A-Za-z][\w .&-]{{0,30}}?[ \t]*(?:[{_HAN}{_ZH_MARK}]|$))")
    return verb, cue_of, role, str(raw["role_as"])


@functools.lru_cache(maxsize=1)
def _times() -> tuple[re.Pattern[str], dict[str, str]]:
    raw = load_shipped("data", "code_switch.yaml")
    word_of = {" ".join(str(f).lower().split()): str(zh) for zh, forms in raw.get("times", {}).items() for f in forms}
    alternatives = "|".join(r"\s+".join(map(re.escape, w.split())) for w in sorted(word_of, key=len, reverse=True))
    # as a filler stands: Chinese, a Chinese mark or the start before; Chinese after ("today 入职字节")
    return re.compile(rf"(?:(?<=[{_HAN}{_ZH_MARK}])|^)[ \t]*\b({alternatives})\b[ \t]*(?=[{_HAN}])",
                      re.IGNORECASE), word_of


@functools.lru_cache(maxsize=1)
def _habits() -> tuple[re.Pattern[str], dict[str, str]]:
    raw = load_shipped("data", "code_switch.yaml")
    forms = (re.escape(str(f)) for verb_forms in raw["verbs"].values() for f in verb_forms)
    verbs = "|".join(sorted(forms, key=len, reverse=True))
    habit_of = {str(form).lower(): str(habit) for habit, forms in raw.get("habits", {}).items() for form in forms}
    words = sorted(habit_of, key=len, reverse=True)
    alternatives = "|".join(r"\s+".join(map(re.escape, w.split())) for w in words)
    # Chinese (or Chinese then an English change verb) right before, Chinese right after: "又开始 smoke 了",
    # "我戒 vaping 了", "又 start smoke 了"
    return re.compile(rf"(?<=[{_HAN}])([ \t]*\b(?:{verbs})[ \t]+)?[ \t]*\b({alternatives})\b[ \t]*(?=[{_HAN}])",
                      re.IGNORECASE), habit_of


def with_chinese_cues(text: str) -> str:
    """``text`` with each English change verb inside a Chinese clause read as its Chinese cue ("上周 join 了
    Shopee as PM" -> "上周加入了 Shopee 做 PM", "咖啡我 quit 了" -> "咖啡我戒了"; module docstring), and each English
    word of the day or week as its Chinese word ("today 入职字节" -> "今天入职字节"); ``text`` itself
    when it holds no Chinese or no such verb. Units: characters in, characters out.

    Raises:
        OSError, yaml.YAMLError: the shipped list is missing or does not parse (a packaging fault).
    """
    if not re.search(f"[{_HAN}]", text):
        return text
    verb, cue_of, role, role_cue = _verbs()
    joined = False

    def cue(m: re.Match[str]) -> str:
        nonlocal joined
        word, name = m.group(1).lower(), m.group(2)
        cue = cue_of[word]
        if name is not None and cue == "戒" and lexicon().exact(name, "en"):
            return cue + " "  # "我 quit coffee 了": a thing the lexicon knows (a drink, a food), given up
        if name is not None and cue != "加入":
            return m.group()  # "quit Shopee 了": a job left, no habit; "move on 了": no move
        joined = joined or cue == "加入"
        return cue + (" " if name is not None else "")

    habit, habit_of = _habits()  # first, so a verb before the habit has Chinese after it: "又 start smoke 了"
    out = habit.sub(lambda m: (m.group(1) or "") + habit_of[" ".join(m.group(2).lower().split())], text)
    out = verb.sub(cue, out)
    times, word_of = _times()  # "today 入职字节" reads "今天入职字节"
    out = times.sub(lambda m: word_of[" ".join(m.group(1).lower().split())], out)
    if joined:  # "加入了 Shopee as PM，" reads "加入了 Shopee 做 PM，"
        out = role.sub(f" {role_cue} ", out)
    return out


@functools.lru_cache(maxsize=1)
def _activities() -> frozenset[str]:
    raw = load_shipped("data", "code_switch.yaml")
    habits = (str(f) for forms in raw.get("habits", {}).values() for f in forms)
    return frozenset(" ".join(str(w).casefold().split()) for w in (*raw.get("activities", []), *habits))


def is_activity(value: str) -> bool:
    """True when ``value`` is an English activity of the shipped list (``data/code_switch.yaml``, ``activities``
    and ``habits``) that a Chinese clause says after 在 as what one is doing ("我每天都在vape", "最近在work out"):
    a doing, never a place or an employer. Case and inner spaces are ignored."""
    return " ".join(value.casefold().split()) in _activities()
